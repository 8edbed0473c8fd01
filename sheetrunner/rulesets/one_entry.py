"""One entry per match (issue 31): a two-player result typed once, on either row, is the whole match.

A result slip says the whole match: `2-1`, `W`, the winner's name. Typed on
one row of the table with the other row left blank, it is read as if the
other row said the same from its side, so a round of 200 players takes 100
entries, not 200. The other row may also say it (typed twice, as before):
then each row is held to the other, and a row that disagrees is an error at
the cell whose claim the other row contradicts, saying both.

What one cell can say, by ruleset (decided from each one's result columns):
- W/L/D (`pod-round-robin`, `chits-and-cards`): `W` or `L` on one row makes
  the other row `L` or `W`; `D` makes it `D`. The winner's name (as on the
  roster, either player at the table) is read as that player's win.
- `swiss`: Games won as the match score from this row's side (`2-1`, or
  `2-1-1` with drawn games) gives the other row's games won and, where the
  score says them, both rows' drawn games; `ID` or `0-0-3` is an intentional
  draw for both. A plain number says only this row's games: not the match.
- `swiss-tp`: OP and SP may each be typed as the game's score from this
  row's side (`4-1`: this player 4, the opponent 1). A row with both as
  scores is the whole game; with only OP as a score, the other row's SP is
  still missing, and said so at its cell.
The model's seats then carry the whole match, so standings, reports and the
hall server see one result however it was typed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..model.event import Seat, Table
from ..model.problems import Problem
from ..model.values import IntentionalDraw, MatchScore
from .base import Locate

OTHER_SIDE = {"W": "L", "L": "W", "D": "D"}


@dataclass(frozen=True)
class WinnerName:
    """A roster name typed in a W/L/D cell: that player won (the round reader finds who, the table says if they
    sat there)."""

    player_id: int
    typed: str


def with_results(table: Table, results: tuple[dict[str, Any], ...]) -> Table:
    """The table with each seat's results replaced (seats in the table's order)."""
    return Table(table.number, tuple(replace(seat, result=result) for seat, result in zip(table.seats, results)))


def typed_nothing(seat: Seat) -> bool:
    return not seat.has_result


# --- W / L / D --------------------------------------------------------------------------------------------------


def complete_win_loss_draw(table: Table, sheet: str, locate: Locate, names: dict[int, str]) \
        -> tuple[Table, list[Problem]]:
    """A winner's name read as W or L from each row's side; a blank row gets the other side of the typed one."""
    results: list[dict[str, Any]] = []
    for seat in table.seats:
        typed = seat.result.get("result")
        if isinstance(typed, WinnerName):
            if typed.player_id not in table.player_ids:
                return table, [not_at_table(table, seat, typed, sheet, locate, names)]
            typed = "W" if typed.player_id == seat.player_id else "L"
        results.append({**seat.result, "result": typed})
    first, second = results
    if first["result"] is None and second["result"] is not None:
        first["result"] = OTHER_SIDE[second["result"]]
    elif second["result"] is None and first["result"] is not None:
        second["result"] = OTHER_SIDE[first["result"]]
    elif named(table) and sorted((first["result"], second["result"])) not in (["L", "W"], ["D", "D"]):
        return table, [names_disagree(table, (first["result"], second["result"]), sheet, locate, names)]
    return with_results(table, (first, second)), []


def named(table: Table) -> bool:
    return any(isinstance(seat.result.get("result"), WinnerName) for seat in table.seats)


def outcome_said(table: Table, seat: Seat, result: str, names: dict[int, str]) -> str:
    """What one row's result says of the match, in words: "Ann won", "a draw"."""
    if result == "D":
        return "a draw"
    other = next(s for s in table.seats if s is not seat)
    return f"{names[(seat if result == 'W' else other).player_id]} won"


def names_disagree(table: Table, results: tuple[str, str], sheet: str, locate: Locate,
                   names: dict[int, str]) -> Problem:
    """Two rows typed with a name among them that say different winners: at the second row, both said."""
    first, second = table.seats
    return Problem(sheet, locate("result", second.row), f"Table {table.number}: {names[second.player_id]}'s row "
                   f"says {outcome_said(table, second, results[1], names)} ({typed_text(second)}), but "
                   f"{names[first.player_id]}'s row says {outcome_said(table, first, results[0], names)} "
                   f"({typed_text(first)}).", "Correct one of the two rows, or clear one of them: one row says the "
                   "whole match.")


def typed_text(seat: Seat) -> str:
    typed = seat.result.get("result")
    return typed.typed if isinstance(typed, WinnerName) else str(typed)


def not_at_table(table: Table, seat: Seat, typed: WinnerName, sheet: str, locate: Locate,
                 names: dict[int, str]) -> Problem:
    players = " and ".join(names[pid] for pid in table.player_ids)
    return Problem(sheet, locate("result", seat.row), f'Table {table.number}: "{typed.typed}" names '
                   f"{names[typed.player_id]}, who does not play at this table ({players}).",
                   "Type W, L or D, or the name of the player at this table who won.")


# --- scores typed from one row's side (swiss, swiss-tp) ---------------------------------------------------------


def complete_scores(table: Table, keys: tuple[str, ...]) -> Table:
    """A blank row filled from the other row's scores: each key whose typed value is a score (`2-1`) gives the
    blank row the score's second number; an intentional draw is one for both. Keys whose value is a plain number
    stay blank (the ruleset then says the cell is missing). A row with something typed is never filled."""
    first, second = table.seats
    if typed_nothing(first) == typed_nothing(second):
        return table
    typed, blank = (second, first) if typed_nothing(first) else (first, second)
    filled = dict(blank.result)
    for key in keys:
        value = typed.result.get(key)
        if isinstance(value, IntentionalDraw):
            filled[key] = value
        elif isinstance(value, MatchScore):
            filled[key] = value.opponent
    results = (filled, typed.result) if blank is first else (typed.result, filled)
    return with_results(table, results)


def complete_drawn_games(table: Table) -> Table:
    """`swiss`: the drawn games a score says (`2-1-1`) fill the blank Games drawn of both rows, once one row was
    the whole entry (the other row then has nothing else typed: `complete_scores` filled only its games won)."""
    scores = [seat.result.get("games_won") for seat in table.seats]
    said = next((score.drawn for score in scores if isinstance(score, MatchScore) and score.drawn is not None), None)
    if said is None:
        return table
    results = tuple({**seat.result, "games_drawn": said if seat.result.get("games_drawn") is None else
                     seat.result["games_drawn"]} for seat in table.seats)
    return with_results(table, results)


def check_scores(table: Table, columns: tuple[Any, ...], sheet: str, locate: Locate) -> list[Problem]:
    """`swiss-tp`: a score typed in one row (`4-1`) must say what the other row says of itself; the first
    disagreement of the table is reported at the score's cell, with both numbers."""
    first, second = table.seats
    for column in columns:
        for seat, opponent in ((first, second), (second, first)):
            score, says = seat.result.get(column.key), opponent.result.get(column.key)
            if isinstance(score, MatchScore) and says is not None and int(says) != score.opponent:
                return [Problem(sheet, locate(column.key, seat.row), f"Table {table.number}: {column.header} "
                                f"{score.typed} typed here gives the opponent {score.opponent}, but the opponent's "
                                f"row says {int(says)}.", f"The first number is this player's {column.header}, the "
                                "second the opponent's: correct one of the two rows.")]
    return []
