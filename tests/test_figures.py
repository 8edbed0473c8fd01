"""figures.py: what one simulated run shows. Records are kept as one integer per player (issue 34); they must read
as the wins, losses and draws counted game by game."""

from __future__ import annotations

from collections import Counter

from sheetrunner.simulation.figures import Records, record_text, winners
from sheetrunner.simulation.simulate import Setup, _play


def test_records_kept_as_integers_read_as_the_games_counted_one_by_one():
    for name in ("swiss", "swiss-tp", "chits-and-cards", "pod-round-robin"):
        setup = Setup(name, 11, 5, seed=4, draw_rate=0.3)
        records, counted = Records(range(1, 12), setup.rounds), {pid: [0, 0, 0] for pid in range(1, 12)}
        for _, played, *_ in _play(setup, 2):
            records.count(played)
            for pid in played.byes:
                counted[pid][0] += 1
            for table in played.games:
                won = winners(table)
                for pid in table.player_ids:
                    counted[pid][0 if pid in won else 1 if won else 2] += 1
            texts = {pid: record_text(*counts) for pid, counts in counted.items()}
            assert records.of_players() == texts, name
            assert records.counted() == (Counter(texts.values()),
                                         sum(1 for counts in counted.values() if counts[1] == 0)), name
