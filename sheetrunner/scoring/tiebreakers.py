"""The tiebreaker library: named, documented, pure functions of the scored rounds.

Every tiebreaker reads the same tidy table (one `SeatScore` per player and
round) and returns an exact number per player. Rulesets and the `Tiebreakers`
setting pick an ordered list of names from `TIEBREAKERS`; standings sort by
that list. Adding a tiebreaker is one `register(...)` call, here and nowhere
else.

Validate, then run: each tiebreaker declares the per-round values it reads
(`needs`), each ruleset the values its scoring gives (`Ruleset.provides`), and
`unfit_tiebreakers` names every tiebreaker a ruleset cannot feed before any
standings are computed.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from ..model.event import SeatScore
from ..model.options import DECLARED, GAME_POINT_OPTIONS, ID_RULES, POINTS_WIN, Option, distinct


@dataclass
class ScoreTable:
    """The tidy per-seat results, indexed for the lookups tiebreakers need.

    `options` carries the event's settings (points, floors) and what the ruleset knows beside the results
    (`rounds`, `cards`, `points_key`). A tiebreaker reads a setting with `option`, whose default is the one its
    declaration states (`Tiebreaker.options`), and the rest with `context`.
    """

    rows: list[SeatScore]
    player_ids: tuple[int, ...]
    seed: int = 0
    options: dict = field(default_factory=dict)
    by_player: dict[int, list[SeatScore]] = field(init=False)
    _cache: dict[str, dict[int, Fraction]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.by_player = defaultdict(list)
        for row in self.rows:
            self.by_player[row.player_id].append(row)

    def memo(self, name: str, compute: Callable[[int], Fraction]) -> dict[int, Fraction]:
        """A per-player value computed once per table (tiebreakers build on each other)."""
        if name not in self._cache:
            self._cache[name] = {pid: compute(pid) for pid in self.player_ids}
        return self._cache[name]

    def total(self, key: str) -> dict[int, Fraction]:
        """Each player's sum of one value over every round."""
        return self.memo(f"total:{key}", lambda pid: Fraction(sum(  # rounds scored in whole numbers add as ints
            (row.values.get(key, 0) for row in self.by_player.get(pid, ())), 0)))  # (fast), then one exact total

    def opponents(self, player_id: int) -> list[int]:
        """Every opponent of every game, once per game played against them (byes are not opponents)."""
        return [opp for row in self.by_player.get(player_id, ()) for opp in row.opponents]

    def played(self, player_id: int) -> list[SeatScore]:
        """Rounds that count as played: games, byes (a Diplomacy sit-out among them) and missed rounds scored as
        losses; not "absent" ones (a round a Diplomacy or team player was away for)."""
        return [row for row in self.by_player.get(player_id, ()) if row.outcome != "absent"]

    def option(self, key: str) -> Any:
        """A setting a tiebreaker declares (`Tiebreaker.options`): the event's value, else the declared default. A
        key nothing declares is a KeyError: every setting a tiebreaker reads is written down where it is read."""
        declared = DECLARED[key]
        value = self.options.get(key)
        return declared.default if value is None else value

    def context(self, key: str, default: Any) -> Any:
        """What the ruleset passes beside the results (the event's rounds, the cards held), or `default`."""
        value = self.options.get(key)
        return default if value is None else value


ZERO = Fraction(0)
DEDUCTED = "deducted"  # the per-round value holding the points a penalty took off (Penalties sheet)
Compute = Callable[[ScoreTable], dict[int, Fraction]]
Within = Callable[[ScoreTable, list[int]], dict[int, Fraction]]


@dataclass(frozen=True)
class Tiebreaker:
    """A standings column: how to compute it, how to show it, and which way is better.

    `within`, when set, ranks only inside a group already tied on the columns
    before it (head-to-head needs to know who is tied).
    """

    key: str
    label: str
    meaning: str
    compute: Compute
    lower_is_better: bool = False
    percent: bool = False
    within: Within | None = None
    needs: frozenset[str] = frozenset()  # per-round values (or context) the scoring must provide
    shown: bool = True  # printed in reports (the seeded draw is not: it only decides exact ties)
    options: tuple[Option, ...] = ()  # the Event settings it reads (floors, points), with their defaults

    def sort_value(self, value: Fraction) -> Fraction:
        """Standings sort every column highest first; lower-is-better columns flip."""
        return -value if self.lower_is_better else value


TIEBREAKERS: dict[str, Tiebreaker] = {}


def register(tiebreaker: Tiebreaker) -> Tiebreaker:
    TIEBREAKERS[tiebreaker.key] = tiebreaker
    return tiebreaker


def tiebreaker_options(keys) -> tuple[Option, ...]:
    """The settings the tiebreakers named read, each once, in the order the tiebreakers come."""
    return distinct(option for key in keys if key in TIEBREAKERS for option in TIEBREAKERS[key].options)


def total(value_key: str, label: str, meaning: str, key: str | None = None) -> Tiebreaker:
    """A tiebreaker that adds up one per-round value (points, OP, VI, …)."""
    return register(Tiebreaker(key or value_key, label, meaning, lambda table: table.total(value_key),
                               needs=frozenset({value_key})))


def opponents_sum(value_key: str, label: str, meaning: str, key: str) -> Tiebreaker:
    """Strength of schedule: each opponent's event total, once per game against them."""

    def compute(table: ScoreTable) -> dict[int, Fraction]:
        totals = table.total(value_key)
        return {pid: sum((totals.get(opp, ZERO) for opp in table.opponents(pid)), ZERO) for pid in table.player_ids}

    return register(Tiebreaker(key, label, meaning, compute, needs=frozenset({value_key})))


# What each per-round value is called when a tiebreaker needs one a ruleset does not score.
VALUE_NAMES = {"tp": "tournament points", "op": "objective points", "sp": "survival points", "mp": "match points",
               "games_won": "games won", "chits": "resource chits", "cards": "influence cards",
               "wins": "game wins", "vi": "victory influence", "score": "board scores", "centres": "supply centres"}


def unfit_tiebreakers(keys: tuple[str, ...], provides: frozenset[str]) -> dict[str, list[str]]:
    """Tiebreakers among `keys` that need a value the ruleset does not score, with what they miss."""
    return {key: [VALUE_NAMES.get(need, need) for need in sorted(TIEBREAKERS[key].needs - provides)]
            for key in keys if key in TIEBREAKERS and not TIEBREAKERS[key].needs <= provides}


def fitting_tiebreakers(provides: frozenset[str]) -> list[str]:
    return [key for key, tiebreaker in TIEBREAKERS.items() if tiebreaker.needs <= provides]


def mean(values: list[Fraction]) -> Fraction:
    return sum(values, ZERO) / len(values) if values else ZERO


def seeded_draw(player_id: int, seed: int) -> int:
    """A number from 0 to 999999 fixed by the event's seed and the player's ID.

    A hash rather than a shuffle, so adding a player never changes anyone
    else's draw.
    """
    digest = hashlib.sha256(f"{seed}:{player_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 1_000_000


# --- Magic-style percentages (match and game win %, floored) ---------------------------------------


def match_win_pct(table: ScoreTable) -> dict[int, Fraction]:
    """Match points over the most a player could have had in the rounds they played (byes count), floored."""
    floor = Fraction(table.option("match_win_floor"))
    win = Fraction(table.option("points_win"))
    points = table.total("mp")

    def compute(pid: int) -> Fraction:
        rounds = len(table.played(pid))
        return max(floor, points[pid] / (win * rounds)) if rounds else floor

    return table.memo("match_win_pct", compute)


def game_win_pct(table: ScoreTable) -> dict[int, Fraction]:
    """MTR appendix C: game points over the most a player could have earned (a game won's points for every game
    played), at least the floor. Game points are the event's options (MTR: 3 a game won, 1 a game drawn, 0 a
    game lost); a bye counts as the games the ruleset scored for it (2-0 by default)."""
    floor = Fraction(table.option("game_win_floor"))
    won_points, drawn_points, lost_points = game_points(table)
    id_points = drawn_points if table.option("game_points_intentional_draw") == ID_RULES[0] else ZERO

    def compute(pid: int) -> Fraction:
        rows = table.played(pid)
        won = sum(row.values.get("games_won", ZERO) for row in rows)
        drawn = sum(row.values.get("games_drawn", ZERO) for row in rows)
        agreed = sum(row.values.get("id_games", ZERO) for row in rows)  # an intentional draw's three games
        games = sum(row.values.get("games_played", ZERO) for row in rows)
        points = (won_points * won + drawn_points * drawn + id_points * agreed
                  + lost_points * (games - won - drawn - agreed))
        return max(floor, points / (won_points * games)) if games else floor

    return table.memo("game_win_pct", compute)


def game_points(table: ScoreTable) -> tuple[Fraction, Fraction, Fraction]:
    """Points for a game won, drawn and lost: the event's options (by default the MTR's 3, 1 and 0, appendix C)."""
    return (Fraction(table.option("game_points_win")), Fraction(table.option("game_points_draw")),
            Fraction(table.option("game_points_loss")))


def opponents_mean(of: Callable[[ScoreTable], dict[int, Fraction]], name: str) -> Compute:
    """The mean of a per-player value over a player's opponents, once per game against them."""

    def compute(table: ScoreTable) -> dict[int, Fraction]:
        values = of(table)
        return table.memo(name, lambda pid: mean([values[opp] for opp in table.opponents(pid)]))

    return compute


# --- Round-robin pods (source 002) ---------------------------------------------------------------

OUTCOME_WINS = {"win": Fraction(1), "bye": Fraction(1), "draw": Fraction(1, 3), "loss": ZERO}


def pod_wins(table: ScoreTable) -> dict[int, Fraction]:
    """Games won, a bye counting as a win and a draw as a third (002)."""
    return table.memo("pod_wins", lambda pid: sum((OUTCOME_WINS[r.outcome] for r in table.played(pid)), ZERO))


def win_pct(table: ScoreTable) -> dict[int, Fraction]:
    """002's win percentage: wins (draws a third, byes a win) over games played."""
    wins = pod_wins(table)
    return table.memo("win_pct", lambda pid: wins[pid] / len(table.played(pid)) if table.played(pid) else ZERO)


def floored_win_pct(table: ScoreTable) -> dict[int, Fraction]:
    floor = Fraction(table.option("win_pct_floor"))
    return {pid: max(floor, value) for pid, value in win_pct(table).items()}


def over_wins(of: Callable[[ScoreTable], dict[int, Fraction]], name: str) -> Compute:
    """For each game won, the beaten opponent's value; a draw earns a third of it (002 steps 3 and 5)."""

    def compute(table: ScoreTable) -> dict[int, Fraction]:
        values = of(table)

        def one(pid: int) -> Fraction:
            return sum((OUTCOME_WINS[row.outcome] * values[opp] for row in table.played(pid)
                        if row.outcome in ("win", "draw") for opp in row.opponents), ZERO)

        return table.memo(name, one)

    return compute


win_resistance = over_wins(pod_wins, "win_resistance")
opponents_win_pct = opponents_mean(floored_win_pct, "opponents_win_pct")


def head_to_head(table: ScoreTable, group: list[int]) -> dict[int, Fraction]:
    """Match points from games inside a tied group, used only when it orders the whole group:
    everyone in it has met everyone else, and no two of them score the same."""
    members = set(group)
    key = table.context("points_key", "mp")
    points = {pid: ZERO for pid in group}
    met: set[frozenset[int]] = set()
    for pid in group:
        for row in table.played(pid):
            for opp in row.opponents:
                if opp in members:
                    met.add(frozenset((pid, opp)))
                    points[pid] += row.values.get(key, ZERO)
    everyone_met = len(met) == len(group) * (len(group) - 1) // 2
    if everyone_met and len(set(points.values())) == len(group):
        return points
    return {pid: ZERO for pid in group}


register(Tiebreaker(
    "random", "Draw", "A random draw fixed by the event's seed; decides only when everything else is equal.",
    lambda table: {pid: Fraction(seeded_draw(pid, table.seed)) for pid in table.player_ids}, shown=False,
))
total("tp", "TP", "Tournament points: victory 3, tie 1, defeat 0, bye 3, plus bonuses.")
total("op", "OP", "Objective points scored over the event.")
total("sp", "SP", "Survival points scored over the event.")
opponents_sum("op", "Opp OP", "Sum of each opponent's event OP total, once per game against them.", "opponents_op")
total("mp", "MP", "Match points: a win, draw, loss and bye score as the event's options say (default 3/1/0/3).",
      key="match_points")
opponents_sum("mp", "Opp MP", "Strength of schedule: each opponent's match points, once per game against them.",
              "opponents_match_points")
MATCH_POINTS = frozenset({"mp"})
GAMES = frozenset({"games_won"})
# The floors of the percentages (MTR appendix C: 1/3; 002: 33%), declared once, by the tiebreakers that read them.
MATCH_WIN_FLOOR = Option("match_win_floor", "Match-win % floor", Fraction(1, 3), "Least match-win % a player "
                         "counts for.", kind="percent")
GAME_WIN_FLOOR = Option("game_win_floor", "Game-win % floor", Fraction(1, 3), "Least game-win % a player counts "
                        "for.", kind="percent")
WIN_PCT_FLOOR = Option("win_pct_floor", "Win % floor", Fraction(33, 100), "Least win % an opponent counts for in "
                       "OWP (002: 33%).", kind="percent")
MATCH_WIN_OPTIONS = (MATCH_WIN_FLOOR, POINTS_WIN)
GAME_WIN_OPTIONS = (GAME_WIN_FLOOR, *GAME_POINT_OPTIONS)  # and the intentional draw's, read last (`event_options`)
register(Tiebreaker("match_win_pct", "MW%", "Match points over 3 per round played (byes count), at least the "
                    "floor (default 1/3).", match_win_pct, percent=True, needs=MATCH_POINTS,
                    options=MATCH_WIN_OPTIONS))
register(Tiebreaker("opponents_match_win_pct", "OMW%", "Mean of each opponent's match-win % (byes are not "
                    "opponents).", opponents_mean(match_win_pct, "opponents_match_win_pct"), percent=True,
                    needs=MATCH_POINTS, options=MATCH_WIN_OPTIONS))
register(Tiebreaker("game_win_pct", "GW%", "Game points (default 3 a game won, 1 drawn, 0 lost; a bye 2-0) over "
                    "a won game's points per game played, at least the floor (default 1/3).", game_win_pct,
                    percent=True, needs=GAMES, options=GAME_WIN_OPTIONS))
register(Tiebreaker("opponents_game_win_pct", "OGW%", "Mean of each opponent's game-win %.",
                    opponents_mean(game_win_pct, "opponents_game_win_pct"), percent=True, needs=GAMES,
                    options=GAME_WIN_OPTIONS))
register(Tiebreaker("win_pct", "Win%", "Games won (draws a third, byes a win) over games played.", win_pct,
                    percent=True))
register(Tiebreaker("opponents_win_pct", "OWP", "Mean of each opponent's win %, each at least the floor "
                    "(default 33%; byes are not opponents).", opponents_win_pct, percent=True,
                    options=(WIN_PCT_FLOOR,)))
register(Tiebreaker("opponents_opponents_win_pct", "OOWP", "Mean of each opponent's OWP.",
                    opponents_mean(opponents_win_pct, "opponents_opponents_win_pct"), percent=True,
                    options=(WIN_PCT_FLOOR,)))
register(Tiebreaker("win_resistance", "WR", "For each game won, the beaten opponent's wins (draws: a third).",
                    win_resistance))
register(Tiebreaker("win_resistance_resistance", "WRR", "For each game won, the beaten opponent's win "
                    "resistance (draws: a third).", over_wins(win_resistance, "win_resistance_resistance")))
register(Tiebreaker("head_to_head", "H2H", "Match points in games between the tied players, used only when "
                    "everyone tied has met everyone else and it orders them all.",
                    lambda table: {pid: ZERO for pid in table.player_ids}, within=head_to_head))
# FIDE's name for it, as team regulations write it: here, so every event knows it, team modules loaded or not.
register(Tiebreaker("direct_encounter", "DE", "Direct encounter: match points in matches between the tied teams, "
                    "used only when every tied team has met every other and it orders them all.",
                    lambda table: {pid: ZERO for pid in table.player_ids}, within=head_to_head))

# --- Allegiance (source 000) ---------------------------------------------------------------------

total("wins", "Wins", "Games won (allegiance: several winners of one game each count a win).")
total("vi", "VI", "Victory influence over the event; an eliminated player scores 0 for that game.")
opponents_sum("vi", "Opp VI", "Sum of each opponent's event VI, once per game played against them.", "opponents_vi")


# --- Chits and cards (source 003) -----------------------------------------------------------------

register(Tiebreaker("chits", "Chits", "Resource chits held now: one per round to start, +1 for each win or bye, "
                    "-1 for each loss.", lambda table: {pid: table.context("rounds", 0) + value
                                                        for pid, value in table.total("chits").items()},
                    needs=frozenset({"chits"})))
register(Tiebreaker("card", "Card", "The numbered card the player holds now (chits and cards); the lower card "
                    "ranks higher.", lambda table: {pid: Fraction(table.context("cards", {}).get(pid, 0))
                                                    for pid in table.player_ids}, lower_is_better=True,
                    needs=frozenset({"cards"})))


# --- Diplomacy (source 001) -----------------------------------------------------------------------


def event_score(table: ScoreTable) -> dict[int, Fraction]:
    """Mean of the best board scores over the counted rounds, discounted for partial attendance (001). Rounds a
    player attended count, sit-outs included (scored by the ruleset); only rounds they were away for ("absent":
    joined later, dropped and came back) make the attendance partial."""
    played_rounds = max((row.round for row in table.rows), default=0)
    counting = rounds_counted(table.option("counting_rounds"), table.context("rounds", played_rounds), played_rounds)
    factor = Fraction(table.option("partial_attendance_factor"))

    def one(pid: int) -> Fraction:
        scores = sorted((row.values.get("score", ZERO) for row in table.played(pid)), reverse=True)
        if not scores:
            return ZERO
        best = scores[:counting]
        average = sum(best, ZERO) / len(best)
        return (average if len(scores) >= counting else average * factor) - deducted[pid]

    deducted = table.total(DEDUCTED)  # point deductions come off the event score, never one board (README)
    return table.memo("event_score", one)


def rounds_counted(counting_rounds: int, event_rounds: int, played: int) -> int:
    """How many rounds a Diplomacy player attends for a full score (001): `Counting rounds`, else the event's
    rounds, never more than the rounds played, never fewer than one. The event score and the standings' attendance
    detail both ask here, so the factor shown is the factor applied."""
    return max(1, min(counting_rounds or event_rounds, played))


COUNTING_ROUNDS = Option("counting_rounds", "Counting rounds", 0, "Best rounds that count for the event score (0: "
                         "every round).", minimum=0)
PARTIAL_ATTENDANCE_FACTOR = Option("partial_attendance_factor", "Partial attendance factor", Fraction(1, 3),
                                   "Multiplies the score of a player who attended fewer rounds than count (001: "
                                   "one-day scores discounted by 66.66%).", kind="percent")
register(Tiebreaker("event_score", "Score", "Mean of the best board scores over the counted rounds; fewer rounds "
                    "attended than counted multiplies it by the partial attendance factor.", event_score,
                    needs=frozenset({"score"}), options=(COUNTING_ROUNDS, PARTIAL_ATTENDANCE_FACTOR)))
total("centres", "Centres", "Supply centres held at the end of each game, added up.")


# --- Penalties (issue 21): a column shown beside the ranking, not a tiebreaker ----------------------------

PENALTY_COLUMN = Tiebreaker(DEDUCTED, "Penalty", "Points deducted by penalties (Penalties sheet), already taken "
                            "off the score.", lambda table: table.total(DEDUCTED))
