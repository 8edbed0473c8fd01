"""Issue 28: one event, three people, copies by e-mail, driven by Hypothesis through the command line.

The TO keeps `event.xlsx`; a scorekeeper and a judge get copies, type results
in them, send them back; the TO merges them, or saves one over the workbook by
mistake (perhaps an old one), types results too, and pairs the next round.
After every step: whatever sheetrunner has seen in the workbook at a write is
still there, or `check` names the workbook an older copy; a merge brings in
exactly what the copies hold; nothing is ever written over a conflict.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import openpyxl
import pytest
import python_calamine
from click.testing import CliRunner
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from sheetrunner.commands.cli import cli

SAMPLE = Path(__file__).resolve().parent.parent / "sample_events" / "swiss-card-game-32-players.xlsx"
PEOPLE = ("scorekeeper", "judge")
OLDER_COPY = "This looks like an older copy saved over the workbook."


def invoke(*args) -> object:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def truth(number: int, table: int, seat: int) -> int:
    """The games a seat won in the match as played: what anyone who types it types."""
    return (2, 1)[seat - 1] if (number + table) % 2 else (1, 2)[seat - 1]


def read_round(path: Path, number: int) -> dict[tuple[int, int], object]:
    """(table, seat) -> Games won as typed; BYE rows left out (read with calamine: quick)."""
    book = python_calamine.CalamineWorkbook.from_path(str(path))
    if f"Round {number}" not in book.sheet_names:
        return {}
    rows = book.get_sheet_by_name(f"Round {number}").to_python()[1:]
    return {(int(row[0]), int(row[1])): (None if row[4] == "" else int(row[4])) for row in rows
            if row[0] not in ("", "BYE")}


def rounds_in(path: Path) -> list[int]:
    names = python_calamine.CalamineWorkbook.from_path(str(path)).sheet_names
    return sorted(int(title.split()[1]) for title in names if title.startswith("Round "))


def type_tables(path: Path, number: int, tables: list[int], wrong: bool = False) -> None:
    """Type the results of `tables` where they are blank; `wrong`: type a 2 as 0 over what is there."""
    book = openpyxl.load_workbook(path)
    for row in book[f"Round {number}"].iter_rows(min_row=2):
        if row[0].value in tables:
            value = truth(number, row[0].value, row[1].value)
            if wrong and value == 2:
                row[4].value = 0
            elif row[4].value is None or (wrong is None):
                row[4].value = value
    book.save(path)


class EmailedEvent(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp())
        self.event = Path(shutil.copy(SAMPLE, self.folder / "event.xlsx"))
        self.copies: dict[str, Path] = {"judge": Path(shutil.copy(self.event, self.folder / "judge.xlsx"))}
        assert invoke("pair", self.event, "--no-reports", "-q").exit_code == 0  # Round 4 posted after the judge's copy
        self.seen: dict[tuple[int, int, int], object] = {}  # what sheetrunner has seen at a write
        self.older = False  # `check` names the workbook an older copy
        self.sent_at: dict[str, int] = {"judge": -1}  # the write each copy was sent after
        self.writes = 0
        self.written: dict[tuple[int, int, int], object] = {}  # the results as sheetrunner last wrote them
        self.remember_written()

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def has_copy(self) -> bool:
        return bool(self.copies)

    # --- what the people do --------------------------------------------------------------------------------

    @rule(person=st.sampled_from(PEOPLE))
    def send_a_copy(self, person: str) -> None:
        self.copies[person] = Path(shutil.copy(self.event, self.folder / f"{person}.xlsx"))
        self.sent_at[person] = self.writes if not self.older else -1

    @precondition(has_copy)
    @rule(data=st.data(), tables=st.lists(st.integers(1, 16), min_size=1, max_size=8, unique=True))
    def type_in_a_copy(self, data, tables: list[int]) -> None:
        copy = self.copies[data.draw(st.sampled_from(sorted(self.copies)))]
        type_tables(copy, rounds_in(copy)[-1], tables)

    @precondition(lambda self: not self.older)
    @rule(tables=st.lists(st.integers(1, 16), min_size=1, max_size=16, unique=True))
    def the_to_types(self, tables: list[int]) -> None:
        type_tables(self.event, rounds_in(self.event)[-1], tables)

    @precondition(lambda self: not self.older)
    @rule()
    def the_to_types_the_rest_of_the_round(self) -> None:
        type_tables(self.event, rounds_in(self.event)[-1], list(range(1, 17)))

    @precondition(lambda self: not self.older and self.copies)
    @rule(data=st.data())
    def merge_a_copy(self, data) -> None:
        copy = self.copies[data.draw(st.sampled_from(sorted(self.copies)))]
        before, theirs = self.event.read_bytes(), rounds_in(copy)
        result = invoke("merge", self.event, copy)
        if theirs != rounds_in(self.event):
            assert result.exit_code == 1 and "is a copy of the event at" in result.stderr
            assert self.event.read_bytes() == before
            return
        number = theirs[-1]
        now, typed = read_round(self.event, number), read_round(copy, number)
        if result.exit_code == 1 and "The copies hold nothing" in result.stderr:
            assert all(v is None or now[k] == v for k, v in typed.items())
            return
        if result.exit_code == 1 and "Make the files agree" in result.stderr:
            assert any(v is not None and now[k] is not None and now[k] != v for k, v in typed.items())
            assert self.event.read_bytes() == before
            event("a merge refused on a conflict")
            return
        assert result.exit_code == 0, result.output
        event("a copy merged")
        merged, typed = read_round(self.event, number), read_round(copy, number)
        assert all(value is None or merged[key] == value for key, value in typed.items())
        self.remember_written()

    @precondition(lambda self: not self.older and self.copies)
    @rule(data=st.data())
    def a_copy_changes_a_typed_result(self, data) -> None:
        """A result typed in the workbook is typed otherwise in a copy: a correction when the copy was sent from
        the file sheetrunner last wrote and held that result then, which the workbook still holds as written;
        else a conflict, and nothing is written."""
        person = data.draw(st.sampled_from(sorted(self.copies)))
        copy = self.copies[person]
        if rounds_in(copy) != rounds_in(self.event):
            return
        number = rounds_in(copy)[-1]
        now, theirs = read_round(self.event, number), read_round(copy, number)
        typed = [(table, seat) for (table, seat), value in now.items() if value == 2]
        if not typed:
            return
        table, seat = typed[0]
        correction = self.sent_at[person] == self.writes and theirs[(table, seat)] == 2 and \
            self.written.get((number, table, seat)) == 2
        type_tables(copy, number, [table], wrong=True)
        before = self.event.read_bytes()
        result = invoke("merge", self.event, copy)
        if correction:
            assert result.exit_code == 0, result.output
            assert read_round(self.event, number)[(table, seat)] == 0
            event("a correction taken")
            self.remember_written()
            return
        assert result.exit_code == 1 and "Make the files agree" in result.stderr, result.output
        assert self.event.read_bytes() == before
        event("a conflict refused")
        type_tables(copy, number, [table], wrong=None)  # settled in the copy: typed again as played

    @precondition(has_copy)
    @rule(data=st.data())
    def save_a_copy_over_the_workbook(self, data) -> None:
        shutil.copy(self.copies[data.draw(st.sampled_from(sorted(self.copies)))], self.event)
        self.recheck()
        event("an older copy saved over the workbook" if self.older else "a copy saved over it")

    @precondition(lambda self: self.older)
    @rule()
    def recover_from_an_older_copy(self) -> None:
        """What the message tells the TO: go on in the file sheetrunner wrote, and merge the copy into it."""
        older = Path(shutil.copy(self.event, self.folder / "older.xlsx"))
        shutil.copy(self.folder / "event-backups" / "last-written" / "event.xlsx", self.event)
        result = invoke("merge", self.event, older)
        assert result.exit_code in (0, 1), result.output
        event(f"recovered, merge exit {result.exit_code}")
        if result.exit_code == 0:
            self.remember_written()
        self.recheck()

    @precondition(lambda self: not self.older and len(rounds_in(self.event)) < 5)
    @rule()
    def pair_the_next_round(self) -> None:
        number = rounds_in(self.event)[-1]
        complete = all(value is not None for value in read_round(self.event, number).values())
        result = invoke("pair", self.event, "--no-reports", "-q")
        assert result.exit_code == (0 if complete else 1), result.output
        if complete:
            event(f"Round {number + 1} paired")
            self.remember_written()

    # --- what must hold ---------------------------------------------------------------------------------------

    def recheck(self) -> None:
        result = invoke("check", self.event)
        self.older = result.exit_code != 0
        if self.older:
            assert OLDER_COPY in result.stdout, result.stdout  # the only error these steps can make

    def remember_written(self) -> None:
        """After a write: the results sheetrunner saw are what the workbook holds."""
        self.writes += 1
        self.written = {(number, table, seat): value for number in rounds_in(self.event)
                        for (table, seat), value in read_round(self.event, number).items() if value is not None}
        self.seen.update(self.written)

    @invariant()
    def nothing_sheetrunner_saw_is_silently_lost(self) -> None:
        """The workbook holds all that sheetrunner saw at a write, or `check` names it an older copy."""
        if self.older:
            return
        for (number, table, seat), value in self.seen.items():
            assert read_round(self.event, number).get((table, seat)) == value, (number, table, seat)


EmailedEvent.TestCase.settings = settings(max_examples=25, stateful_step_count=20, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_an_emailed_event = pytest.mark.slow(EmailedEvent.TestCase)
