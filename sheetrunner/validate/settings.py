"""The `Event` sheet: the ruleset, the event's length and seed, and every option (§2)."""

from __future__ import annotations

from typing import Any

from .. import __version__
from ..model.columns import Column
from ..workbook.layout import EVENT_SHEET
from ..model.event import Settings
from ..model.options import FORMAT_VERSION, Option, event_options, normal, option_by_label
from ..model.problems import WARNING, Problem
from ..rulesets import RULESET_NAMES, Ruleset, get_ruleset
from ..scoring.tiebreakers import TIEBREAKERS, fitting_tiebreakers, tiebreaker_options, unfit_tiebreakers
from ..scoring.typed_tiebreakers import score_not_first, typed_tiebreakers
from ..model.values import BadValue, as_text, is_blank
from ..workbook.grid import SheetRows
from ..workbook.reader import SheetReader, find_sheet

Typed = dict[str, tuple[int, Any, str]]  # normal(label) -> (row, raw value, label as typed)
UNREADABLE = object()  # a value cell holding a formula with no saved value, or an error (already reported)


def read_settings(sheets: dict[str, SheetRows], problems: list[Problem]) -> tuple[Settings | None, Ruleset | None]:
    """The Event sheet as settings and the ruleset they name (None where the sheet cannot say), every problem at
    its cell."""
    reader = _event_reader(sheets, problems)
    if reader is None:
        return None, None
    typed = _typed_settings(reader.sheet, reader)
    ruleset = _read_ruleset(typed, reader)
    options, parsed, tiebreakers = _read_options(ruleset, typed, reader)
    if ruleset is None or any(parsed.get(k) is None for k in ("rounds", "seed")):
        return None, ruleset
    cells = {option.key: reader.cell("value", typed[normal(option.label)][0])
             for option in options if normal(option.label) in typed}
    shown = tuple(name.strip() for name in (parsed.get("report_columns") or "").split(",") if name.strip())
    settings = Settings(ruleset=ruleset.game.name, rounds=parsed["rounds"], seed=parsed["seed"], name=parsed["name"],
                        date=parsed["date"], tiebreakers=tiebreakers or ruleset.game.tiebreakers, options=parsed,
                        report_columns=shown, cells=cells)
    if parsed.get("team_size"):  # a team event (issue 22): the ruleset played by teams
        from ..teams.rules import team_rules
        ruleset = team_rules(ruleset, settings, sheets, problems)
    return settings, ruleset


def _event_reader(sheets: dict[str, SheetRows], problems: list[Problem]) -> SheetReader | None:
    """A reader of the Event sheet's Setting and Value columns, or None (said) when there is no such sheet."""
    sheet = find_sheet(sheets, EVENT_SHEET)
    if sheet is None:
        problems.append(Problem(EVENT_SHEET, "", "The workbook has no Event sheet.",
                                "Make the workbook with `sheetrunner init`, or add a sheet named Event with "
                                "Setting and Value columns."))
        return None
    reader = SheetReader(sheet, (Column("setting", "Setting", ("Option", "Name")), Column("value", "Value")),
                         problems)
    if not (reader.has("setting") and reader.has("value")):
        reader.problem("A1", "The Event sheet needs a header row with Setting and Value columns.",
                       "Type Setting in A1 and Value in B1, then one setting per row below.")
        return None
    reader.unreadable_rows()
    return reader


def _read_options(ruleset: Ruleset | None, typed: Typed, reader: SheetReader) -> tuple[tuple[Option, ...], dict,
                                                                                     tuple[str, ...]]:
    """Every setting of the ruleset read at its cell, then those of the tiebreakers the TO chose that the ruleset
    does not use (OWP's floor in a swiss); a setting no one reads is a warning."""
    def read(options) -> dict[str, Any]:
        return {option.key: _read_option(option, *typed.get(normal(option.label), (0, None, ""))[:2], reader)
                for option in options}

    options = event_options(ruleset.game.all_options if ruleset else ())
    parsed = read(o for o in options if o.key != "ruleset")  # read, and said when missing, by _read_ruleset
    parsed["ruleset"] = ruleset.game.name if ruleset else None
    _check_format_version(parsed.get("format_version"), typed, reader)
    tiebreakers = _read_tiebreakers(parsed.get("tiebreakers") or "", typed, reader, ruleset)
    chosen = tuple(o for o in tiebreaker_options(tiebreakers or ()) if o.key not in parsed)
    parsed.update(read(chosen))
    options += chosen
    _check_order(options, parsed, typed, reader)
    known = option_by_label(options)
    for label_key, (row, _, label) in typed.items():
        if label_key not in known and ruleset is not None:
            reader.problem(reader.cell("setting", row), f'Unknown setting "{label}"; it is ignored.',
                           "Check the spelling; `sheetrunner rulesets` lists each ruleset's settings.", WARNING)
    return options, parsed, tiebreakers


def _typed_settings(sheet: SheetRows, reader: SheetReader) -> Typed:
    typed: Typed = {}
    for row, values in sheet.rows:
        label = as_text(reader.typed("setting", row, values))
        if not label:
            continue
        if normal(label) in typed:
            first = typed[normal(label)][0]
            reader.problem(reader.cell("setting", row), f'"{label}" is set twice (first on row {first}).',
                           "Delete one of the two rows.")
            continue
        raw = reader.raw("value", values)
        if is_blank(raw) and reader.unreadable("value", row, label):
            raw = UNREADABLE
        typed[normal(label)] = (row, raw, label)
    return typed


def _read_ruleset(typed: Typed, reader: SheetReader) -> Ruleset | None:
    row, raw, _ = typed.get("ruleset", (0, None, ""))
    names = ", ".join(RULESET_NAMES)
    if raw is UNREADABLE:
        return None  # already said at its cell
    if is_blank(raw):
        where = reader.cell("value", row) if row else "A1"
        reader.problem(where, "Ruleset is not set.", f"Add a Ruleset row with one of: {names}.")
        return None
    ruleset = get_ruleset(as_text(raw))
    if ruleset is None:
        reader.problem(reader.cell("value", row), f'Unknown ruleset "{as_text(raw)}".', f"Use one of: {names}.")
    return ruleset


def _read_option(option: Option, row: int, raw: Any, reader: SheetReader) -> Any:
    if raw is UNREADABLE:
        return None  # already said
    if not row and option.required:
        reader.problem("A1", f"The {option.label} setting is missing.", f"Add a row: {option.label} | value.")
        return None
    try:
        return option.read(raw)
    except BadValue as bad:
        reader.problem(reader.cell("value", row), f"{option.label} {bad}.", bad.hint or option.hint)
        return None


def _check_format_version(version: int | None, typed: Typed, reader: SheetReader) -> None:
    if version is not None and version > FORMAT_VERSION:
        row = typed.get(normal("Format version"), (0,))[0]
        reader.problem(reader.cell("value", row), f"This workbook is format version {version}; sheetrunner "
                       f"{__version__} reads format version {FORMAT_VERSION} only.",
                       "Update sheetrunner (pip install --upgrade sheetrunner) and run the command again.")


def _check_order(options: tuple[Option, ...], parsed: dict[str, Any], typed: Typed, reader: SheetReader) -> None:
    """An option declared `at_most` another may not exceed it (a drawn game worth more than a won one makes no
    sense, MTR appendix C): said at the cell typed, the smaller option's when both are."""
    by_key = {option.key: option for option in options}
    for option in options:
        bound = by_key.get(option.at_most)
        value, limit = parsed.get(option.key), parsed.get(option.at_most)
        if bound is None or value is None or limit is None or value <= limit:
            continue
        own, other = (typed.get(normal(o.label), (0,))[0] for o in (option, bound))
        shown, most = option.cell_value(value), bound.cell_value(limit)
        hint = f"Type at most {most}, or raise {bound.label}." if own else \
            f"Type at least {shown}, or add a {option.label} row with at most {most}."
        reader.problem(reader.cell("value", own or other), f"{option.label} ({shown}) is more than {bound.label} "
                       f"({most}): a worse result cannot score more than a better one.", hint)


def _read_tiebreakers(text: str, typed: Typed, reader: SheetReader, ruleset: Ruleset | None) -> tuple[str, ...]:
    """The `Tiebreakers` override: known names that the ruleset's scoring can feed (validate, then run)."""
    names = typed_tiebreakers(text)
    cell = reader.cell("value", typed.get("tiebreakers", (0,))[0])
    unknown = [name for name in names if name not in TIEBREAKERS]
    if unknown:
        reader.problem(cell, "Unknown tiebreaker " + ", ".join(f'"{n}"' for n in unknown) + ".",
                       "Use names from: " + ", ".join(TIEBREAKERS) + ".")
        return ()
    if ruleset is None:
        return names
    unfit = unfit_tiebreakers(names, ruleset.game.provides)
    if unfit:
        listed = ", ".join(f'"{name}" ({" and ".join(missing)})' for name, missing in unfit.items())
        reader.problem(cell, f"{ruleset.game.name} does not score what these tiebreakers need: {listed}.",
                       f"Use names that fit {ruleset.game.name}: " + ", ".join(fitting_tiebreakers(ruleset.game.provides)) + ".")
        return ()
    score = TIEBREAKERS[ruleset.game.score_key]  # what the games score and pairing groups by: it leads every ranking
    wrong = score_not_first(text, names, score.key, score.label)
    if wrong:
        missed, meant = wrong
        default = ", ".join(TIEBREAKERS[key].label for key in ruleset.game.tiebreakers)
        reader.problem(cell, f"Tiebreakers {missed}: {ruleset.game.name} ranks by {score.label} first, the "
                       "tiebreakers after it.", f"Type {meant}, or leave the cell blank for the order of "
                       f"{ruleset.game.name} ({default}).")
        return ()
    return names
