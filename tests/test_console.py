"""Mirrors `sheetrunner/commands/console.py`: where a command speaks, and text from a workbook printed safely.

Rules pinned: C0 controls but tab and newline, DEL and C1 are printed escaped (`\\x1b`), never raw; lines go to
stdout unless quiet, problems to stderr even when quiet; a closed output never fails the command; no status line
off a terminal; `aligned_lines` aligns two columns and wraps the third under itself only when 30 characters are
left (tests/test_frictions.py has the tiebreaker table's own example).
"""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from sheetrunner.commands.console import CONTROL, Console, Progress, aligned_lines
from sheetrunner.model.problems import Problem, warning


def spoken(action) -> tuple[str, str]:
    """stdout and stderr of `action(Console)` run inside a click command (not on a terminal)."""

    @click.command()
    @click.option("--quiet", is_flag=True)
    def command(quiet):
        action(Console(quiet))

    def run(*args):
        result = CliRunner().invoke(command, list(args), catch_exceptions=False)
        return result.stdout, result.stderr

    return run


def test_escape_sequences_in_a_name_reach_the_terminal_escaped():
    out, err = spoken(lambda c: c.say("Ann\x1b[31mRed\x07\x7f\x9b\u0085end"))()
    assert (out, err) == ("Ann\\x1b[31mRed\\x07\\x7f\\x9b\\x85end\n", "")


def test_tab_and_newline_are_kept_and_other_text_untouched():
    out, _ = spoken(lambda c: c.say("a\tb\nc Łukasz \u00a0é"))()
    assert out == "a\tb\nc Łukasz \u00a0é\n"


def test_every_escaped_code_is_c0_but_tab_and_newline_del_or_c1():
    assert sorted(CONTROL) == [*range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0)]
    assert CONTROL[0x00] == "\\x00" and CONTROL[0x0d] == "\\x0d" and CONTROL[0x9f] == "\\x9f"


@settings(deadline=None)
@given(st.text())
def test_no_control_character_but_tab_and_newline_survives_say(text):
    printed = text.translate(CONTROL)
    assert not any(ord(ch) in CONTROL for ch in printed)
    assert printed.count("\t") == text.count("\t") and printed.count("\n") == text.count("\n")


def test_quiet_keeps_problems_on_stderr_and_drops_the_rest():
    def action(console):
        console.say("Wrote Round 2.")
        console.problems([Problem("Round 1", "D7", "Bad.", "Fix it."), warning("Players", "B2", "Odd.")])

    assert spoken(action)() == ("Wrote Round 2.\n", "Round 1!D7: Bad. Fix it.\nPlayers!B2: warning: Odd.\n")
    assert spoken(action)("--quiet") == ("", "Round 1!D7: Bad. Fix it.\nPlayers!B2: warning: Odd.\n")


def test_problems_can_go_to_stdout():
    assert spoken(lambda c: c.problems([Problem("Event", "B3", "No.")], err=False))() == ("Event!B3: No.\n", "")


def test_a_closed_output_is_ignored(monkeypatch):
    def broken(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(click, "echo", broken)
    Console().say("nobody listens")  # no exception: the work is done


def test_no_status_line_and_one_progress_line_off_a_terminal():
    def action(console):
        assert console.live is False
        console.status("Reading")
        console.done()
        progress = Progress(console, "Printing")
        progress.step(0, 4)
        progress.step(3, 4)
        progress.close()

    assert spoken(action)() == ("", "Printing: 4 to do…\n")
    assert spoken(action)("--quiet") == ("", "")


HEADERS = ("Key", "Label", "Meaning")
ROWS = [("mp", "MP", "Match points: 3 a win, 1 a draw, 0 a loss, in every round played."),
        ("omw_pct", "OMW%", "")]


def test_aligned_lines_unwrapped_in_a_pipe():
    assert aligned_lines(HEADERS, ROWS, None) == [
        "Key      Label  Meaning",
        "mp       MP     Match points: 3 a win, 1 a draw, 0 a loss, in every round played.",
        "omw_pct  OMW%   "]


def test_aligned_lines_wrap_the_meaning_under_itself():
    assert aligned_lines(HEADERS, ROWS, 48) == [  # the meaning gets 48 - (7 + 5 + 4) = 32 characters
        "Key      Label  Meaning",
        "mp       MP     Match points: 3 a win, 1 a draw,",
        "                0 a loss, in every round played.",
        "omw_pct  OMW%   "]


@pytest.mark.parametrize("width, wrapped", [(46, True), (47, True), (45, False), (20, False)])
def test_aligned_lines_wrap_only_with_30_characters_left(width, wrapped):
    lines = aligned_lines(HEADERS, ROWS, width)  # the meaning starts at 7 + 5 + 4 = 16: 46 leaves exactly 30
    assert (len(lines) > 3) is wrapped
