"""The `Players` sheet: the roster, with IDs assigned where blank and never reused (§2)."""

from __future__ import annotations

from typing import Any

from ..model import columns as cols
from ..model.columns import Column
from ..workbook.layout import PLAYERS_SHEET
from ..workbook.logsheet import LogHistory
from ..model.event import Player
from ..model.names import name_key, FIRST_NAME_HEADERS, LAST_NAME, LAST_NAME_HEADERS, parts_from_columns
from ..model.options import normal
from ..model.problems import WARNING, Problem
from ..rulesets import all_rulesets
from ..model.values import BadValue, as_text, as_whole_number, is_blank
from ..workbook.grid import SheetRows, cell_name
from ..workbook.reader import SheetReader, round_sheet_values, unreadable_cell


def read_players(sheet: SheetRows | None, extra: tuple[Column, ...], problems: list[Problem],
                 sheets: dict[str, SheetRows], log: LogHistory,
                 shown: tuple[str, ...] = ()) -> tuple[list[Player], dict[int, int]]:
    """The roster, and the IDs to write into rows that had none (by sheet row).

    `shown` names the TO's own columns (faction, deck) the reports show beside each name: they are kept as
    text in `extra["shown"]`."""
    if sheet is None:
        problems.append(Problem(PLAYERS_SHEET, "", "The workbook has no Players sheet.",
                                "Add a sheet named Players with a Name column and one player per row."))
        return [], {}
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS + extra, problems)
    if not reader.has("name"):
        reader.problem(f"A{sheet.header_row or 1}", "The Players sheet has no Name column.",
                       "Add a column headed Name with one player per row.")
        return [], {}
    reader.unreadable_rows()
    entries: list[tuple[int, dict[str, Any]]] = []
    names: dict[str, int] = {}
    ids: dict[int, int] = {}
    for row, values in sheet.rows:
        fields = {key: reader.read(key, row, values) for key in reader.columns}
        if not _has_name(reader, row, values, fields):
            continue
        key = name_key(fields["name"])
        if key in names:
            reader.problem(reader.cell("name", row), f'"{fields["name"]}" is on the roster twice (also row '
                           f'{names[key]}).', "Delete the repeated row, or tell the two players apart (e.g. add an "
                           "initial).")
            continue
        names[key] = row
        if fields.get("id") is not None:
            if fields["id"] in ids:
                reader.problem(reader.cell("id", row), f"ID {fields['id']} is used twice (also row "
                               f"{ids[fields['id']]}).", "Give each player their own ID, or clear it and "
                               "sheetrunner assigns a new one.")
                fields["id"] = None
            else:
                ids[fields["id"]] = row
        entries.append((row, fields))
    if cols.BYES not in extra:
        problems.extend(unused_byes(sheet))
    new_ids = _assign_ids(entries, _highest_id(sheets, ids, log))
    players = [_player(row, fields, new_ids, extra, reader.cell("name", row), reader.cell("dropped_after", row))
               for row, fields in entries]
    _keep_shown_columns(sheet, shown, players, problems)
    return _keep_name_parts(sheet, players), new_ids


def _keep_shown_columns(sheet: SheetRows, shown: tuple[str, ...], players: list[Player],
                        problems: list[Problem]) -> None:
    """Keyed by the header as the Players sheet has it, in the order `Report columns` lists them. A cell holding an
    error (#N/A) is reported, not printed blank beside the name."""
    index = {normal(header): i for i, header in enumerate(sheet.headers) if not is_blank(header)}
    columns = {as_text(sheet.headers[index[normal(name)]]): index[normal(name)] for name in shown
               if normal(name) in index}
    rows = dict(sheet.rows)
    for player in players:
        values = rows[player.row]
        player.extra["shown"] = {name: as_text(values[i]) if i < len(values) and not is_blank(values[i]) else ""
                                 for name, i in columns.items()}
        for name, i in columns.items():
            if not player.extra["shown"][name]:
                unreadable_cell(sheet, cell_name(i, player.row), name, problems)


def _keep_name_parts(sheet: SheetRows, players: list[Player]) -> list[Player]:
    """A player's First name and Last name columns (a roster imported with both keeps them), for lists sorted by
    last name (`names`): kept as `extra["name_parts"]` when they make the Name; where they do not (the Name was
    corrected since), the cell is kept as `extra["name_parts_differ"]`, for `differing_name_parts`."""
    index = {normal(header): i for i, header in enumerate(sheet.headers) if not is_blank(header)}
    first = next((index[h] for h in FIRST_NAME_HEADERS if h in index), None)
    last = next((index[h] for h in LAST_NAME_HEADERS if h in index), None)
    if first is None and last is None:
        return players
    rows = dict(sheet.rows)
    for player in players:
        values = rows[player.row]
        typed = [as_text(values[i]) if i is not None and i < len(values) and not is_blank(values[i]) else ""
                 for i in (first, last)]
        if not any(typed):
            continue
        parts = parts_from_columns(player.name, *typed)
        if parts:
            player.extra["name_parts"] = parts
        else:
            column = last if typed[1] else first
            assert column is not None  # a part typed has its column
            player.extra["name_parts_differ"] = cell_name(column, player.row)
    return players


def players_setting_warnings(sheet: SheetRows, players: list[Player], settings) -> list[Problem]:
    """What the Event's settings make of the Players sheet: `Report columns` it lacks, name parts that do not make
    the Name."""
    return missing_shown_columns(sheet, settings) + differing_name_parts(sheet, players, settings)


def differing_name_parts(sheet: SheetRows, players: list[Player], settings) -> list[Problem]:
    """With names sorted by last name, a First name or Last name that does not make the player's Name is said at
    its cell: the lists then split the Name itself (its last word), never show a name the TO corrected."""
    if settings.option("names_sorted_by") != LAST_NAME:
        return []
    return [Problem(sheet.name, player.extra["name_parts_differ"], f'First name and Last name do not make the Name '
                    f'"{player.name}" (row {player.row}); lists by last name use the Name\'s last word.', "Correct "
                    "First name and Last name to match the Name, or clear them.", WARNING)
            for player in players if "name_parts_differ" in player.extra]


def unused_byes(sheet: SheetRows) -> list[Problem]:
    """A filled `Byes` column where the ruleset gives no byes before round 1 (pods, round robin, Diplomacy:
    their schedules or boards have no bye to give) is kept untouched and said once, at its header."""
    index = cols.BYES.index_in(sheet.headers)
    if index is None or not any(index < len(values) and not is_blank(values[index]) and values[index] != 0
                                for _, values in sheet.rows):
        return []
    honoured = ", ".join(name for name, ruleset in all_rulesets().items() if cols.BYES in ruleset.layout.player_columns)
    return [Problem(sheet.name, cell_name(index, sheet.header_row or 1), "The Byes column is ignored: this "
                    "ruleset gives no byes before round 1.", f"Only {honoured} give invited players byes; clear the "
                    "column to silence this.", WARNING)]


def missing_shown_columns(sheet: SheetRows, settings) -> list[Problem]:
    """A `Report columns` name with no Players column is left out of the reports, and said once."""
    headers = {normal(header) for header in sheet.headers if not is_blank(header)}
    missing = [name for name in settings.report_columns if normal(name) not in headers]
    if not missing:
        return []
    listed = ", ".join(f'"{name}"' for name in missing)
    return [Problem("Event", settings.cells.get("report_columns", ""), f"Report columns names {listed}, which "
                    f"{'is not a Players column' if len(missing) == 1 else 'are not Players columns'}; the reports "
                    "leave it out.", "Spell it as the Players column is headed, or add that column.", WARNING)]


def _has_name(reader: SheetReader, row: int, values: tuple, fields: dict[str, Any]) -> bool:
    """A row names a player; an empty name beside other values (or of invisible characters only) is a problem."""
    if fields.get("name"):
        return True
    raw = reader.raw("name", values)
    if isinstance(raw, str) and raw and is_blank(raw) and raw.strip():
        reader.problem(reader.cell("name", row), "Name holds only invisible characters.",
                       "Type the player's name, or clear the cell.")
    elif reader.cell("name", row) in reader.sheet.flags:
        pass  # an error (#N/A) or an unsaved formula: said as such when the cell was read, never "empty"
    elif any(fields.get(key) is not None for key in fields if key != "id"):
        reader.problem(reader.cell("name", row), "Name is empty.", "Type the player's name, or delete the row.")
    return False


def _highest_id(sheets: dict[str, SheetRows], ids: dict[int, int], log: LogHistory) -> int:
    """IDs are never reused: new ones start above any seen in Players, a round sheet or the Log."""
    highest = max([log.last_id, *ids])
    for value in round_sheet_values(sheets, cols.ROUND_PLAYER_ID):
        try:
            highest = max(highest, as_whole_number(value, 1))
        except BadValue:
            pass  # reported where the round is read
    return highest


def _assign_ids(entries: list[tuple[int, dict]], highest: int) -> dict[int, int]:
    new_ids = {}
    for row, fields in entries:
        if fields.get("id") is None:
            highest += 1
            new_ids[row] = highest
    return new_ids


def _player(row: int, fields: dict[str, Any], new_ids: dict[int, int], extra: tuple[Column, ...],
            name_cell: str, dropped_cell: str) -> Player:
    return Player(
        id=fields.get("id") or new_ids[row],
        name=fields["name"],
        team=fields.get("team") or "",
        fixed_table=fields.get("fixed_table"),
        dropped_after=fields.get("dropped_after"),
        joined_in=fields.get("joined_in") or 1,
        extra={column.key: fields.get(column.key) for column in extra},
        row=row,
        name_cell=name_cell,
        dropped_cell=dropped_cell,
    )
