"""What can be wrong with a workbook, said so that a TO can fix it.

A `Problem` is data, not an exception: validation collects every one it finds
and the CLI shows them together. `EventError` carries a list of them when the
library must stop (errors in the workbook, a refused write); anything else that
escapes is a bug in sheetrunner.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One finding: where (sheet and cell), what is wrong, and how to fix it."""

    sheet: str
    cell: str
    message: str
    hint: str = ""
    severity: str = ERROR

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    @property
    def where(self) -> str:
        if self.sheet and self.cell.startswith("line "):  # a text file (a roster CSV)
            return f"{self.sheet}, {self.cell}"
        if self.sheet and self.cell:
            return f"{self.sheet}!{self.cell}"
        return self.sheet or "workbook"

    def __str__(self) -> str:
        label = "" if self.is_error else "warning: "
        text = f"{self.where}: {label}{self.message}" if self.sheet else f"{label}{self.message}"
        return f"{text} {self.hint}" if self.hint else text

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


def warning(sheet: str, cell: str, message: str, hint: str = "") -> Problem:
    return Problem(sheet, cell, message, hint, WARNING)


def one_per_cause(problems: list[Problem]) -> list[Problem]:
    """The same finding in several places (an ID that no player has, used in every round) is one cause: one
    message at its first cell that lists the others, so the TO fixes it once instead of reading it eight times."""
    first: dict[tuple[str, str, str], int] = {}
    others: dict[int, list[str]] = {}
    repeats = set()
    for index, problem in enumerate(problems):
        if not (problem.sheet and problem.cell):
            continue
        key = (problem.message, problem.hint, problem.severity)
        if key in first:
            others.setdefault(first[key], []).append(problem.where)
            repeats.add(index)
        else:
            first[key] = index
    merged = []
    for index, problem in enumerate(problems):
        if index in others:
            message = f"{problem.message} The same at {', '.join(others[index])}."
            merged.append(Problem(problem.sheet, problem.cell, message, problem.hint, problem.severity))
        elif index not in repeats:
            merged.append(problem)
    return merged


class EventError(Exception):
    """The workbook cannot be used or written as asked; `problems` say why."""

    exit_code = 1  # problems in the workbook (or a file that is not one): nothing was written

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]


def raise_on_errors(problems: list[Problem]) -> None:
    """Stop with every problem (warnings too, for context) when any is an error."""
    if any(p.is_error for p in problems):
        raise EventError(problems)


class WriteRefused(EventError):
    """The workbook is fine, but writing it now would risk it (open elsewhere, changed meanwhile, a full disk):
    nothing was written."""

    exit_code = 3


class NoLegalPairing(EventError):
    """The rules admit no pairing for this round (e.g. a pod with no place for a late entry)."""

    exit_code = 4


class Refusal(EventError):
    """Nothing to do as asked (the round has no results yet, there is no round to redo): not a problem in the
    workbook, and nothing was written."""


class EventOver(Exception):
    """Nothing is left to pair: the last round (or the final of the top cut) has every result. Not a problem and
    not a refusal, but the happiest outcome: `pair` names the winner and exits 0, having written nothing (issue 20).
    `winners` are (ID, name): the champion of the cut, or whoever is first in the standings (several when they
    share first place)."""

    def __init__(self, winners: list[tuple[int, str]], by_cut: bool, rounds: int):
        self.winners, self.by_cut, self.rounds = list(winners), by_cut, rounds
        super().__init__(self.message)

    @property
    def message(self) -> str:
        names = [name for _, name in self.winners]
        if self.by_cut:
            return f"The event is over: {names[0]} is the champion."
        played = f"all {self.rounds} rounds are played" if self.rounds != 1 else "its only round is played"
        if len(names) == 1:
            return f"The event is over: {played}, and {names[0]} is first in the standings."
        together = ", ".join(names[:-1]) + f" and {names[-1]}"
        return f"The event is over: {played}, and {together} share first place in the standings."


class PartlyDone(EventError):
    """Some of the work is done (the HTML reports) and the rest could not be (the PDFs); `done` says what stands."""

    def __init__(self, problems, done: str):
        super().__init__(problems)
        self.done = done
