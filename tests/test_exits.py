"""Mirrors `sheetrunner/commands/exits.py`: the one place where what a command raised becomes an exit code and a line.

Exit codes (module docstring, every --help, the README): 0 done; 1 problems or nothing to do; 2 usage; 3 write
refused; 4 no legal pairing; 5 round written, reports not; 70 internal error (details saved); 130 interrupted.
A tiny click group built on `SheetrunnerGroup` raises each kind; CliRunner reads what it printed.
"""

from __future__ import annotations

import gc

import click
import pytest
from click.testing import CliRunner

from sheetrunner.commands import exits
from sheetrunner.commands.console import Console
from sheetrunner.commands.exits import EXIT_CODES, Failed, SheetrunnerGroup, Stopped, command_line, run
from sheetrunner.model.problems import (EventError, NoLegalPairing, PartlyDone, Problem, Refusal, WriteRefused,
                                  warning)

BAD = Problem("Round 2", "D7", "Ann is not on the roster.", "Check the name.")
ODD = warning("Players", "B3", "Two players share a name.")

RAISED = {
    "problems": lambda: EventError([BAD, ODD, Problem("Event", "B2", "Rounds must be a number.")]),
    "refused": lambda: WriteRefused(Problem("e.xlsx", "", "The workbook is open in Excel.", "Close it.")),
    "impossible": lambda: NoLegalPairing(Problem("Round 3", "", "No pairing exists.")),
    "nothing": lambda: Refusal(Problem("Round 2", "", "Round 2 has no results yet.")),
    "partly": lambda: PartlyDone([Problem("reports", "", "No browser.")], "The HTML reports were written."),
}


@click.group(cls=SheetrunnerGroup)
def group():
    pass


@group.command()
@click.argument("kind")
def library(kind):
    run(Console(), lambda: (_ for _ in ()).throw(RAISED[kind]()))


@group.command()
def fine():
    click.echo(run(Console(), lambda: "the result"))


@group.command()
def stopped():
    raise Stopped("3 problem(s) found.", 1)


@group.command()
def silent():
    raise Stopped("", 5)


@group.command()
def bug():
    raise ValueError("cannot unpack")


@group.command()
def interrupted():
    run(Console(), lambda: (_ for _ in ()).throw(KeyboardInterrupt()))


def invoke(*args):
    return CliRunner().invoke(group, list(args), catch_exceptions=False)


def test_a_return_value_passes_through_and_exits_0():
    result = invoke("fine")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "the result\n", "")


@pytest.mark.parametrize("kind, code, last", [
    ("problems", 1, "Error: 2 problem(s) to fix; nothing was written."),
    ("refused", 3, "Error: Nothing was written."),
    ("impossible", 4, "Error: Nothing was written."),
    ("nothing", 1, "Error: Nothing was written."),
    ("partly", 1, "Error: The HTML reports were written."),
])
def test_each_library_error_becomes_its_exit_code_and_one_closing_line(kind, code, last):
    result = invoke("library", kind)
    assert result.exit_code == code
    assert result.stdout == ""
    assert result.stderr.splitlines()[-1] == last


def test_every_problem_is_printed_before_the_closing_line_warnings_too():
    assert invoke("library", "problems").stderr == (
        "Round 2!D7: Ann is not on the roster. Check the name.\n"
        "Players!B3: warning: Two players share a name.\n"
        "Event!B2: Rounds must be a number.\n"
        "Error: 2 problem(s) to fix; nothing was written.\n")


def test_the_exception_classes_carry_the_documented_codes():
    assert [cls.exit_code for cls in (EventError, Refusal, WriteRefused, NoLegalPairing, PartlyDone)] == [1, 1, 3, 4, 1]
    assert Failed(NoLegalPairing(BAD)).exit_code == 4


def test_stopped_prints_its_line_without_error_prefix_and_exits_with_its_code():
    result = invoke("stopped")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", "3 problem(s) found.\n")
    result = invoke("silent")
    assert (result.exit_code, result.stdout, result.stderr) == (5, "", "")


def test_ctrl_c_in_a_command_is_one_line_and_130():
    result = invoke("interrupted")
    assert result.exit_code == 130
    assert result.stderr == ("Interrupted. Nothing is half written: the workbook is as it was, or holds the whole new "
                             "change.\n")


def test_an_unexpected_exception_is_a_bug_one_line_exit_70_and_saved_details(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    result = invoke("bug")
    assert result.exit_code == exits.INTERNAL_ERROR == 70
    saved = list((tmp_path / "sheetrunner").glob("error-*.txt"))
    assert len(saved) == 1
    assert result.stderr == ("Internal error: ValueError: cannot unpack. This is a bug in sheetrunner, not in your "
                             "workbook (which was not changed unless a 'Wrote' line says so). "
                             f"Details: {saved[0]}\n")
    text = saved[0].read_text(encoding="utf-8")
    assert text.startswith("sheetrunner ") and "Traceback" in text and text.endswith("ValueError: cannot unpack\n")


def test_details_fall_back_to_the_temp_folder(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # a file where the cache folder should be
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    saved = exits.save_details(RuntimeError("x"))
    assert saved.parent == tmp_path / "tmp" and saved.name.startswith("error-")


def test_usage_errors_stay_click_s_exit_2():
    result = invoke("library")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: Missing argument 'KIND'."


@pytest.fixture
def own_process(monkeypatch):
    """`command_line` assumes the process ends with the command (freezing after reading, rarer garbage
    collection); this test process goes on, so all of that is put back afterwards."""
    from sheetrunner import api

    monkeypatch.setattr(exits, "ONE_COMMAND_PROCESS", False)
    monkeypatch.setattr(api, "FREEZE_AFTER_READING", api.FREEZE_AFTER_READING)
    thresholds = gc.get_threshold()
    yield
    gc.set_threshold(*thresholds)


@pytest.mark.parametrize("args, code, err", [
    (["fine"], 0, ""),
    (["library", "refused"], 3, "e.xlsx: The workbook is open in Excel. Close it.\nError: Nothing was written.\n"),
    (["stopped"], 1, "3 problem(s) found.\n"),
    (["nosuch"], 2, None),
    (["--help"], 0, ""),
])
def test_the_command_line_ends_with_the_command_s_code(own_process, monkeypatch, capsys, args, code, err):
    monkeypatch.setattr("sys.argv", ["sheetrunner", *args])
    assert command_line(group) == code
    if err is not None:
        assert capsys.readouterr().err == err


def test_ctrl_c_while_options_are_read_is_130_never_aborted(own_process, monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["sheetrunner", "fine"])
    monkeypatch.setattr(group, "main", lambda **kwargs: (_ for _ in ()).throw(click.Abort()))
    assert command_line(group) == 130
    assert capsys.readouterr().err == "Interrupted before any work began; nothing was written.\n"


def test_the_exit_codes_text_names_every_code():
    text = " ".join(EXIT_CODES.split())
    assert text == ("Exit codes: 0 done; 1 problems in the workbook, or nothing to do (nothing written); 2 a mistake "
                    "on the command line; 3 the write was refused to keep the workbook safe (nothing written); 4 no "
                    "legal pairing (nothing written); 5 the round was written but its reports could not be; 70 an "
                    "internal error (details saved to a file); 130 interrupted.")
