"""Soft-score columns of `Players` (§2, issue 21): the columns the `Soft scores` setting names, checked at each
cell (a number of at least 0; blank is 0) and kept in each player's `extra["soft_scores"]`."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..model.event import Player, Settings
from ..model.options import SOFT_SCORE_USES, normal
from ..model.problems import Problem
from ..scoring.soft_scores import VALUES, SoftScore, parse_soft_scores, with_soft_tiebreakers
from ..model.values import BadValue, as_number, is_blank
from ..workbook.grid import SheetRows, cell_name
from ..workbook.reader import unreadable_cell


def read_soft_scores(sheet: SheetRows, settings: Settings, players: list[Player],
                     problems: list[Problem]) -> Settings:
    """Keep each player's soft scores; the settings come back with the `tiebreaker` soft scores in the
    tiebreaker order (after the ruleset's own, before the seeded draw)."""
    text = settings.options.get("soft_scores") or ""
    if not text:
        return settings
    default = settings.option("soft_score_use")
    scores, unknown = parse_soft_scores(text, default)
    cell = settings.cells.get("soft_scores", "")
    for part in unknown:
        problems.append(Problem("Event", cell, f'Soft scores: "{part}" asks for a use that is none of '
                                f'{", ".join(SOFT_SCORE_USES)}.', "Type one of them in the brackets, or drop the "
                                f"brackets to use Soft score use ({default})."))
    headers = {normal(header): index for index, header in enumerate(sheet.headers) if not is_blank(header)}
    missing = [score.name for score in scores if normal(score.name) not in headers]
    if missing:
        listed = ", ".join(f'"{name}"' for name in missing)
        problems.append(Problem("Event", cell, f"Soft scores names {listed}, which "
                                f"{'is not a Players column' if len(missing) == 1 else 'are not Players columns'}.",
                                "Spell it as the Players column is headed, or add that column."))
    found = [(score, headers[normal(score.name)]) for score in scores if normal(score.name) in headers]
    rows = dict(sheet.rows)
    for player in players:
        player.extra[VALUES] = read_player(sheet, player, rows.get(player.row, ()), found, problems)
    keys = with_soft_tiebreakers(settings.tiebreakers, tuple(scores))
    return replace(settings, tiebreakers=keys) if keys != settings.tiebreakers else settings


def read_player(sheet: SheetRows, player: Player, values: tuple, found: list[tuple[SoftScore, int]],
                problems: list[Problem]) -> dict[str, Fraction]:
    """One player's soft scores by key: a number of at least 0 each, blank counting 0 (an error such as #N/A is
    not blank: it is reported at its cell and counts nothing until corrected)."""
    kept: dict[str, Fraction] = {}
    for score, index in found:
        raw = values[index] if index < len(values) else None
        if is_blank(raw) and unreadable_cell(sheet, cell_name(index, player.row), score.name, problems):
            continue
        if is_blank(raw):
            kept[score.key] = Fraction(0)
            continue
        try:
            kept[score.key] = as_number(raw, Fraction(0))
        except BadValue as bad:
            problems.append(Problem(sheet.name, cell_name(index, player.row), f"{score.name} {bad}.",
                                    "Type a number of at least 0 (blank counts 0)."))
    return kept
