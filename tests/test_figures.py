"""figures.py: what one simulated run shows. Records are kept as one integer per player (issue 34); they must read
as the wins, losses and draws counted game by game."""

from __future__ import annotations

from collections import Counter

import pytest

from sheetrunner.model.event import Seat, Table
from sheetrunner.simulation.figures import Records, record_text, winner
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
                won = winner(table)
                for pid in table.player_ids:
                    counted[pid][2 if won is None else 0 if pid == won else 1] += 1
            texts = {pid: record_text(*counts) for pid, counts in counted.items()}
            assert records.of_players() == texts, name
            assert records.counted() == (Counter(texts.values()),
                                         sum(1 for counts in counted.values() if counts[1] == 0)), name


@pytest.mark.parametrize("first, second, won", [
    ({"result": "W"}, {"result": "L"}, 1), ({"result": "L"}, {"result": "W"}, 2),
    ({"result": "D"}, {"result": "D"}, None),
    ({"op": 5, "sp": 1}, {"op": 3, "sp": 4}, 1), ({"op": 2, "sp": 4}, {"op": 6, "sp": 0}, 2),
    ({"op": 4, "sp": 0}, {"op": 4, "sp": 2}, None),
    ({"games_won": 2, "games_drawn": None}, {"games_won": 1, "games_drawn": None}, 1),
    ({"games_won": 0, "games_drawn": None}, {"games_won": 2, "games_drawn": None}, 2),
    ({"games_won": 1, "games_drawn": 1}, {"games_won": 1, "games_drawn": 1}, None),
])
def test_a_games_winner_is_read_from_the_result_its_ruleset_types(first, second, won):
    """W/L/D (chits and cards, pods), objective points (swiss-tp: more wins, equal is a draw), games won (Swiss)."""
    assert winner(Table(4, (Seat(1, 1, first), Seat(2, 2, second)))) == won
