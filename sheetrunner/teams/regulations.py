"""A team event's own regulations read from the Event sheet (issue 33): `Team tiebreakers` and `Team bye`.

Each is checked at its cell, as every setting is: an unknown or unfit tiebreaker name, a Team bye that is none of
its words nor a score a team can make. A refused setting falls back to its default (sheetrunner's team order;
every board won), so the rest of the event is still checked; the error stops any command from writing.
"""

from __future__ import annotations

from ..model.event import Settings
from ..scoring.typed_tiebreakers import score_not_first, typed_tiebreakers
from ..model.problems import Problem
from ..model.values import BadValue
from .byes import EVERY_BOARD, TeamBye, read_team_bye
from .scoring import LABELS, TEAM_TIEBREAKERS
from .tiebreakers import FOR_TEAMS

TEAM_COLUMNS = {label: key for columns in LABELS.values() for key, (label, _) in columns.items()}  # BW%, PS%…
FIDE_TEAM_ORDER = ("match_points", "sonneborn_berger_cut1", "buchholz_cut1")  # FIDE 2007, D.II.02.G13 (olimpbase)


def regulation_problems(settings: Settings, size: int, problems: list[Problem]) -> tuple[tuple[str, ...], TeamBye]:
    """The Team tiebreakers and the Team bye, each problem appended at its cell."""
    return read_team_tiebreakers(settings, problems), read_bye(settings, size, problems)


def read_team_tiebreakers(settings: Settings, problems: list[Problem]) -> tuple[str, ...]:
    """Names from `sheetrunner tiebreakers` marked for teams, in order; blank: sheetrunner's team order."""
    text = settings.options.get("team_tiebreakers") or ""
    names = typed_tiebreakers(text, TEAM_COLUMNS)
    if not names:
        return TEAM_TIEBREAKERS
    unfit = [name for name in names if name not in FOR_TEAMS]
    if unfit:
        problems.append(Problem("Event", settings.cells.get("team_tiebreakers", ""), "Team tiebreakers names "
                                + ", ".join(f'"{name}"' for name in unfit) + ", which "
                                + ("is no team tiebreaker." if len(unfit) == 1 else "are no team tiebreakers."),
                                "Use names from: " + ", ".join(FOR_TEAMS) + " (FIDE's team order: "
                                + ", ".join(FIDE_TEAM_ORDER) + ")."))
        return TEAM_TIEBREAKERS
    wrong = score_not_first(text, names, "match_points", "MP")
    if wrong:
        missed, meant = wrong
        problems.append(Problem("Event", settings.cells.get("team_tiebreakers", ""), f"Team tiebreakers {missed}: "
                                "teams are ranked by match points first, the tiebreakers after them.",
                                f"Type {meant}, or leave the cell blank for sheetrunner's team order (MP, OMW%, "
                                "BW%, OBW%)."))
        return TEAM_TIEBREAKERS
    return names


def read_bye(settings: Settings, size: int, problems: list[Problem]) -> TeamBye:
    try:
        return read_team_bye(settings.options.get("team_bye"), size)
    except BadValue as bad:
        problems.append(Problem("Event", settings.cells.get("team_bye", ""), f"Team bye {bad}.", "Type every board "
                                "won, drawn match, own average, or the game points a team bye scores (e.g. "
                                f"{size / 2:g})."))
        return EVERY_BOARD
