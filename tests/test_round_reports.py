"""Mirrors `sheetrunner/reports/round_reports.py`: where a round's reports go and the stamp that tells a set printed
before a hand edit.

Reports go in `--out`, or beside the workbook in NAME-reports/round-N (a stage of the cut by its sheet's name:
top-8, final). The stamp is what the printed pairings are made from: who sits at which table and their names;
results typed afterwards do not change it. A stale warning is given only for the round being played.
"""

from __future__ import annotations

import json
import re
from pathlib import Path


from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.reports.stamp import STAMP
from sheetrunner.reports.round_reports import find_round, report_stamp, reports_folder, stale_report_warnings

WORKBOOK = Path("/events/spring open.xlsx")


def table(number, *seats) -> Table:
    """Seats as (player id, result)."""
    return Table(number, tuple(Seat(pid, i, {"result": result}) for i, (pid, result) in enumerate(seats, start=1)))


def round_one(results=("", "")) -> Round:
    first, second = [r or None for r in results]
    return Round(1, (table(1, (1, first), (2, second)), table(2, (3, None), (4, None)), Table(BYE, (Seat(5),))),
                 sheet="Round 1")


def event(*rounds: Round, names=("Ann", "Ben", "Cat", "Dan", "Eve"), playoff=()) -> Event:
    players = tuple(Player(pid, name) for pid, name in enumerate(names, start=1))
    return Event(Settings("swiss", 3, 1), players, rounds, playoff)


def test_reports_go_beside_the_workbook_by_round():
    played = event(round_one(), Round(2, (), sheet="Round 2"))
    assert reports_folder(WORKBOOK, played, played.rounds[1]) == Path("/events/spring open-reports/round-2")


def test_a_stage_of_the_cut_is_named_after_its_sheet():
    top = Round(4, (), sheet="Top 8")
    final = Round(5, (), sheet="Grand  Final")
    played = event(round_one(), playoff=(top, final))
    assert reports_folder(WORKBOOK, played, top) == Path("/events/spring open-reports/top-8")
    assert reports_folder(WORKBOOK, played, final) == Path("/events/spring open-reports/grand-final")


def test_out_wins(tmp_path):
    played = event(round_one())
    assert reports_folder(WORKBOOK, played, played.rounds[0], tmp_path / "print") == tmp_path / "print"
    assert reports_folder(WORKBOOK, played, played.rounds[0], "x") == Path("x")


def test_find_round_looks_in_the_rounds_then_the_cut():
    top = Round(4, (), sheet="Top 8")
    played = event(round_one(), playoff=(top,))
    assert find_round(played, 1) is played.rounds[0]
    assert find_round(played, 4) is top
    assert find_round(played, 2) is None


def test_the_stamp_is_its_version_and_twelve_hex_digits():
    assert re.fullmatch(r"s2-[0-9a-f]{12}", report_stamp(event(round_one()), 1))


def test_a_stamp_made_by_an_older_sheetrunner_is_no_warning(tmp_path):
    """Twelve hex digits alone, as sheetrunner wrote before the seats were in the stamp: it cannot tell."""
    stamp_folder(tmp_path, 1, "000000000000")
    assert stale_report_warnings(event(round_one()), tmp_path / "e.xlsx") == []


def test_results_typed_afterwards_do_not_change_the_stamp():
    assert report_stamp(event(round_one(("W", "L"))), 1) == report_stamp(event(round_one()), 1)


def test_the_order_of_tables_and_seats_in_the_sheet_does_not_change_the_stamp():
    tables = round_one().tables
    moved = Round(1, (tables[2], Table(2, tables[1].seats[::-1]), tables[0]), sheet="Round 1")
    assert report_stamp(event(moved), 1) == report_stamp(event(round_one()), 1)


def test_a_player_moved_to_another_table_changes_the_stamp():
    swapped = Round(1, (table(1, (1, None), (3, None)), table(2, (2, None), (4, None)), Table(BYE, (Seat(5),))),
                    sheet="Round 1")
    assert report_stamp(event(swapped), 1) != report_stamp(event(round_one()), 1)


def test_a_table_renumbered_changes_the_stamp():
    tables = round_one().tables
    renumbered = Round(1, (tables[0], Table(7, tables[1].seats), tables[2]), sheet="Round 1")
    assert report_stamp(event(renumbered), 1) != report_stamp(event(round_one()), 1)


def test_a_name_corrected_changes_the_stamp():
    assert report_stamp(event(round_one(), names=("Ann", "Benn", "Cat", "Dan", "Eve")), 1) != \
        report_stamp(event(round_one()), 1)


def test_a_bye_given_to_another_player_changes_the_stamp():
    other = Round(1, (table(1, (1, None), (2, None)), table(2, (3, None), (5, None)), Table(BYE, (Seat(4),))),
                  sheet="Round 1")
    assert report_stamp(event(other), 1) != report_stamp(event(round_one()), 1)


def stamp_folder(tmp_path: Path, number: int, made_from: str) -> Path:
    folder = tmp_path / "e-reports" / f"round-{number}"
    folder.mkdir(parents=True)
    (folder / STAMP).write_text(json.dumps({"made_from": made_from}), encoding="utf-8")
    return folder


def test_reports_printed_before_the_round_changed_are_one_warning(tmp_path):
    played = event(round_one())
    stamp_folder(tmp_path, 1, "s2-000000000000")
    [found] = stale_report_warnings(played, tmp_path / "e.xlsx")
    assert str(found) == ("Round 1: warning: The printed reports in e-reports/round-1 were made before Round 1 "
                          "changed. Print them again: sheetrunner report --round 1 e.xlsx")


def test_reports_made_from_the_round_as_it_is_are_no_warning(tmp_path):
    played = event(round_one(("W", "L")))
    stamp_folder(tmp_path, 1, report_stamp(event(round_one()), 1))
    assert stale_report_warnings(played, tmp_path / "e.xlsx") == []


def test_only_the_round_being_played_is_checked(tmp_path):
    played = event(round_one(), Round(2, (table(1, (1, None), (3, None)),), sheet="Round 2"))
    stamp_folder(tmp_path, 1, "s2-000000000000")  # round 1's printouts are long gone
    assert stale_report_warnings(played, tmp_path / "e.xlsx") == []


def test_no_reports_no_rounds_or_an_unreadable_stamp_are_no_warning(tmp_path):
    assert stale_report_warnings(event(round_one()), tmp_path / "e.xlsx") == []
    assert stale_report_warnings(event(), tmp_path / "e.xlsx") == []
    folder = stamp_folder(tmp_path, 1, "x")
    (folder / STAMP).write_text("not json", encoding="utf-8")
    assert stale_report_warnings(event(round_one()), tmp_path / "e.xlsx") == []


def test_powers_swapped_by_hand_on_one_board_change_the_stamp():
    powers = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
    names = tuple(f"P{pid}" for pid in range(1, 8))

    def board(order) -> Event:
        seats = tuple(Seat(pid, power) for pid, power in zip(range(1, 8), order))
        return event(Round(1, (Table(1, seats),), sheet="Round 1"), names=names)

    swapped = ("England", "Austria", *powers[2:])
    assert report_stamp(board(swapped), 1) != report_stamp(board(powers), 1)


def test_the_history_reuses_the_scores_of_the_standings_only_when_they_count_the_same_rounds(tmp_path):
    from builder import make_event

    from sheetrunner import api
    from sheetrunner.reports.round_reports import _scores
    from sheetrunner.rules.tournament import compute_scores, standings_after

    rounds = [[(1, "Ann", 5, 1), (1, "Ben", 2, 1), (2, "Cat", 3, 1), (2, "Dan", 3, 1)],
              [(1, "Ann", 4, 1), (1, "Cat", 4, 0), (2, "Ben", 1, 1), (2, "Dan", 6, 1)]]
    loaded = api.load_event(make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dan"], rounds))
    both = compute_scores(loaded.event, loaded.ruleset)
    assert sorted({score.round for score in both}) == [1, 2]
    assert _scores(loaded.event, loaded.ruleset, standings_after(loaded.event, loaded.ruleset)) == both
    after_one = standings_after(loaded.event, loaded.ruleset, 1)
    assert {score.round for score in after_one.scores} == {1}
    assert _scores(loaded.event, loaded.ruleset, after_one) == both  # round 2 counts too: computed again
