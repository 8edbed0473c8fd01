"""Mirrors `sheetrunner/validate/edits.py`: a warning for each compromise a hand edit made (§2): a rematch, team
mates at one table, a player away from their fixed table, each said at the player's cell. A table exactly as
sheetrunner paired it (its seating digest is in the Log) is left alone: its compromise was unavoidable."""

from __future__ import annotations

from sheetrunner.workbook.logsheet import LogHistory, seating_digest
from sheetrunner.model.event import Player, Round, Seat, Settings, Table
from sheetrunner.validate.edits import hand_made_compromises

REMATCH_HINT = "If that is not meant, swap one of them with a player at another table."
PLAYERS = [Player(1, "Ann", team="Red"), Player(2, "Bob", team="RED"), Player(3, "Cy", fixed_table=2),
           Player(4, "Dee"), Player(5, "Eve"), Player(6, "Fay")]
CELLS = {number: (lambda row: f"D{row}") for number in (1, 2, 3)}


def table(label, *seated: tuple[int, int]) -> Table:
    """A table of (player ID, sheet row) with a result typed."""
    return Table(label, tuple(Seat(pid, seat, {"gw": 1}, row=row) for seat, (pid, row) in enumerate(seated, 1)))


def settings(keep_teams_apart: str = "always") -> Settings:
    return Settings("swiss", 3, 1, options={"keep_teams_apart": keep_teams_apart})


def warnings(rounds, log: LogHistory | None = None, cells=CELLS, keep="always") -> list[tuple[str, str, str, str]]:
    found = hand_made_compromises(rounds, PLAYERS, settings(keep), log or LogHistory(), cells)
    return [(p.where, p.message, p.hint, p.severity) for p in found]


ROUND_1 = Round(1, (table(1, (4, 2), (5, 3)), table(2, (3, 4), (6, 5))), "Round 1")


def test_tables_with_nothing_to_look_at_give_no_warning():
    assert warnings([ROUND_1, Round(2, (table(1, (4, 2), (6, 3)), table(2, (3, 4), (5, 5))), "Round 2")]) == []


def test_a_rematch_made_by_hand_is_a_warning_at_the_first_players_cell_naming_the_earlier_round():
    rematch = Round(2, (table(1, (6, 2), (5, 3)), table(2, (3, 4), (4, 5))), "Round 2")
    third = Round(3, (table(1, (5, 7), (4, 8)), table(2, (3, 2), (6, 3))), "Round 3")
    assert warnings([ROUND_1, rematch, third]) == [
        ("Round 3!D7", "Eve (D7) and Dee (D8) already met in round 1: a rematch made by hand.", REMATCH_HINT,
         "warning"),
        ("Round 3!D2", "Cy (D2) and Fay (D3) already met in round 1: a rematch made by hand.", REMATCH_HINT,
         "warning")]


def test_a_rematch_names_the_last_round_the_pair_met():
    rounds = [ROUND_1, Round(2, (table(1, (4, 2), (5, 3)), table(2, (3, 4), (6, 5))), "Round 2"),
              Round(3, (table(1, (4, 2), (5, 3)), table(2, (3, 4), (1, 5))), "Round 3")]
    assert [message for _, message, _, _ in warnings(rounds)] == [
        "Dee (D2) and Eve (D3) already met in round 1: a rematch made by hand.",
        "Cy (D4) and Fay (D5) already met in round 1: a rematch made by hand.",
        "Dee (D2) and Eve (D3) already met in round 2: a rematch made by hand."]


def test_team_mates_at_one_table_are_a_warning_whatever_the_case_of_their_team():
    round_ = Round(1, (table(1, (1, 2), (2, 3)), table(2, (4, 4), (5, 5))), "Round 1")
    assert warnings([round_]) == [("Round 1!D2", "Ann (D2) and Bob (D3) are both Red: team mates paired by hand.",
                                   REMATCH_HINT, "warning")]


def test_team_mates_follow_keep_teams_apart():
    first = Round(1, (table(1, (1, 2), (2, 3)),), "Round 1")
    second = Round(2, (table(1, (1, 2), (4, 3)), table(2, (2, 4), (5, 5))), "Round 2")
    later = Round(3, (table(1, (2, 2), (1, 3)),), "Round 3")
    assert warnings([first], keep="never") == []
    assert [where for where, *_ in warnings([first], keep="round 1 only")] == ["Round 1!D2"]
    # round 3: not team mates any more (round 1 only), but a rematch of round 1
    assert [message for _, message, _, _ in warnings([first, second, later], keep="round 1 only")] == [
        "Ann (D2) and Bob (D3) are both Red: team mates paired by hand.",
        "Bob (D2) and Ann (D3) already met in round 1: a rematch made by hand."]


def test_a_player_away_from_their_fixed_table_is_a_warning():
    round_ = Round(1, (table(1, (3, 2), (4, 3)), table("2", (5, 4), (6, 5))), "Round 1")
    assert warnings([round_]) == [("Round 1!D2", "Cy (D2) has Fixed table 2 but sits at 1.",
                                   "Move them to table 2, or clear their Fixed table.", "warning")]
    at_it = Round(1, (table(1, (4, 2), (5, 3)), table("2", (3, 4), (6, 5))), "Round 1")
    assert warnings([at_it]) == []  # a text label "2" is table 2


def test_a_table_as_sheetrunner_paired_it_is_left_alone():
    rematch = Round(2, (table(1, (4, 2), (5, 3)), table(2, (3, 4), (6, 5))), "Round 2")
    log = LogHistory(paired={2: {seating_digest(1, (5, 4))}})  # table 1 of round 2, as paired (any seat order)
    assert [where for where, *_ in warnings([ROUND_1, rematch], log)] == ["Round 2!D4"]  # Cy and Fay, by hand
    moved = LogHistory(paired={2: {seating_digest(2, (4, 5))}})  # the same players recorded at another table
    assert [where for where, *_ in warnings([ROUND_1, rematch], moved)] == ["Round 2!D2", "Round 2!D4"]


def test_byes_are_not_tables_and_without_cells_the_players_are_named_alone():
    rounds = [Round(1, (table(1, (4, 2), (5, 3)), Table("BYE", (Seat(3, 0, row=4),))), "Round 1"),
              Round(2, (table(1, (4, 2), (5, 3)), Table("BYE", (Seat(3, 0, row=4),))), "Round 2")]
    assert warnings(rounds, cells={}) == [("Round 2", "Dee and Eve already met in round 1: a rematch made by hand.",
                                           REMATCH_HINT, "warning")]
