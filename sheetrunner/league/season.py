"""A season's standings across many events (SPEC §5a, Leagues): each event's final standings in, the season out.

Pure: the events come in as plain `EventResult`s (read by `league_io`), the league's rule as `LeagueRules`; the
season table is computed with exact fractions. Players are matched across events by a `League ID` when a row has
one, else by name, folded as sheetrunner compares names (case, invisible characters, runs of spaces) and, since
one person's name is typed by different TOs, accents and Latin letters too (`José` is `Jose`, `Łukasz` is
`Lukasz`: `league_names`); an `Aliases` row (Name | Same as) joins two spellings. A name without an ID joins the
player who carries that name with an ID elsewhere. Names that still differ by a letter are warned about, never
joined. An alias whose names carry two League IDs is an error at its row (issue 29). Events can be of tiers, each
scored by its own table, best N and minimum (`league_tiers`, issue 33).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Callable, Sequence

from .names import ALIASES_SHEET, accents, fold_name, possible_duplicates
from .tiers import Tier, counted, shortfall, tier_named, tier_of
from ..model.problems import EventError, Problem, warning

PLACING, MATCH_POINTS = "placing", "match points"
DEFAULT_PLACE_POINTS = tuple(Fraction(p) for p in (10, 8, 6, 5, 4, 3, 2, 1))


@dataclass(frozen=True)
class Entry:
    """One player's line in one event's final standings."""

    name: str
    place: int
    shared: bool = False  # the place is shared with another player (`=3`)
    league_id: str = ""
    outcomes: dict[str, int] = field(default_factory=dict, compare=False, hash=False)  # "win": 3, "draw": 1, …
    cell: str = ""  # where the name is in the event workbook ("Players!B4"), for problems


@dataclass(frozen=True)
class EventResult:
    label: str  # the event's name as the season shows it
    file: str  # the workbook's file name
    entries: tuple[Entry, ...]
    two_player: bool = True  # match points need two-player games
    tier: str = ""  # its tier's name ("": the League sheet's own table), as typed in Events or by its size
    tier_cell: str = ""  # the Events cell its Tier was typed in ("B3"), for problems
    identity: str = field(default="", compare=False)  # a digest of the event itself: one event counts once


@dataclass(frozen=True)
class Alias:
    name: str
    same_as: str
    row: int = 0  # the Aliases sheet row, for problems


@dataclass(frozen=True)
class LeagueRules:
    """The `League` sheet's settings."""

    name: str = ""
    scoring: str = PLACING
    place_points: tuple[Fraction, ...] = DEFAULT_PLACE_POINTS  # 1st, 2nd, …
    participation: Fraction = Fraction(1)  # a place past the table
    win: Fraction = Fraction(3)  # match points (a bye counts as a win)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    best: int | None = None  # best N events count; None: all
    minimum: int = 1  # events a player must play to be ranked
    tiebreakers: tuple[str, ...] = ("events", "best_placing", "countback")
    tiers: tuple[Tier, ...] = ()  # the Tiers sheet's columns (issue 33)

    @property
    def summary(self) -> str:
        scoring = "points per placing" if self.scoring == PLACING else "match points"
        best = f", best {self.best} events" if self.best else ", every event"
        minimum = f", at least {self.minimum} events to be ranked" if self.minimum > 1 else ""
        tiers = "; tiers " + ", ".join(tier.summary for tier in self.tiers) if self.tiers else ""
        return f"{scoring}{best}{minimum}{tiers}"

    def for_tier(self, name: str) -> LeagueRules:
        """The rules an event of tier `name` is scored by: the tier's points where it sets them."""
        tier = tier_named(self.tiers, name) if name else None
        return tier.scoring(self) if tier else self


@dataclass(frozen=True)
class Played:
    """One event of a season player: their place, the points it is worth, and whether it counts (best N)."""

    event: int  # index in the season's events
    label: str
    name: str  # as spelled in that event
    place: int
    shared: bool
    points: Fraction
    counted: bool
    tier: str = ""

    @property
    def place_label(self) -> str:
        return f"={self.place}" if self.shared else str(self.place)


@dataclass(frozen=True)
class Tiebreak:
    key: str
    label: str
    meaning: str
    value: Callable[[tuple[Played, ...]], object]  # larger is better
    shown: Callable[[tuple[Played, ...]], object]


def _countback(played: tuple[Played, ...]) -> tuple[int, ...]:
    places = Counter(p.place for p in played)
    return tuple(places.get(place, 0) for place in range(1, max(places, default=0) + 1)) + (0,) * 64


TIEBREAKS = {t.key: t for t in (
    Tiebreak("events", "Events", "more events played", lambda ps: len(ps), lambda ps: len(ps)),
    Tiebreak("best_placing", "Best", "the better best place", lambda ps: -min(p.place for p in ps),
             lambda ps: min(p.place for p in ps)),
    Tiebreak("countback", "Countback", "more first places, then more second places, and so on", _countback,
             lambda ps: " ".join(str(n) for n in _countback(ps)[:3])),
    Tiebreak("all_points", "All points", "more points over every event played, dropped ones too",
             lambda ps: sum((p.points for p in ps), Fraction(0)), lambda ps: sum((p.points for p in ps), Fraction(0))),
)}


@dataclass(frozen=True)
class SeasonRow:
    rank: int | None  # None: under the minimum attendance, listed after the ranked players
    shared: bool
    name: str
    league_id: str
    points: Fraction
    played: tuple[Played, ...]  # in season order

    @property
    def rank_label(self) -> str:
        if self.rank is None:
            return ""
        return f"={self.rank}" if self.shared else str(self.rank)

    @property
    def counted(self) -> int:
        return sum(p.counted for p in self.played)


@dataclass(frozen=True)
class Season:
    rules: LeagueRules
    events: tuple[EventResult, ...]
    rows: tuple[SeasonRow, ...]
    warnings: tuple[Problem, ...] = ()

    @property
    def tiebreaks(self) -> tuple[Tiebreak, ...]:
        return tuple(TIEBREAKS[key] for key in self.rules.tiebreakers)


def compute_season(events: list[EventResult], rules: LeagueRules, aliases: Sequence[Alias] = ()) -> Season:
    """The season table: each player's events scored by the league's rule, the best N counted, ranked by points
    then the tiebreakers; players under the minimum attendance listed after. Raises `EventError` with every
    problem when players cannot be told apart."""
    events, problems = with_tiers(events, rules)
    problems += rules_problems(events, rules)
    keys, found = match_players(events, aliases)
    problems += found
    if any(p.is_error for p in problems):
        raise EventError(problems)
    players: dict[str, list[tuple[int, Entry]]] = {}
    for index, event in enumerate(events):
        for entry in event.entries:
            players.setdefault(keys[(index, entry.name)], []).append((index, entry))
    rows = [_row(events, rules, key, found, aliases) for key, found in players.items()]
    problems += possible_duplicates({key: [(index, entry.name) for index, entry in found]
                                     for key, found in players.items()}, [event.label for event in events],
                                    {key: row.name for key, row in zip(players, rows)},
                                    {fold_name(a.name) for a in aliases}, max((a.row for a in aliases), default=1) + 1)
    return Season(rules, tuple(events), _ranked(rows, rules), tuple(problems))


def with_tiers(events: list[EventResult], rules: LeagueRules) -> tuple[list[EventResult], list[Problem]]:
    """Each event with its tier settled (`league_tiers.tier_of`: typed, else by its size)."""
    problems: list[Problem] = []
    settled = []
    for event in events:
        tier, found = tier_of(event.tier, event.tier_cell, len(event.entries), rules.tiers)
        problems += found
        settled.append(replace(event, tier=tier))
    return settled, problems


def rules_problems(events: list[EventResult], rules: LeagueRules) -> list[Problem]:
    if rules.scoring != MATCH_POINTS:
        return []
    return [Problem(event.file, "", f"{event.label} is not played in two-player games, so it has no match "
                    "points for the league.", "Set Scoring to Placing in the League sheet, or leave the event out.")
            for event in events if not event.two_player]


def match_players(events: list[EventResult], aliases: Sequence[Alias]) -> tuple[dict[tuple[int, str], str], list[Problem]]:
    """Each (event, name) -> the season player's key: `id:…` for a League ID, else `name:…` (the folded name after
    the aliases). A name without an ID that some row carries with one ID is that player; with two IDs, an error."""
    problems: list[Problem] = []
    canonical = _alias_map(aliases, problems)
    ids_of_name: dict[str, set[str]] = {}
    for event in events:
        for entry in event.entries:
            if entry.league_id:
                ids_of_name.setdefault(canonical(entry.name), set()).add(entry.league_id)
    problems += _aliases_joining_two(aliases, canonical, ids_of_name)
    keys: dict[tuple[int, str], str] = {}
    for index, event in enumerate(events):
        seen: dict[str, Entry] = {}
        for entry in event.entries:
            key = _key_of(entry, canonical, ids_of_name, event, problems)
            if key in seen:
                problems.append(_same_player(event, seen[key], entry, key))
            seen[key] = entry
            keys[(index, entry.name)] = key
    spelled = {fold_name(e.name) for event in events for e in event.entries}
    problems += [warning(ALIASES_SHEET, f"A{a.row}", f'"{a.name}" is in no event of the season.',
                         "Check its spelling, or delete the row.") for a in aliases if fold_name(a.name) not in spelled]
    return keys, problems


def _aliases_joining_two(aliases: Sequence[Alias], canonical: Callable[[str], str],
                         ids_of_name: dict[str, set[str]]) -> list[Problem]:
    """Each alias names one player (issue 29): one whose spellings carry two League IDs would make one player
    vanish into another, so it is an error at its row."""
    found = []
    for alias in aliases:
        ids = sorted(ids_of_name.get(canonical(alias.name), ()))
        if len(ids) > 1:
            found.append(Problem(ALIASES_SHEET, f"B{alias.row}", f'"{alias.name}" is made the same as '
                                 f'"{alias.same_as}", but players of those names have League IDs '
                                 f"{' and '.join(ids)}: two players.", "Delete the row (the League IDs tell them "
                                 "apart), or correct the League IDs in the events' Players sheets."))
    return found


def _key_of(entry: Entry, canonical, ids_of_name: dict[str, set[str]], event: EventResult,
            problems: list[Problem]) -> str:
    if entry.league_id:
        return f"id:{entry.league_id}"
    name = canonical(entry.name)
    ids = sorted(ids_of_name.get(name, ()))
    if len(ids) > 1:
        problems.append(Problem(f"[{event.file}]Players", entry.cell.split("!")[-1], f'"{entry.name}" has no League '
                                f"ID, and players of that name have League IDs {', '.join(ids)} in other events.",
                                "Type this player's League ID in the event's Players sheet."))
    return f"id:{ids[0]}" if len(ids) == 1 else f"name:{name}"


def _same_player(event: EventResult, first: Entry, second: Entry, key: str) -> Problem:
    why = f"both have League ID {key[3:]}" if key.startswith("id:") else "are the same player by name or Aliases"
    return Problem(f"[{event.file}]Players", second.cell.split("!")[-1], f'"{first.name}" and "{second.name}" of '
                   f"{event.label} {why}.", "Give each their own League ID, or correct the Aliases sheet.")


def _alias_map(aliases: Sequence[Alias], problems: list[Problem]) -> Callable[[str], str]:
    """A name's folded form after following the Aliases (Name -> Same as, chains too); a loop is an error."""
    step = {fold_name(a.name): fold_name(a.same_as) for a in aliases if fold_name(a.name) != fold_name(a.same_as)}
    rows = {fold_name(a.name): a.row for a in aliases}

    def canonical(name: str) -> str:
        folded, seen = fold_name(name), []
        while folded in step:
            if folded in seen:
                return folded
            seen.append(folded)
            folded = step[folded]
        return folded

    for start in step:
        seen, folded = set(), start
        while folded in step and folded not in seen:
            seen.add(folded)
            folded = step[folded]
        if folded in seen and folded == start:
            problems.append(Problem(ALIASES_SHEET, f"B{rows[start]}", "The Aliases go round in a loop (a name is the "
                                    "same as a name that is the same as it).", "Point every name at one spelling."))
    return canonical


def event_points(entry: Entry, rules: LeagueRules) -> Fraction:
    """One event's points: the place's row of the table (a shared place gets that place's points; a place past
    the table the participation points), or the games' match points (a bye is a win)."""
    if rules.scoring == MATCH_POINTS:
        got = entry.outcomes
        return (rules.win * (got.get("win", 0) + got.get("bye", 0)) + rules.draw * got.get("draw", 0)
                + rules.loss * got.get("loss", 0))
    if entry.place <= len(rules.place_points):
        return rules.place_points[entry.place - 1]
    return rules.participation


def _row(events: list[EventResult], rules: LeagueRules, key: str, entries: list[tuple[int, Entry]],
         aliases: Sequence[Alias]) -> SeasonRow:
    scored = [(index, entry, event_points(entry, rules.for_tier(events[index].tier))) for index, entry in entries]
    kept = counted([(index, events[index].tier, points, entry.place) for index, entry, points in scored], rules.tiers,
                   rules.best)
    played = tuple(Played(index, events[index].label, entry.name, entry.place, entry.shared, points, index in kept,
                          events[index].tier) for index, entry, points in scored)
    return SeasonRow(None, False, _shown_name(entries, aliases), key[3:] if key.startswith("id:") else "",
                     sum((p.points for p in played if p.counted), Fraction(0)), played)


def _shown_name(entries: list[tuple[int, Entry]], aliases: Sequence[Alias]) -> str:
    """The name an Aliases row points at, else the spelling used most; on a tie the one with accents (a keyboard
    drops them, nobody adds them by mistake), then the latest."""
    spelled = {fold_name(entry.name) for _, entry in entries}
    chosen = [a.same_as for a in aliases if fold_name(a.same_as) in spelled or fold_name(a.name) in spelled]
    targets = [name for name in chosen if fold_name(name) not in {fold_name(a.name) for a in aliases}]
    if targets:
        return targets[0]
    counts = Counter(entry.name for _, entry in entries)
    return max(reversed([entry.name for _, entry in entries]),
               key=lambda name: (counts[name], accents(name)))


def _ranked(rows: list[SeasonRow], rules: LeagueRules) -> tuple[SeasonRow, ...]:
    """Points, then the tiebreakers in order; players sharing them all share the rank. Players under the minimum
    attendance follow, in the same order, without a rank."""
    tiebreaks = [TIEBREAKS[key] for key in rules.tiebreakers]

    def sort_key(row: SeasonRow) -> tuple:
        return (row.points, *(t.value(row.played) for t in tiebreaks))

    ranked: list[SeasonRow] = []
    for eligible in (True, False):  # each row's key once, equal keys side by side: linear past the sort
        group = sorted(((sort_key(r), r) for r in rows if (not short_of(r, rules)) == eligible),
                       key=lambda keyed: (_negated(keyed[0]), fold_name(keyed[1].name)))
        counts, first = Counter(key for key, _ in group), dict[object, int]()
        for position, (key, row) in enumerate(group):
            first.setdefault(key, position)
            ranked.append(SeasonRow(first[key] + 1 if eligible else None, counts[key] > 1 and eligible, row.name,
                                    row.league_id, row.points, row.played))
    return tuple(ranked)


def short_of(row: SeasonRow, rules: LeagueRules) -> str:
    """Why a row is under the minimum attendance (the league's, or a tier's), or ""."""
    return shortfall([p.tier for p in row.played], rules.tiers, rules.minimum)


def _negated(key: tuple) -> tuple:
    return tuple(tuple(-v for v in part) if isinstance(part, tuple) else -part for part in key)
