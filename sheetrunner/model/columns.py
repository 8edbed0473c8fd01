"""The columns sheetrunner knows in `Players` and `Round N` sheets.

A `Column` is a header with its aliases and how a cell under it is read. The
shared columns live here; a ruleset adds its result columns with the same class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import values
from .options import normal


NUMBER_KINDS = ("whole", "games", "score")  # columns a plain whole number fits as it is


@dataclass(frozen=True)
class Column:
    key: str
    header: str
    aliases: tuple[str, ...] = ()
    kind: str = "text"  # text | label (text read as a number when it is one) | whole | games | score | choice | yesno
    choices: tuple[str, ...] = ()
    synonyms: tuple[tuple[str, str], ...] = ()  # other words a choice cell accepts: (word, choice)
    minimum: int | None = 0
    hint: str = ""
    width: int = 12
    required: bool = True  # for result columns: a game with results needs this one filled
    longest: int = values.LONGEST_CELL_TEXT  # a text cell's most characters (Excel keeps no more in one cell)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.header, *self.aliases)

    def matches(self, header: Any) -> bool:
        """This column's header or an alias, in any case, surrounding spaces ignored (§2)."""
        return not values.is_blank(header) and normal(header) in {normal(name) for name in self.names}

    def index_in(self, headers: list[Any]) -> int | None:
        """Where this column is among a sheet's headers (the first that matches), or None."""
        return next((index for index, header in enumerate(headers) if self.matches(header)), None)

    def read(self, raw: Any) -> Any:
        """The cell's clean value, None when blank; raises `values.BadValue`."""
        if raw is None:
            return None
        if type(raw) is int and self.kind in NUMBER_KINDS and (self.minimum or 0) <= raw <= values.LARGEST_WHOLE:
            return raw  # most cells: a plain whole number where one belongs
        if values.is_blank(raw):
            return None
        if self.kind == "whole":
            return values.as_whole_number(raw, self.minimum)
        if self.kind == "games":
            return values.as_games_won(raw, self.minimum)
        if self.kind == "score":
            return values.as_score(raw, self.minimum)
        if self.kind == "choice":
            return values.as_choice(raw, self.choices, self.synonyms)
        if self.kind == "yesno":
            return values.as_yes_no(raw)
        if self.kind == "board":
            return values.as_board(raw)
        return bounded(values.as_label(raw) if self.kind == "label" else values.as_text(raw), self.longest)

    def as_written(self, raw: Any) -> Any:
        """What a roster's cell writes into the sheet: its clean value, checked by `read`; a board as typed, since
        A, B, C are the TO's own words for boards 1, 2, 3 (the model reads them as numbers)."""
        value = self.read(raw)
        return values.as_label(raw) if self.kind == "board" and value is not None else value


def bounded(text: str, longest: int) -> str:
    """Text of at most `longest` characters, else `values.BadValue`: what sheetrunner writes back (a name on
    every round sheet) must fit the cell, and a name pasted with a page of text is a slip, not a name."""
    if len(text) > longest:
        raise values.BadValue(f"has {len(text):,} characters, more than the {longest:,} it may hold")
    return text


def by_header(columns) -> dict[str, Column]:
    """Columns by each header they answer to, as compared: how a sheet's headers are looked up."""
    return {normal(name): column for column in columns for name in column.names}


PLAYER_ID = Column("id", "ID", ("Player ID", "#", "No", "Number"), "whole", minimum=1,
                   hint="IDs are whole numbers from 1; leave it blank and sheetrunner assigns one.", width=6)
# Names (a player's, a team's) are at most 200 characters: the longest real ones (several given names and two
# family names, a club's full title) stay well under 150, and a name is printed on every slip and page.
LONGEST_NAME = 200
PLAYER_NAME = Column("name", "Name", ("Player", "Player name", "Full name"), hint="Type the player's name.", width=28,
                     longest=LONGEST_NAME)
TEAM = Column("team", "Team", ("Club", "Family"), hint="Players with the same Team are kept apart.", width=18,
              longest=LONGEST_NAME)
FIXED_TABLE = Column("fixed_table", "Fixed table", ("Fixed game", "Fixed board"), "whole", minimum=1,
                     hint="Type the table number this player must always sit at, or leave it blank.", width=12)
DROPPED_AFTER = Column("dropped_after", "Dropped after", ("Dropped", "Drop after"), "whole", minimum=0,
                       hint="Type the last round the player played; clear it to reinstate them.", width=14)
JOINED_IN = Column("joined_in", "Joined in", ("Joined", "Late entry"), "whole", minimum=1,
                   hint="Type the first round the player plays, or leave it blank for round 1.", width=11)

PLAYER_COLUMNS = (PLAYER_ID, PLAYER_NAME, TEAM, FIXED_TABLE, DROPPED_AFTER, JOINED_IN)
# Byes before round 1 for invited players (§2): a Players column of the Swiss rulesets only (`player_columns`).
BYES = Column("byes", "Byes", ("Invited byes", "Byes from round 1"), "whole", minimum=0, required=False,
              hint="Type how many rounds, from round 1, this invited player has a bye (blank is 0).", width=7)

TABLE = Column("table", "Table", ("Game", "Board", "Match"), "label", hint="Type the table number, or BYE.", width=8)
SEAT = Column("seat", "Seat", (), "whole", minimum=1, hint="Type the seat number.", width=6)
ROUND_PLAYER_ID = Column("id", "ID", PLAYER_ID.aliases, "whole", minimum=1,
                         hint="Type the player's ID from Players, or leave it blank and type the name.", width=6)
ROUND_PLAYER = Column("player", "Player", ("Name", "Player name"), hint="Type the player's name as in Players.",
                      width=28, longest=LONGEST_NAME)
NOTE = Column("note", "Note", ("Notes", "Comment"), width=48)
