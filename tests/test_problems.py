"""problems.py: what is wrong with a workbook as data (§7: sheet, cell, what is wrong, how to fix), the same
cause said once, and the exceptions the library stops with, each with its exit code."""

from __future__ import annotations

import pytest

from sheetrunner.model.problems import (ERROR, WARNING, EventError, EventOver, NoLegalPairing, PartlyDone, Problem,
                                  Refusal, WriteRefused, one_per_cause, raise_on_errors, warning)


def test_a_problem_names_its_sheet_and_cell_then_says_what_and_how():
    problem = Problem("Round 2", "D7", "Needs a whole number, found \"x\".", "Type the OP scored.")
    assert str(problem) == 'Round 2!D7: Needs a whole number, found "x". Type the OP scored.'
    assert problem.where == "Round 2!D7"
    assert problem.is_error and problem.severity == ERROR == "error"


def test_a_warning_says_so_after_where_it_is():
    problem = warning("Round 1", "A4", "Ann and Ben met in round 1.", "Check the pairing.")
    assert str(problem) == "Round 1!A4: warning: Ann and Ben met in round 1. Check the pairing."
    assert not problem.is_error and problem.severity == WARNING == "warning"


def test_where_without_a_cell_without_a_sheet_and_in_a_text_file():
    assert str(Problem("Players", "", "No players.")) == "Players: No players."
    assert Problem("", "", "x").where == "workbook"
    assert str(Problem("", "", "The file is locked.", "Close it in Excel.")) == "The file is locked. Close it in Excel."
    assert str(warning("", "", "Nothing new.")) == "warning: Nothing new."
    csv = Problem("roster.csv", "line 3", "Name is empty.")
    assert csv.where == "roster.csv, line 3"
    assert str(csv) == "roster.csv, line 3: Name is empty."


def test_a_problem_as_a_dict_has_every_field():
    assert Problem("Players", "B3", "m", "h").as_dict() == {"sheet": "Players", "cell": "B3", "message": "m",
                                                            "hint": "h", "severity": "error"}


def test_the_same_cause_in_several_places_is_one_problem_at_its_first_cell():
    unknown = [Problem("Round 1", "C4", "No player has ID 99.", "Use an ID from Players."),
               Problem("Round 1", "B2", "Table is empty.", "Type the table."),
               Problem("Round 2", "C5", "No player has ID 99.", "Use an ID from Players."),
               Problem("Round 3", "C6", "No player has ID 99.", "Use an ID from Players.")]
    merged = one_per_cause(unknown)
    assert [str(p) for p in merged] == [
        "Round 1!C4: No player has ID 99. The same at Round 2!C5, Round 3!C6. Use an ID from Players.",
        "Round 1!B2: Table is empty. Type the table."]


def test_only_the_same_message_hint_and_severity_are_one_cause():
    problems = [Problem("Round 1", "C4", "Bad.", "Fix A."), Problem("Round 2", "C4", "Bad.", "Fix B."),
                warning("Round 3", "C4", "Bad.", "Fix A.")]
    assert one_per_cause(problems) == problems


def test_problems_with_no_cell_are_never_merged():
    problems = [Problem("Players", "", "Too few players."), Problem("Players", "", "Too few players."),
                Problem("", "", "x"), Problem("", "", "x")]
    assert one_per_cause(problems) == problems


def test_an_event_error_carries_every_problem():
    error = EventError([Problem("Players", "B3", "Name is empty."), warning("Round 1", "A2", "Odd.")])
    assert str(error) == "Players!B3: Name is empty.\nRound 1!A2: warning: Odd."
    assert [p.cell for p in error.errors] == ["B3"]
    single = EventError(Problem("Event", "B2", "Rounds is required."))
    assert len(single.problems) == 1


def test_exit_codes_by_kind():
    assert EventError([]).exit_code == 1
    assert Refusal([]).exit_code == 1
    assert WriteRefused([]).exit_code == 3
    assert NoLegalPairing([]).exit_code == 4
    assert issubclass(WriteRefused, EventError) and issubclass(NoLegalPairing, EventError)


def test_raise_on_errors_stops_only_for_an_error_and_keeps_the_warnings():
    raise_on_errors([warning("Round 1", "A2", "Odd.")])  # nothing raised
    raise_on_errors([])
    with pytest.raises(EventError) as stopped:
        raise_on_errors([warning("Round 1", "A2", "Odd."), Problem("Players", "B3", "Name is empty.")])
    assert len(stopped.value.problems) == 2


def test_the_event_is_over_names_the_winner():
    assert EventOver([(3, "Cat")], True, 5).message == "The event is over: Cat is the champion."
    assert str(EventOver([(1, "Ann")], False, 5)) == ("The event is over: all 5 rounds are played, and Ann is first "
                                                      "in the standings.")
    assert EventOver([(1, "Ann")], False, 1).message == ("The event is over: its only round is played, and Ann is "
                                                         "first in the standings.")


def test_the_event_is_over_with_first_place_shared():
    assert EventOver([(1, "Ann"), (2, "Ben")], False, 3).message == (
        "The event is over: all 3 rounds are played, and Ann and Ben share first place in the standings.")
    assert EventOver([(1, "Ann"), (2, "Ben"), (3, "Cat")], False, 3).message == (
        "The event is over: all 3 rounds are played, and Ann, Ben and Cat share first place in the standings.")
    assert not issubclass(EventOver, EventError)  # not a problem in the workbook


def test_partly_done_says_what_stands():
    error = PartlyDone([Problem("", "", "No browser for PDF.")], "HTML reports written")
    assert error.done == "HTML reports written" and error.exit_code == 1
