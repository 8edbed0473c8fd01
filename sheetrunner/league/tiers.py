"""League tiers (issue 33): events of different weight in one season, each tier with its own points table, best N
and minimum, as real leagues run them.

- TopDeck.gg's circuits give each *point group* its own placement points, a minimum attendance for an event to
  count in it, and how many times the group applies to one player ("only the 3 best bronze performances will
  count"); its Championship Series upgrades an event by attendance (Bronze 16+, Silver 30+, Gold 50+, Platinum
  100+). Sources: topdeck.gg/help/circuit-leaderboards-management, topdeck.gg/blog/topdeck-championship-series-20250813.
- Pokémon's Championship Points: larger events award more than smaller ones, and each player counts only a
  limited number of each type of event, the *Best Finish Limit*; where series of different scales share a limit,
  the highest point totals count. A League Challenge pays 15, 12, 10 (3rd-4th), 8 (5th-8th) ... CP, the places
  past 4th only from an attendance (the *kicker*: 21, 48, 80 players). Sources: pokemon.com, "Earn Championship
  Points" and "Pokémon TCG League Challenge" (2024).
- Store and club leagues: a leaderboard's *maximum events* (best N) and *minimum events* to be listed (Disc Golf
  Scene, "Setting up Leaderboards"), one participation point past the paid places (UDisc, "How do standings work").

So a tier here is a column of the season workbook's `Tiers` sheet: its name, its table (any setting left blank
there is the `League` sheet's), its `Best events` (the Best Finish Limit: a player's best N events of the tier
count) and `Minimum events` (events of the tier a player must play to be ranked), and `Players at least` (the
event size from which an event whose Tier is left blank is of this tier: the largest such tier it reaches, as
TopDeck upgrades by attendance). An event's Tier typed in the `Events` sheet is the TO's word and wins. An event
of no tier is scored by the `League` sheet itself: a League table of zeros is TopDeck's "too small to count", and
a size tier per kicker is Pokémon's attendance rule. The League's own `Best events` and `Minimum events` then apply
over the whole season, after each tier's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..model.problems import Problem

TIERS_SHEET = "Tiers"


@dataclass(frozen=True)
class Tier:
    """One tier's rule; None: the League sheet's setting."""

    name: str
    place_points: tuple[Fraction, ...] | None = None
    participation: Fraction | None = None
    win: Fraction | None = None
    draw: Fraction | None = None
    loss: Fraction | None = None
    best: int | None = None  # a player's best N events of the tier count
    minimum: int = 0  # events of the tier a player must play to be ranked
    players_from: int | None = None  # the event size from which an untiered event is of this tier

    def scoring(self, rules: Any) -> Any:
        """The league's rules with this tier's points in place of the League sheet's."""
        changed = {key: getattr(self, key) for key in ("place_points", "participation", "win", "draw", "loss")
                   if getattr(self, key) is not None}
        return replace(rules, **changed)

    @property
    def summary(self) -> str:
        parts = [f"{self.players_from}+ players"] if self.players_from else []
        parts += [f"best {self.best}"] if self.best else []
        parts += [f"at least {self.minimum} to be ranked"] if self.minimum else []
        return f"{self.name} ({', '.join(parts)})" if parts else self.name


def tier_named(tiers: tuple[Tier, ...], name: str) -> Tier | None:
    return next((tier for tier in tiers if tier.name.casefold() == name.casefold()), None)


def tier_of(typed: str, cell: str, size: int, tiers: tuple[Tier, ...]) -> tuple[str, list[Problem]]:
    """An event's tier: the one typed in its Events row, else the largest whose `Players at least` its size
    reaches, else none ("": the League sheet's table)."""
    if typed:
        tier = tier_named(tiers, typed)
        if tier is not None:
            return tier.name, []
        known = ", ".join(t.name for t in tiers)
        hint = (f"Use one of: {known} (the {TIERS_SHEET} sheet's headers), or leave it blank." if tiers else
                f"Add a {TIERS_SHEET} sheet (Setting | one column per tier), or leave the Tier blank.")
        return "", [Problem("Events", cell, f'"{typed}" is not a tier of the season.', hint)]
    reached = [tier for tier in tiers if tier.players_from is not None and size >= tier.players_from]
    return (max(reached, key=lambda tier: tier.players_from or 0).name if reached else ""), []


def counted(scored: list[tuple[int, str, Fraction, int]], tiers: tuple[Tier, ...], best: int | None) -> set[int]:
    """The events that count, from (event, tier, points, place): the most points first (then the better place,
    then the earlier event), each tier's best N, then the league's best N over them all (Pokémon: where series of
    different scales share a limit, the highest point totals count)."""
    caps = {tier.name: tier.best for tier in tiers}
    taken: Counter = Counter()
    kept = []
    for event, tier, _, _ in sorted(scored, key=lambda s: (-s[2], s[3], s[0])):
        if (cap := caps.get(tier)) is None or taken[tier] < cap:
            taken[tier] += 1
            kept.append(event)
    return set(kept[:best or len(kept)])


def shortfall(tiers_played: list[str], tiers: tuple[Tier, ...], minimum: int) -> str:
    """Why a player is not ranked ("1 of 2 events", "0 of 1 Regional events"), or "" when they are."""
    if len(tiers_played) < minimum:
        return f"{len(tiers_played)} of {minimum} events"
    played = Counter(tiers_played)
    short = next((tier for tier in tiers if played[tier.name] < tier.minimum), None)
    return f"{played[short.name]} of {short.minimum} {short.name} events" if short else ""
