"""The optional `Penalties` sheet (§2, issue 21): one row per penalty, checked at its cells.

Columns: Round, Player (a name or an ID), Kind (warning, game loss, match loss, disqualification, point
deduction), Points (a point deduction's points), Note. A workbook without the sheet has no penalties. What each
kind does to scoring is in `sheetrunner.scoring.penalties`; here each row is checked against the event: a player on the
roster (the closest names offered, as round sheets do), a round that has been paired, a kind the ruleset has,
points for a deduction, and a game to lose for a game or match loss.
"""

from __future__ import annotations

from fractions import Fraction

from ..model.columns import Column
from ..model.event import (DISQUALIFICATION, GAME_LOSS, MATCH_LOSS, PENALTY_KINDS, POINT_DEDUCTION, Event, Penalty,
                     Player)
from ..model.problems import WARNING, Problem
from ..rulesets import Ruleset
from ..model.values import BadValue, as_label, as_number, as_text, is_blank
from ..workbook.grid import SheetRows
from ..model.names import name_key
from ..workbook.reader import SheetReader, find_sheet
from .rounds import not_on_roster_hint

PENALTIES_SHEET = "Penalties"
KIND_SYNONYMS = (("DQ", DISQUALIFICATION), ("Disqualified", DISQUALIFICATION), ("GL", GAME_LOSS),
                 ("ML", MATCH_LOSS), ("Deduction", POINT_DEDUCTION), ("Points deduction", POINT_DEDUCTION),
                 ("Point penalty", POINT_DEDUCTION))
ROUND = Column("round", "Round", ("Rnd",), "whole", minimum=1, hint="Type the round the penalty applies to, e.g. 2.",
               width=7)
PLAYER = Column("player", "Player", ("Name", "ID", "Player ID"), hint="Type the player's name as in Players, or "
                "their ID.", width=28)
KIND = Column("kind", "Kind", ("Penalty", "Type"), "choice", choices=PENALTY_KINDS, synonyms=KIND_SYNONYMS,
              hint="Type warning, game loss, match loss, disqualification or point deduction.", width=18)
POINTS = Column("points", "Points", ("Deduction", "Points deducted"), required=False,
                hint="Type the points a point deduction takes off, a number above 0.", width=8)
NOTE = Column("note", "Note", ("Notes", "Reason", "Comment"), width=40)
COLUMNS = (ROUND, PLAYER, KIND, POINTS, NOTE)
INVALID = object()  # a cell already reported as bad


def read_penalties(sheets: dict[str, SheetRows], event: Event, ruleset: Ruleset,
                   problems: list[Problem]) -> list[Penalty]:
    """Every penalty the sheet holds that can be applied; each bad cell becomes a problem (none without the
    sheet)."""
    sheet = find_sheet(sheets, PENALTIES_SHEET)
    if sheet is None:
        return []
    reader = SheetReader(sheet, COLUMNS, problems)
    missing = [column.header for column in (ROUND, PLAYER, KIND) if not reader.has(column.key)]
    if missing:
        reader.problem(f"A{sheet.header_row or 1}", f"The Penalties sheet has no {' or '.join(missing)} column.",
                       "Head its columns Round, Player, Kind, Points, Note.")
        return []
    reader.unreadable_rows()
    rows = PenaltyRows(reader, event, ruleset)
    penalties = [penalty for row, values in sheet.rows if (penalty := rows.read(row, values)) is not None]
    check_game_losses(penalties, event, reader)
    return penalties


class PenaltyRows:
    """Reads one row at a time, knowing the roster and the rounds paired so far."""

    def __init__(self, reader: SheetReader, event: Event, ruleset: Ruleset):
        self.reader, self.event, self.ruleset = reader, event, ruleset
        self.by_name = {name_key(player.name): player for player in event.players}
        self.paired = len(event.rounds)

    def read(self, row: int, values: tuple) -> Penalty | None:
        found = {key: self.reader.read(key, row, values, INVALID) for key in ("round", "kind", "note")}
        player = self.player(row, values)
        if INVALID in found.values() or player is None:
            return None
        number, kind = self.round(row, found["round"]), self.kind(row, found["kind"])
        points = self.points(row, values, kind)
        if number is None or kind is None or points is None or not self.takes_part(row, player, number, kind):
            return None
        return Penalty(number, player.id, kind, points, found["note"] or "", row)

    def player(self, row: int, values: tuple) -> Player | None:
        """By ID (a number) or by name; a name not on the roster gets the closest names."""
        raw = self.reader.typed("player", row, values, INVALID)
        cell = self.reader.cell("player", row)
        if raw is INVALID:
            return None
        if is_blank(raw):
            self.reader.problem(cell, "Player is empty.", PLAYER.hint)
            return None
        try:
            text = as_label(raw)  # "²" is not ID 2
        except BadValue as bad:
            self.reader.problem(cell, f"Player {bad}.", PLAYER.hint)
            return None
        if text.isdecimal() and name_key(text) not in self.by_name:
            player = self.event.players_by_id.get(int(text))
            if player is None:
                self.reader.problem(cell, f"No player has ID {text}.", "Use an ID from the Players sheet, or type "
                                    "the name.")
            return player
        player = self.by_name.get(name_key(text))
        if player is None:
            self.reader.problem(cell, f'"{text}" is not on the roster.', not_on_roster_hint(text, list(self.event.players)))
        return player

    def round(self, row: int, number: int | None) -> int | None:
        cell = self.reader.cell("round", row)
        if number is None:
            self.reader.problem(cell, "Round is empty.", ROUND.hint)
        elif number > self.paired:
            paired = f"the last round paired is {self.paired}" if self.paired else "no round has been paired yet"
            self.reader.problem(cell, f"Round {number} has not been played yet ({paired}).",
                                "A penalty applies to a round that has been paired: type its number, or add the "
                                "row once that round is paired.")
        else:
            return number
        return None

    def kind(self, row: int, kind: str | None) -> str | None:
        cell = self.reader.cell("kind", row)
        if kind is None:
            self.reader.problem(cell, "Kind is empty.", KIND.hint)
        elif kind not in self.ruleset.game.penalty_kinds:
            self.reader.problem(cell, f"A {kind} does not apply in {self.ruleset.game.name}: {WHY_NOT[kind]}",
                                f"Use one of: {', '.join(self.ruleset.game.penalty_kinds)}.")
        else:
            return kind
        return None

    def points(self, row: int, values: tuple, kind: str | None) -> Fraction | None:
        """A point deduction's points: a number above 0. Points typed beside another kind are ignored (a
        warning)."""
        raw, cell = self.reader.typed("points", row, values, INVALID), self.reader.cell("points", row)
        if raw is INVALID:
            return None
        if kind != POINT_DEDUCTION:
            if not is_blank(raw) and kind is not None:
                self.reader.problem(cell, f"Points are ignored for a {kind}.", "Clear them, or make the Kind point "
                                    "deduction.", WARNING)
            return Fraction(0)
        if is_blank(raw):
            self.reader.problem(cell, "A point deduction needs its Points.", POINTS.hint)
            return None
        try:
            points = as_number(raw)
        except BadValue as bad:
            self.reader.problem(cell, f"Points {bad}.", POINTS.hint)
            return None
        if points <= 0:
            self.reader.problem(cell, f"Points must be above 0, found {as_text(raw)}.",
                                "Type the points taken off as a positive number: 2 takes 2 points off.")
            return None
        return points

    def takes_part(self, row: int, player: Player, number: int, kind: str) -> bool:
        """A game or match loss needs a game in that round; a point deduction a round scored for the player
        (a game, a bye or a missed round); a warning or disqualification any round."""
        round_ = self.event.rounds[number - 1]
        table = round_.table_of(player.id)
        cell = self.reader.cell("player", row)
        if kind in (GAME_LOSS, MATCH_LOSS) and (table is None or table.is_bye):
            what = "has a bye in" if table is not None else "has no game in"
            self.reader.problem(cell, f"{player.name} {what} {round_.sheet}, so there is no match for a {kind}.",
                                "Type the round of the match the penalty applies to (IPG: the player's next "
                                "match when theirs had ended).")
            return False
        if kind == POINT_DEDUCTION and table is None and player.id not in self.event.missed(round_):
            self.reader.problem(cell, f"{player.name} has no game in {round_.sheet} to take points from.",
                                "Type a round the player played.")
            return False
        later = [r.sheet for r in self.event.rounds[number:] if player.id in r.player_ids]
        if kind == DISQUALIFICATION and later:
            self.reader.problem(self.reader.cell("round", row), f"{player.name} is disqualified in round {number} "
                                f"but is seated in {later[0]}.", "A disqualification drops the player after its "
                                "round: type the last round they played, or remove them from the later round.")
            return False
        return True


WHY_NOT = {
    GAME_LOSS: "its results do not count games won (only swiss does).",
    MATCH_LOSS: "its games have more than two players, so there is no opponent to win the match.",
    POINT_DEDUCTION: "", DISQUALIFICATION: "", "warning": "",
}


def check_game_losses(penalties: list[Penalty], event: Event, reader: SheetReader) -> None:
    """MTR 2.3: a match ends when a player has won the majority of Best of. A game loss that the opponent would
    win past it means the match had ended without it (the typed score already counts it, or it belongs to the
    player's next match): an error at the game loss's Kind cell."""
    best_of = event.settings.options.get("best_of")
    if not best_of:  # no Best of setting (a ruleset without games in a match): nothing to overrun
        return
    losses = [p for p in penalties if p.kind == GAME_LOSS]
    for penalty in losses:
        table = event.rounds[penalty.round - 1].table_of(penalty.player_id)
        assert table is not None  # `takes_part` refused a game loss without a game
        if not all(seat.has_result for seat in table.seats):
            continue  # judged once the result is typed
        opponent = next(seat for seat in table.seats if seat.player_id != penalty.player_id)
        typed = int(opponent.result["games_won"])
        won = typed + sum(1 for p in losses if (p.round, p.player_id) == (penalty.round, penalty.player_id))
        if won > best_of // 2 + 1:
            reader.problem(reader.cell("kind", penalty.row), f"{event.player(opponent.player_id).name} already won "
                           f"{typed} of the best-of-{best_of} match at Round {penalty.round} table {table.number}; "
                           f"a game loss on top makes {won}, which cannot happen.", "The round sheet holds the "
                           "games played at the table: type the score without the game loss, or give it in the "
                           "player's next round.")
