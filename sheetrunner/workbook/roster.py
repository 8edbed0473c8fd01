"""Reading a roster CSV for `init --players`, and saying what was made of it.

Comma, semicolon or tab separated, with or without a UTF-8 BOM. The first
line is a header when it names a column sheetrunner knows; a file of one
column without one is a plain list of names. Names come from a Name column,
or from First name and Last name together (both kept as Players columns too,
for lists sorted by last name). Columns sheetrunner knows (Team,
Fixed table, …) are read as such; any other headed column (faction, deck,
club) is kept as a Players column of its own; a column with no header is
ignored. A file with several columns but none holding names is refused: it
would otherwise import its header as a player.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from ..model.columns import PLAYER_COLUMNS, PLAYER_NAME, Column, bounded, by_header
from ..model.options import normal
from ..model.problems import EventError, Problem
from ..model.values import LONGEST_CELL_TEXT, BadValue, as_text

FIRST_NAME = ("first name", "firstname", "first", "given name", "forename", "vorname", "prénom", "prenom")
LAST_NAME = ("last name", "lastname", "last", "surname", "family name", "nachname", "nom de famille", "apellido",
             "apellidos")


@dataclass
class Roster:
    """The players read, and how each column of the file was used."""

    players: list[dict[str, object]]
    used: list[str] = field(default_factory=list)  # "Name", "Team from Club", "Name from First name + Last name"
    kept: list[str] = field(default_factory=list)  # headers kept as Players columns of their own
    ignored: list[str] = field(default_factory=list)  # columns left out, and why

    def summary(self, source: str) -> str:
        parts = [f"Imported {len(self.players)} player(s) from {source}: " + "; ".join(self.used)]
        if self.kept:
            parts.append("kept as Players columns: " + ", ".join(self.kept))
        if self.ignored:
            parts.append("ignored: " + ", ".join(self.ignored))
        return "; ".join(parts) + "."


@dataclass
class Layout:
    """What each position of a row holds."""

    known: dict[int, Column] = field(default_factory=dict)
    first: int | None = None
    last: int | None = None
    kept: dict[int, str] = field(default_factory=dict)


def read_roster(path: Path, extra: tuple[Column, ...] = ()) -> Roster:
    """Every player of the file, with the columns sheetrunner knows by key and kept columns by header."""
    text = _decode(path)
    rows = _csv_rows(path, text)
    if not rows:
        raise EventError(Problem(path.name, "", "The roster file has no players.", "Put one player per line."))
    known = by_header(PLAYER_COLUMNS + extra)
    roster = Roster([])
    layout = _header_layout(rows[0], known, roster)
    if layout is None:
        if max(len(row) for row in rows) > 1:
            found = ", ".join(f'"{as_text(cell)}"' for cell in rows[0] if as_text(cell))
            raise EventError(Problem(path.name, "line 1", f"No column holds the players' names (the first line "
                                     f"has {found}).", "Head the column of names Name, or use First name and "
                                     "Last name columns."))
        layout, body, first_line = Layout(known={0: PLAYER_COLUMNS[1]}), rows, 1
        roster.used.append("Name (a list of names, no header)")
    else:
        body, first_line = rows[1:], 2
    if not body:  # a header line alone: a file saved before the names were typed
        raise EventError(Problem(path.name, "line 2", "The roster file has a header but no players under it.",
                                 "Type one player per line under the header, then run init again."))
    roster.players = _read_players(path, body, first_line, layout)
    return roster


def _header_layout(header: list[str], known: dict[str, Column], roster: Roster) -> Layout | None:
    """How the header's columns are used; None when it names no column of names (so it is not a header)."""
    layout = Layout()
    taken: set[str] = set()
    for index, cell in enumerate(header):
        label, key = as_text(cell), normal(cell)
        column = known.get(key)
        if not label:
            roster.ignored.append(f"column {index + 1} (no header)")
        elif key in taken:
            roster.ignored.append(f'"{label}" (a second column with that header)')
        elif column is not None:
            layout.known[index] = column
            roster.used.append(column.header if normal(column.header) == key else f'{column.header} from "{label}"')
        elif key in FIRST_NAME and layout.first is None:
            layout.first = index
        elif key in LAST_NAME and layout.last is None:
            layout.last = index
        else:
            layout.kept[index] = label
        taken.add(key)
    has_name = any(column.key == "name" for column in layout.known.values())
    if not has_name and layout.first is None and layout.last is None:
        roster.used.clear()
        roster.ignored.clear()
        return None
    if not has_name:
        parts = [f'"{as_text(header[i])}"' for i in (layout.first, layout.last) if i is not None]
        roster.used.insert(0, "Name from " + " + ".join(parts))
        for position in (layout.first, layout.last):  # kept beside the Name too, for lists by last name (`names`)
            if position is not None:
                layout.kept[position] = as_text(header[position])
    elif layout.first is not None or layout.last is not None:
        for position in (layout.first, layout.last):  # a Name column wins; first and last names are kept beside it
            if position is not None:
                layout.kept[position] = as_text(header[position])
        layout.first = layout.last = None
    roster.kept = [layout.kept[i] for i in sorted(layout.kept)]
    return layout


def _read_players(path: Path, body: list[list[str]], first_line: int, layout: Layout) -> list[dict[str, object]]:
    players, problems = [], []
    for line, row in enumerate(body, start=first_line):
        entry: dict[str, object] = {}
        for index, column in layout.known.items():
            try:
                entry[column.key] = column.as_written(row[index] if index < len(row) else None)
            except BadValue as bad:
                problems.append(Problem(path.name, f"line {line}", f"{column.header} {bad}.", column.hint))
        if layout.first is not None or layout.last is not None:
            parts = [as_text(row[i]) if i is not None and i < len(row) else "" for i in (layout.first, layout.last)]
            entry["name"] = " ".join(part for part in parts if part)
        for index, header in layout.kept.items():
            value = as_text(row[index]) if index < len(row) else ""
            if value:
                entry[header] = value
        problems += _too_long(path.name, line, entry)
        if entry.get("name"):
            players.append(entry)
    if problems:
        raise EventError(problems)
    return players


def _too_long(file: str, line: int, entry: dict[str, object]) -> list[Problem]:
    """A name joined from First name and Last name, or a kept column, longer than a cell of its kind may hold
    (`columns.bounded`): said at its line, never written cut short."""
    found = []
    for key, value in entry.items():
        longest = PLAYER_NAME.longest if key == "name" else LONGEST_CELL_TEXT
        try:
            bounded(str(value), longest)
        except BadValue as bad:
            found.append(Problem(file, f"line {line}", f"{'Name' if key == 'name' else key} {bad}.",
                                 PLAYER_NAME.hint if key == "name" else "Shorten it, or leave the column out."))
    return found


def _csv_rows(path: Path, text: str) -> list[list[str]]:
    """The file's non-empty rows; a line the csv module cannot split (a stray carriage return inside a field) is
    named, not a crash."""
    reader = csv.reader(io.StringIO(text), dialect=_dialect(text))
    try:
        return [row for row in reader if any(c.strip() for c in row)]
    except csv.Error as error:
        reason = str(error).split(" - ")[0]
        raise EventError(Problem(path.name, f"line {reader.line_num}", f"The roster cannot be read as CSV ({reason}).",
                                 "Save the roster as CSV (UTF-8) from Excel or LibreOffice.")) from None


def _decode(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise EventError(Problem(path.name, "", f"The roster file cannot be read: {error.strerror}.", "")) from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")  # Excel's "Unicode Text"
    if data.startswith(b"PK\x03\x04") or b"\x00" in data[:65536]:
        raise _binary_problem(path, data)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # what Excel on Windows saves as "CSV"


def _binary_problem(path: Path, data: bytes) -> EventError:
    """A roster that is not text: a workbook given where a CSV belongs, or any other binary file (text has no NUL
    bytes, except UTF-16, which Excel writes as "Unicode Text")."""
    if data.startswith(b"PK\x03\x04") or data.startswith(b"\xd0\xcf\x11\xe0"):
        return EventError(Problem(path.name, "", "The roster is a workbook, not a CSV file.", "Save its list of "
                                  "players as CSV (File > Save As > CSV UTF-8) and give that file to --players."))
    return EventError(Problem(path.name, "", "The roster is not a text (CSV) file.", "Give --players a CSV file: "
                              "one player per line, or a Name column (File > Save As > CSV UTF-8 in Excel)."))


DELIMITERS = (",", ";", "\t")


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    """The separator that splits the header and the most rows alike into more than one column, quotes honoured.
    csv.Sniffer guesses from the characters beside quotes, and a quoted name holding the other separator
    ("A; B" in a semicolon file) made it guess none: the whole roster became one column. A file no separator
    splits alike is a plain list of names, one a line, read with a separator the text does not hold (Python 3.10's
    csv takes no NUL as a separator, so one of the ASCII separator controls)."""
    sample = text[:65536]
    best, score = None, (0, 0)
    for delimiter in DELIMITERS:
        try:
            rows = [row for row in csv.reader(io.StringIO(sample), delimiter=delimiter) if any(c.strip() for c in row)]
        except csv.Error:
            continue
        rows = rows[:-1] if len(rows) > 2 and not sample.endswith(("\n", "\r")) else rows  # a line cut short
        width = len(rows[0]) if rows else 0
        found = (sum(len(row) == width for row in rows), width)
        if width > 1 and 2 * found[0] > len(rows) and found > score:  # most rows as wide as the first
            best, score = delimiter, found
    unused = next((ch for ch in "\x1f\x1e\x1d\x1c" if ch not in text), "\x1f")
    return type("Roster", (csv.excel,), {"delimiter": best or unused})
