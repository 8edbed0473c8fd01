"""Standings kept as each simulated round is scored, equal to `tournament.standings_after` (issue 34).

`simulate` ranks the field after every round of every run. From scratch that is every round scored again
and every tiebreaker computed again in fractions: most of a run's time, several times the pairing's. Here a
round is scored once, as it is played (`Tally`, `running_columns`), and ranking sorts once on integer keys.

Only what the simulation plays is kept this way: the rulesets' own rankings (plain, chits and cards, pods),
the tiebreakers `running_columns` knows, no penalties and no soft scores. Anything else (a workbook's
Penalties, a tiebreaker typed in that it does not know, Diplomacy's event score, 004's bye averages once the
event is over) is ranked from scratch by `standings_after`, as before: the figures never depend on which
way a round was ranked.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations, repeat
from operator import attrgetter
from typing import Any, Callable, Iterator, NamedTuple, Sequence

from ..model.event import Event, Player, Round, SeatScore, Settings
from ..model.made import maker
from ..rulesets import Ruleset
from ..rulesets.base import Game
from ..rulesets.chits_and_cards import SWISS_RANK, ChitsAndCards, dealt_cards, swap_cards
from ..rulesets.pod_round_robin import UNFINISHED_ONLY, PodRoundRobin
from .running_columns import BY_WINS, COLUMNS, Column, Tally, Unsupported
from ..scoring.soft_scores import ranking_tiebreakers, soft_scores
from ..scoring.standings import Standings, StandingsRow
from ..scoring.tiebreakers import TIEBREAKERS, ScoreTable
from ..rules.tournament import scored_rounds, standings_after


class ExactValues(Mapping):
    """A row's values as `compute_standings` gives them (Fractions, the same type in every column), made from the
    scaled integers only when first read (`read`, shared by the rows of one standings): most rows' tiebreakers
    are only ever compared, and the score column is read by the pairing and by the figures alike."""

    __slots__ = ("_pid", "_columns", "_read")

    def __init__(self, pid: int, columns: dict[str, Column], read: dict[str, dict]) -> None:
        self._pid, self._columns, self._read = pid, columns, read

    def __getitem__(self, key: str) -> Any:
        read, pid = self._read[key], self._pid
        if pid not in read:
            keys, scale = self._columns[key]
            value = keys[pid]
            read[pid] = Fraction(value) if scale == 1 else Fraction(value, scale)
        return read[pid]

    def column(self, key: str) -> Column | None:
        """The scaled integers behind `key` for every player, shared by the rows of one standings."""
        return self._columns.get(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)

    def __repr__(self) -> str:
        return repr(dict(self))


class Deferred(Mapping):
    """A column worked out when first read, from columns already made: chits and cards' Swiss rank is shown
    beside the ranking, never ranked by, and `simulate` never reads it."""

    __slots__ = ("_make", "_values")

    def __init__(self, make: Callable[[], dict[int, int]]) -> None:
        self._make = make
        self._values: dict[int, int] | None = None

    def _made(self) -> dict[int, int]:
        if self._values is None:
            self._values = self._make()
        return self._values

    def __getitem__(self, pid: int) -> int:
        return self._made()[pid]

    def __iter__(self) -> Iterator[int]:
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


class RunningStandings:
    """The standings of one simulated event, after each round it plays."""

    def __init__(self, event: Event, ruleset: Ruleset) -> None:
        self.event, self.ruleset = event, ruleset
        self.scores: list[SeatScore] = []
        self.cards: dict[int, int] | None = None  # chits and cards: each player's card, swapped round by round
        self.after = 0
        self.rank = _ranker(event, ruleset)
        table = ScoreTable([], tuple(p.id for p in event.players), event.settings.seed,
                           dict(event.settings.options))  # a copy: each ranking adds its context (the cards)
        wins = any(key in BY_WINS for key in event.settings.tiebreakers)
        self.tally: Tally | None = Tally(table.player_ids, table, wins) if self.rank else None
        self.late = any(player.joined_in > 1 for player in event.players)  # late entries miss rounds (`add`)
        self.pods_seen: tuple[tuple, Settings, list, dict[str, list[int]]] | None = None  # the pods, and whence
        for round_ in scored_rounds(event):
            self.add(event.with_rounds(tuple(r for r in event.rounds if r.number <= round_.number)), round_)

    def add(self, event: Event, round_: Round) -> None:
        """Score `round_`, complete and the last of `event`, once (not at all when ranking from scratch). With no
        penalties: an event with any is ranked from scratch (`_ranker`)."""
        self.event, self.after = event, round_.number
        if self.tally is None:
            return
        played = self.ruleset.game.score_round(round_, event.settings)
        if self.late or round_.missed:  # else nobody missed it: `missed` would look at every seat to say so
            played.extend(self.ruleset.pairer.missed_round(pid, round_.number) for pid in event.missed(round_))
        self.scores.extend(played)
        if self.cards is not None:
            swap_cards(self.cards, event, round_)
        try:
            self.tally.add(played)
        except Unsupported:
            self.tally = None

    def standings(self) -> Standings:
        """`standings_after(event, ruleset)` for the rounds added so far."""
        event = self.event
        if self.tally is None or self.rank is None or self._finalized(event):
            return standings_after(event, self.ruleset)
        try:
            return self.rank(self, event)  # (with the scores, as `standings_after` gives them)
        except Unsupported:
            self.tally = None
            return standings_after(event, self.ruleset)

    def order(self) -> list[int]:
        """The players' IDs by overall rank, as `standings()` ranks them (its rows sorted by overall rank): all a
        run reads of its final standings. Ranked by the columns alone where one ranking orders everyone (plain, and
        chits and cards by chits and card), with no row made; else from `standings()`."""
        event = self.event
        if self.tally is not None and self.rank in (_rank_plain, _rank_chits) and not self._finalized(event):
            keys = event.settings.tiebreakers
            try:
                if self.rank is _rank_chits:
                    columns = self.columns(keys, cards=_dealt(self, event))
                else:
                    columns = self.columns(keys)
                ids = [player.id for player in event.players]
                return [ids[index] for index in _places(_packed(columns, keys, ids), ids)]
            except Unsupported:
                self.tally = None
        return [row.player.id for row in sorted(self.standings().rows, key=lambda row: row.overall_rank or 0)]

    def _finalized(self, event: Event) -> bool:
        """Whether the ruleset's `finalize` changes a score now (004: a bye scores the player's average OP once
        the event is over; with no bye it changes nothing)."""
        if type(self.ruleset.game).finalize is Game.finalize or not event.is_finished:
            return False
        return any(final is not score for final, score in zip(self.ruleset.game.finalize(self.scores, event), self.scores))

    def pods(self, event: Event) -> dict[str, list[int]]:
        """`PodRoundRobin.pods`, worked out again only when the roster, the settings or a player's Pod changes
        (pairing round 1 types each player's pod in; the Players themselves are frozen)."""
        players, settings = event.players, event.settings
        typed = [player.extra.get("pod") for player in players]
        seen = self.pods_seen
        if seen is None or seen[0] is not players or seen[1] is not settings or seen[2] != typed:
            pods: Callable[[Event], dict[str, list[int]]] = getattr(self.ruleset.game, "pods")  # PodRoundRobin's
            self.pods_seen = seen = players, settings, typed, pods(event)
        return seen[3]

    def kept(self) -> Tally:
        """The running sums; none when the event is ranked from scratch (`standings` catches the exception)."""
        if self.tally is None:
            raise Unsupported("ranked from scratch")
        return self.tally

    def columns(self, keys: tuple[str, ...], **context: Any) -> dict[str, Column]:
        """Each tiebreaker's column for the rounds so far."""
        tally = self.kept()
        tally.table.options.update(context)
        tally.forget()
        return {key: tally.of(COLUMNS[key]) for key in keys}

    def rows(self, columns: dict[str, Column], keys: tuple[str, ...], players: Sequence[Player] | None = None,
             group: str = "", overall: dict[int, int] | None = None,
             packed: dict[int, int] | None = None) -> list[StandingsRow]:
        """The players (default: everyone) ranked by the columns of `keys` (`packed` already, when given), as
        standings rows; ranked inside a `group`, with each one's `overall` rank beside. Made field by field, side
        by side (`map`), as every simulated round ranks the whole field."""
        ranking = self.ranked(columns, keys, players, packed)
        after, ids = self.after, ranking.ids
        read: dict[str, dict[int, Any]] = {key: {} for key in columns}
        values = map(ExactValues, ids, repeat(columns), repeat(read))
        drops = list(map(DROPPED_AFTER, ranking.players))
        dropped = repeat(False) if drops.count(None) == len(drops) else \
            [drop is not None and drop <= after for drop in drops]
        overall_ranks = map(overall.get, ids, repeat(0)) if overall else repeat(0)
        return list(map(standings_row, ranking.ranks, ranking.shared, ranking.players, values, dropped, repeat(group),
                        overall_ranks))

    def ranked(self, columns: dict[str, Column], keys: tuple[str, ...], players: Sequence[Player] | None = None,
               packed: dict[int, int] | None = None) -> Ranking:
        """The players (default: everyone) by the columns of `keys` in order, ties sharing a rank and keeping ID
        order, as `compute_standings` splits them. `packed`: each player's columns of `keys` packed already, for a
        wider field (`_packed` orders any part of it alike)."""
        players = players if players is not None else self.event.players
        ids = [player.id for player in players]
        keys_of = _packed(columns, keys, ids) if packed is None else [packed[pid] for pid in ids]
        return _ranking(keys_of, ids, players)


class Ranking(NamedTuple):
    """Players in ranked order, beside each one's ID, rank and whether the rank is shared."""

    players: list[Player]
    ids: list[int]
    ranks: Sequence[int]
    shared: Sequence[bool]

    def rank_of(self) -> dict[int, int]:
        return dict(zip(self.ids, self.ranks))


DROPPED_AFTER = attrgetter("dropped_after")
standings_row = maker(StandingsRow)  # `StandingsRow(*values)`, every field given, without the frozen dataclass's
# `__init__`: a third of what ranking a simulated round costs, for hundreds of rows each round. The same object,
# equal and printed alike (`tests/test_running_standings.py`).


def whole_scores(standings: Standings, key: str) -> Mapping[int, int] | None:
    """Each player's `key` as an int when the standings were ranked by running sums and the column is a sum of
    whole numbers: what `simulate_figures.scores_of` makes of it, read without a Fraction per player (the column
    itself when it holds just the rows' players: read only). None otherwise (a ratio, or standings ranked from
    scratch)."""
    rows = standings.rows
    values = rows[0].values if rows else None
    column = values.column(key) if isinstance(values, ExactValues) else None
    if column is None or column[1] != 1:
        return None
    keys = column[0]
    if isinstance(keys, dict) and len(keys) == len(rows):  # the column itself: a value for each row's player
        return keys
    return {row.player.id: keys[row.player.id] for row in rows}


def _ranking(keys_of: list[int], ids: list[int], players: Sequence[Player]) -> Ranking:
    """The players by their packed keys, ties in ID order (`_places`); when no two keys are equal (chits and cards:
    every card differs) the ranks are the places themselves."""
    order = _places(keys_of, ids)
    tie = list(map(keys_of.__getitem__, order))
    ranked_players, ranked_ids = list(map(players.__getitem__, order)), list(map(ids.__getitem__, order))
    if len(set(tie)) == len(tie):
        return Ranking(ranked_players, ranked_ids, range(1, len(order) + 1), [False] * len(order))
    ranks, shared, start, last = [], [], 0, len(order) - 1
    for place, key in enumerate(tie):
        if place and key != tie[place - 1]:
            start = place
        ranks.append(start + 1)
        shared.append(place > start or (place < last and tie[place + 1] == key))
    return Ranking(ranked_players, ranked_ids, ranks, shared)


def _places(keys_of: list[int], ids: list[int]) -> list[int]:
    """The positions in `ids` by their packed keys, ties in ID order: the positions taken in ID order, then sorted
    by key alone, which keeps tied ones in the order they came (both sorts read a list, with no function of ours
    per player)."""
    return sorted(sorted(range(len(ids)), key=ids.__getitem__), key=keys_of.__getitem__)


def _packed(columns: dict[str, Column], keys: tuple[str, ...], ids: list[int]) -> list[int]:
    """Each player's columns of `keys` packed into one integer, the first column most significant, that sorts
    best first: each column becomes its distance from the best value among `ids`, a digit in a base wider than
    its range. Equal integers are equal in every column: a tie."""
    packed = [0] * len(ids)
    for key in keys:
        column = list(map(columns[key][0].__getitem__, ids))
        low, high = min(column), max(column)
        base = high - low + 1
        if TIEBREAKERS[key].lower_is_better:
            packed = [number * base + value - low for number, value in zip(packed, column)]
        else:
            packed = [number * base + high - value for number, value in zip(packed, column)]
    return packed


def _rank_plain(running: RunningStandings, event: Event) -> Standings:
    keys = event.settings.tiebreakers
    columns = running.columns(keys)
    return Standings(running.after, ranking_tiebreakers(keys, event, running.ruleset.game.main_score),
                     tuple(running.rows(columns, keys)), scores=tuple(running.scores))


def _rank_chits(running: RunningStandings, event: Event) -> Standings:
    """`ChitsAndCards.rank`: by chits and card, the Swiss ranking beside."""
    cards = _dealt(running, event)
    keys, swiss_keys = event.settings.tiebreakers, ("match_points", "opponents_match_points")
    columns = running.columns(keys + swiss_keys[:1], cards=cards)
    columns[swiss_keys[1]] = _opponents_sum_later(running.kept(), columns[swiss_keys[0]][0]), 1
    swiss, players = {key: columns[key] for key in swiss_keys}, event.players
    columns["swiss_rank"] = Deferred(lambda: running.ranked(swiss, swiss_keys, players).rank_of()), 1
    columns = {key: columns[key] for key in (*keys, *swiss_keys, "swiss_rank")}
    extras = (TIEBREAKERS["match_points"], TIEBREAKERS["opponents_match_points"], SWISS_RANK)
    return Standings(running.after, ranking_tiebreakers(keys, event, running.ruleset.game.main_score),
                     tuple(running.rows(columns, keys)), extras=extras, scores=tuple(running.scores))


def _opponents_sum_later(tally: Tally, sums: Mapping[int, int]) -> Deferred:
    """`running_columns.opponents_sum` of the values `sums` (copied already), worked out when first read from
    each player's opponents so far, counted now (the lists only grow): chits and cards shows the opponents' match
    points beside its ranking, never ranks by them, and `simulate` never reads them."""
    opponents = tally.opponents
    counts = list(map(len, opponents.values()))  # beside each player, in the order the Tally keeps them
    return Deferred(lambda: {pid: sum(map(sums.__getitem__, opps[:count]))
                             for (pid, opps), count in zip(opponents.items(), counts)})


def _dealt(running: RunningStandings, event: Event) -> dict[int, int]:
    """Chits and cards: the cards as dealt and swapped by the rounds so far, kept from the first ranking on."""
    if running.cards is None:
        running.cards = dealt_cards(event)
        for round_ in event.rounds:
            swap_cards(running.cards, event, round_)
    return running.cards


def _rank_pods(running: RunningStandings, event: Event) -> Standings:
    """`PodRoundRobin.rank`: inside each pod (a finished pod without the opponents' percentages), with the
    overall rank beside."""
    keys = event.settings.tiebreakers
    columns = running.columns(keys)
    everyone = [player.id for player in event.players]
    order = {pid: index for index, pid in enumerate(everyone)}
    packed = dict(zip(everyone, _packed(columns, keys, everyone)))  # a pod ranked by `keys` is ordered alike
    overall = running.ranked(columns, keys, packed=packed).rank_of()
    opponents, players = running.kept().opponents, event.players_by_id
    rows: list[StandingsRow] = []
    for pod, members in running.pods(event).items():
        met = {pid: set(opponents[pid]) for pid in members}
        finished = all(second in met[first] or first in met[second] for first, second in combinations(members, 2))
        used = tuple(k for k in keys if not (finished and k in UNFINISHED_ONLY))
        roster = [players[pid] for pid in sorted(members, key=order.__getitem__)]  # in the roster's order
        rows += running.rows(columns, used, roster, pod, overall, packed if used == keys else None)
    return Standings(running.after, ranking_tiebreakers(keys, event, running.ruleset.game.main_score), tuple(rows),
                     group_label="Pod", scores=tuple(running.scores))


def _ranker(event: Event, ruleset: Ruleset) -> Callable[[RunningStandings, Event], Standings] | None:
    """How the ruleset ranks, kept by running sums; None when the event needs ranking from scratch."""
    if event.penalties or soft_scores(event.settings):
        return None
    keys = set(event.settings.tiebreakers)
    if ruleset.pairer is not ruleset.game:
        return None  # a team event: its players' scores are settled by their teams (`teams.forfeits`)
    rank = type(ruleset.game).rank
    if rank is Game.rank:
        chosen = _rank_plain
    elif rank is ChitsAndCards.rank:
        chosen, keys = _rank_chits, keys | {"match_points", "opponents_match_points"}
    elif rank is PodRoundRobin.rank:
        chosen = _rank_pods
    else:
        return None
    if any(key not in COLUMNS or TIEBREAKERS[key].within for key in keys):
        return None
    return chosen
