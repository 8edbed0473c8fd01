"""Whatever a TO types, sheetrunner answers with problems or a result: never a traceback, never a changed file."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

import openpyxl
import pytest
from builder import digest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from sheetrunner.commands.cli import cli

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"
ODD_VALUES = st.one_of(
    st.none(), st.integers(-5, 40), st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["", " ", "BYE", "W", "L", "D", "Y", "Solo", "Draw", "abc", "=1+1", "+1", "@me", "3", "1905",
                     "Round 2", "Alice", "x" * 300, "0.5", "-1", "France", "Yes", "No", "never", "swiss"]),
    st.dates(min_value=datetime.date(2000, 1, 1), max_value=datetime.date(2030, 1, 1)),
)
EDITS = st.lists(st.tuples(st.integers(0, 6), st.integers(1, 18), st.integers(1, 10), ODD_VALUES),
                 min_size=1, max_size=6)


def edited_copy(sample: str, edits, folder: Path) -> Path:
    path = folder / "event.xlsx"
    shutil.copy(SAMPLES / sample, path)
    book = openpyxl.load_workbook(path)
    for sheet_index, row, column, value in edits:
        sheet = book.worksheets[sheet_index % len(book.worksheets)]
        sheet.cell(row=row, column=column).value = value
    book.save(path)
    return path


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(p.name for p in SAMPLES.glob("*.xlsx"))), EDITS)
def test_any_edit_gives_problems_or_a_result_never_a_traceback(tmp_path_factory, sample, edits):
    folder = tmp_path_factory.mktemp("robust")
    path = edited_copy(sample, edits, folder)
    runner = CliRunner()
    for command in (["check", str(path)], ["standings", "--json", "--no-write", str(path)],
                    ["pair", str(path), "--no-reports"]):
        before = digest(path)
        result = runner.invoke(cli, command)
        assert result.exit_code in (0, 1), (command, result.output, result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        if result.exit_code == 1:
            assert digest(path) == before


def test_a_cleared_player_id_is_one_problem_even_in_a_top_cut(tmp_path):
    """Found by the test above: clearing a seeded player's ID in Players once crashed the check of the cut's
    matches, and listed the unknown ID once per round with false 'results changed' warnings beside it."""
    path = edited_copy("swiss-top-8-24-players.xlsx", [(1, 18, 1, None)], tmp_path)
    before = digest(path)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Round 1!C14: No player has ID 17. The same at Round 2!C8, Round 3!C6, Round 4!C11, Round 5!C6, Top 8!C4, "
        "Top 4!C3, Final!C3. Use an ID from the Players sheet, or clear it and type the name.",
        "1 error(s), 0 warning(s).",
    ]
    assert digest(path) == before
