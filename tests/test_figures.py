"""figures.py: what one simulated run shows. Records are kept as one integer per player (issue 34); they must read
as the wins, losses and draws counted game by game."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from sheetrunner.model.event import Seat, Table
from sheetrunner.rulesets import known_ruleset
from sheetrunner.simulation.figures import Records, RunFigures, measure_round, record_text, winner
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


@pytest.mark.parametrize("name, players, pairs_a_table", [("swiss", 8, 1), ("allegiance", 9, 3)])
def test_a_round_played_again_counts_every_pair_at_every_table_as_a_repeat(name, players, pairs_a_table):
    """The figures of a round measured on the history it was paired on: round 1's tables played again as round 2
    are nothing but repeats, one for each pair of players at a table (two-player games written out, the others
    pair by pair), counted once whichever of the two has the lower ID."""
    setup = Setup(name, players, 2, seed=3)
    rounds = _play(setup, 0)
    _, first, _, history, running = next(rounds)
    next(rounds)  # round 1 is now in the history and the standings
    again = replace(first, number=2, tables=tuple(replace(table, seats=table.seats[::-1]) for table in first.tables))
    figures = RunFigures()
    measure_round(figures, known_ruleset(name), again, running.standings(), history)
    assert figures.rematches == [len(first.games) * pairs_a_table]
    assert figures.byes == [len(first.byes)]


def test_diplomacy_counts_each_player_given_a_power_they_had_before():
    """Round 1's boards again: on the first the powers are passed on one seat (everyone a new power), on the second
    everyone keeps theirs; every pair on both boards meets again (21 pairs a board of seven)."""
    setup = Setup("ndc-diplomacy", 14, 2, seed=3)
    rounds = _play(setup, 0)
    _, first, _, history, running = next(rounds)
    next(rounds)
    board, other = first.games
    powers = [seat.seat for seat in board.seats]
    passed = replace(board, seats=tuple(replace(seat, seat=power) for seat, power in zip(board.seats,
                                                                                          powers[1:] + powers[:1])))
    again = replace(first, number=2, tables=(passed, other, *first.tables[2:]))
    figures = RunFigures()
    measure_round(figures, known_ruleset("ndc-diplomacy"), again, running.standings(), history)
    assert figures.repeat_powers == [7] and figures.rematches == [2 * 21] and figures.sizes == [Counter({7: 2})]
