"""logsheet.py: the `Log`, sheetrunner's memory of what it wrote (§2): digests of each round's results and
tables, who was active in a round it paired, and the warning when an earlier round changed afterwards."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.workbook.grid import sheet_rows
from sheetrunner.workbook.logsheet import (HEADERS, LogHistory, changed_rounds, id_ranges, log_values, parse_id_ranges,
                                  read_log, round_digest, same_results, seating_digest, table_digests)
from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table

HINT = "Check these rows; standings now use the new results, but the later rounds were paired with the old ones."


def game(number, first: tuple[int, int, int], second: tuple[int, int, int]) -> Table:
    """A two-player table: (player, OP, SP) for each seat."""
    return Table(number, (Seat(first[0], 1, {"op": first[1], "sp": first[2]}),
                          Seat(second[0], 2, {"op": second[1], "sp": second[2]})))


def bye(pid: int) -> Table:
    return Table(BYE, (Seat(pid, 0, {"op": None, "sp": None}),))


ROUND_1 = Round(1, (game(1, (1, 3, 1), (2, 1, 0)), bye(3)), "Round 1")
PLAYERS = tuple(Player(pid, name) for pid, name in ((1, "Ann"), (2, "Ben"), (3, "Cat")))
SETTINGS = Settings("swiss-tp", 3, 42)


# --- id ranges -------------------------------------------------------------------------------------------------


def test_ids_are_written_as_compact_ranges():
    assert id_ranges([3, 1, 2, 5, 7, 8, 9, 12]) == "1-3,5,7-9,12"
    assert id_ranges([2, 2, 1]) == "1-2"
    assert id_ranges([4]) == "4"
    assert id_ranges([]) == ""


def test_ranges_are_read_back_leniently():
    assert parse_id_ranges("1-3,5,7-9") == {1, 2, 3, 5, 7, 8, 9}
    assert parse_id_ranges(" 1 - 3 , 5 ") == {1, 2, 3, 5}
    assert parse_id_ranges("1,,2,") == {1, 2}
    assert parse_id_ranges("") == set()


def test_a_cell_that_is_not_a_list_of_ranges_reads_as_none():
    for text in ("3-1", "a", "0", "1-x", "1-3-5", "1-200000", "2.5"):
        assert parse_id_ranges(text) is None, text


@settings(deadline=None)
@given(st.sets(st.integers(min_value=1, max_value=10**6), max_size=60))
def test_ranges_round_trip(ids):
    text = id_ranges(list(ids))
    assert re.fullmatch(r"(\d+(-\d+)?(,\d+(-\d+)?)*)?", text)
    assert parse_id_ranges(text) == ids


@settings(deadline=None)
@given(st.sets(st.integers(min_value=1, max_value=200), min_size=1))
def test_ranges_are_as_few_as_the_runs_of_consecutive_ids(ids):
    runs = sum(1 for pid in ids if pid - 1 not in ids)
    assert len(id_ranges(list(ids)).split(",")) == runs


# --- digests ---------------------------------------------------------------------------------------------------


def test_round_digest_is_pinned_so_older_logs_still_match():
    # The Log of every earlier workbook holds these: changing how they are made would warn on every event.
    assert round_digest(ROUND_1) == "#413f60d8"
    assert table_digests(ROUND_1) == {"1": "faf3", "BYE/3": "ea50"}
    assert seating_digest(1, (2, 1)) == "7693c7"


def test_same_results_understands_both_kinds_of_digest():
    assert same_results(ROUND_1, "#413f60d8")
    assert same_results(ROUND_1, "daa7f32f")  # sheetrunner 0.1: a digest of the tables' digests
    assert not same_results(ROUND_1, "#00000000")
    assert not same_results(ROUND_1, "00000000")


def test_a_changed_result_changes_the_round_and_its_table_digest_only():
    changed = Round(1, (game(1, (1, 3, 1), (2, 2, 0)), bye(3)), "Round 1")
    assert round_digest(changed) != round_digest(ROUND_1)
    assert not same_results(changed, round_digest(ROUND_1))
    assert table_digests(changed)["BYE/3"] == table_digests(ROUND_1)["BYE/3"]
    assert table_digests(changed)["1"] != table_digests(ROUND_1)["1"]


def test_the_round_digest_does_not_depend_on_the_order_of_tables():
    first = Round(1, (game(1, (1, 3, 1), (2, 1, 0)), game(2, (3, 0, 0), (4, 2, 1))))
    second = Round(1, (game(2, (3, 0, 0), (4, 2, 1)), game(1, (1, 3, 1), (2, 1, 0))))
    assert round_digest(first) == round_digest(second)


def test_seating_digest_is_who_sits_at_a_table_whatever_the_seat_order():
    assert seating_digest(1, (1, 2)) == seating_digest(1, (2, 1))
    assert seating_digest(1, (1, 2)) != seating_digest(2, (1, 2))
    assert seating_digest(1, (1, 2)) != seating_digest(1, (1, 3))
    assert re.fullmatch(r"[0-9a-f]{6}", seating_digest(7, (3, 9)))


# --- writing and reading the Log -------------------------------------------------------------------------------


def test_a_log_row_records_the_run():
    event = Event(SETTINGS, PLAYERS, (ROUND_1,))
    row = log_values(event, "pair", "1.0", "Round 1", 3, "2026-03-02 10:00", ROUND_1)
    assert row == ["2026-03-02 10:00", "pair", "1.0", 42, "Round 1", 3, "R1=#413f60d8", "R1:1=faf3,BYE/3=ea50",
                   "7693c7,n", "1-3"]  # `n`: the round's notes are recorded (it has none), issue 28
    assert len(HEADERS) == len(row) + 1  # the last header is the sheet's explanation


def test_a_run_that_paired_nothing_records_no_pairing():
    row = log_values(Event(SETTINGS, PLAYERS, (ROUND_1,)), "standings", "1.0", "Standings after R1", 3, "t")
    assert row[-2:] == ["", ""]


def test_substitutes_count_as_active_in_the_round_written():
    row = log_values(Event(SETTINGS, PLAYERS, (ROUND_1,)), "pair", "1.0", "Round 1", 5, "t", ROUND_1, (5,))
    assert row[-1] == "1-3,5"


def test_table_digests_too_many_for_one_cell_are_left_out():
    crowded = Round(1, tuple(bye(pid) for pid in range(1, 3202)), "Round 1")  # 3201 tables: over 32000 characters
    row = log_values(Event(SETTINGS, PLAYERS, (crowded,)), "pair", "1.0", "Round 1", 3201, "t", crowded)
    assert row[6].startswith("R1=#") and row[7] == ""
    assert row[9] == "1-3201"


def log_sheet(*rows):
    return sheet_rows("Log", [HEADERS, *rows])


def test_what_is_written_is_read_back():
    event = Event(SETTINGS, PLAYERS, (ROUND_1,))
    log = read_log(log_sheet(log_values(event, "pair", "1.0", "Round 1", 3, "t", ROUND_1)))
    assert log.last_id == 3
    assert log.results == {1: "#413f60d8"}
    assert log.tables == {1: {"1": "faf3", "BYE/3": "ea50"}}
    assert log.active == {1: {1, 2, 3}}
    assert log.paired == {1: {"7693c7", "n"}}
    assert log.recorded == {1}


def test_digests_come_from_the_newest_row_and_the_last_id_is_the_largest():
    older = ["t", "pair", "1.0", 42, "Round 1", 9, "R1=#aaaaaaaa", "", "abc123", "1-9"]
    newer = ["t", "standings", "1.0", 42, "Standings after R1", 4, "R1=#bbbbbbbb R2=#cccccccc", "", "", ""]
    log = read_log(log_sheet(older, newer))
    assert log.last_id == 9
    assert log.results == {1: "#bbbbbbbb", 2: "#cccccccc"}
    assert log.active == {1: set(range(1, 10))}
    assert log.recorded == {1, 2}


def test_the_log_is_read_leniently():
    headers = [h.upper() for h in HEADERS]  # headers matched in any case
    damaged = ["t", "pair", "1.0", 42, "round 2", "lots", "Rx=#1 R3=#dddddddd", "junk", "", "not ids"]
    log = read_log(sheet_rows("Log", [headers, damaged]))
    assert log.last_id == 0
    assert log.results == {3: "#dddddddd"}
    assert log.active == {}
    assert log.paired == {2: set()}
    assert log.recorded == {3}  # a row naming round 2 with none of its digests records nothing


def test_a_missing_or_empty_log_knows_nothing():
    assert read_log(None) == LogHistory()
    assert read_log(sheet_rows("Log", [HEADERS])).recorded == set()


# --- changed results -------------------------------------------------------------------------------------------


def played_event(round_1: Round) -> Event:
    round_2 = Round(2, (game(1, (1, 0, 0), (3, 2, 1)), bye(2)), "Round 2")
    return Event(SETTINGS, PLAYERS, (round_1, round_2))


def recorded_log() -> LogHistory:
    return LogHistory(results={1: round_digest(ROUND_1)}, tables={1: table_digests(ROUND_1)})


def test_no_warning_when_nothing_changed():
    assert changed_rounds(played_event(ROUND_1), recorded_log()) == []


def test_a_round_changed_after_the_next_was_paired_is_named_with_its_tables():
    changed = Round(1, (game(1, (1, 3, 1), (2, 2, 0)), bye(3)), "Round 1")
    [problem] = changed_rounds(played_event(changed), recorded_log())
    assert str(problem) == f"Round 1: warning: Results changed after Round 2 was paired: table 1. {HINT}"


def test_changed_tables_are_listed_in_natural_order_with_byes_by_player():
    before = Round(1, (game(2, (1, 1, 0), (2, 0, 0)), game(10, (3, 1, 0), (4, 0, 0)), game("A", (5, 1, 0), (6, 0, 0)),
                       bye(7)), "Round 1")
    after = Round(1, (game(2, (1, 2, 0), (2, 0, 0)), game(10, (3, 2, 0), (4, 0, 0)), game("A", (5, 2, 0), (6, 0, 0)),
                      bye(8)), "Round 1")
    log = LogHistory(results={1: round_digest(before)}, tables={1: table_digests(before)})
    event = Event(SETTINGS, PLAYERS, (after, Round(2, (), "Round 2")))
    [problem] = changed_rounds(event, log)
    assert problem.message == ("Results changed after Round 2 was paired: table 2, table 10, table A, bye of player "
                               "7, bye of player 8.")


def test_without_table_digests_the_warning_says_the_log_cannot_tell_which_rows():
    changed = Round(1, (game(1, (1, 3, 1), (2, 2, 0)), bye(3)), "Round 1")
    log = LogHistory(results={1: round_digest(ROUND_1)})
    [problem] = changed_rounds(played_event(changed), log)
    assert problem.message == "Results changed after Round 2 was paired: (the Log does not say which rows)."


def test_the_latest_round_may_change_freely():
    changed = Round(1, (game(1, (1, 3, 1), (2, 2, 0)), bye(3)), "Round 1")
    assert changed_rounds(Event(SETTINGS, PLAYERS, (changed,)), recorded_log()) == []
