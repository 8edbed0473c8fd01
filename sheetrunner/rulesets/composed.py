"""A ruleset composed of typed parts (issue 32): the game, how its sheets look, who plays, what it prints.

A `Game` (`base.py`) is one kind of play: its name, settings and tiebreakers, and how one game is checked and
scored. It also says how its own players are paired and printed, so a ruleset played by players is the game with
each part taken from it (`Ruleset.of`). A team event (`teams.rules`) or a stage of the top cut (`finals`) is the
same game with the parts it changes replaced, and nothing else: every other part is the game's own object, so no
question about an event is answered by forwarding.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import Game
from .parts import Layout, Pairer, Reports


@dataclass(frozen=True)
class Ruleset:
    """An event's rules: the game, and the parts a team event or a stage of the cut may replace."""

    game: Game
    layout: Layout
    pairer: Pairer
    reports: Reports

    @classmethod
    def of(cls, game: Game) -> Ruleset:
        """The game played by players: every part its own."""
        return cls(game, game.layout, game, game)
