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
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from typing import Any, Callable, Iterator

from ..model.event import Event, Round, SeatScore
from ..rulesets import Ruleset
from ..rulesets.base import Game
from .running_columns import COLUMNS, Column, Tally, Unsupported
from ..rules.soft_scores import ranking_tiebreakers, soft_scores
from ..rules.standings import Standings, StandingsRow
from ..rules.tiebreakers import TIEBREAKERS, ScoreTable
from ..rules.tournament import apply_penalties, penalised_round, scored_rounds, standings_after


class ExactValues(Mapping):
    """A row's values as `compute_standings` gives them (Fractions, or a whole total as summed), made from the
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
            read[pid] = value if scale is None else Fraction(value) if scale == 1 else Fraction(value, scale)
        return read[pid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)

    def __repr__(self) -> str:
        return repr(dict(self))


class RunningStandings:
    """The standings of one simulated event, after each round it plays."""

    def __init__(self, event: Event, ruleset: Ruleset) -> None:
        self.event, self.ruleset = event, ruleset
        self.scores: list[SeatScore] = []
        self.cards: dict[int, int] | None = None  # chits and cards: each player's card, swapped round by round
        self.after = 0
        self.rank = _ranker(event, ruleset)
        context = {"points_key": ruleset.game.points_value} if self.rank is _rank_plain else {}
        table = ScoreTable([], tuple(p.id for p in event.players), event.settings.seed,
                           {**event.settings.options, **context})
        self.tally = Tally(table.player_ids, table) if self.rank else None
        for round_ in scored_rounds(event):
            self.add(event.with_rounds(tuple(r for r in event.rounds if r.number <= round_.number)), round_)

    def add(self, event: Event, round_: Round) -> None:
        """Score `round_`, complete and the last of `event`, once (not at all when ranking from scratch)."""
        self.event, self.after = event, round_.number
        if self.tally is None:
            return
        played = self.ruleset.game.score_round(penalised_round(event, round_, self.ruleset), event.settings)
        played.extend(self.ruleset.pairer.missed_round(pid, round_.number) for pid in event.missed(round_))
        self.scores.extend(apply_penalties(played, event, round_, self.ruleset))
        if self.cards is not None:
            from ..rulesets.chits_and_cards import swap_cards

            swap_cards(self.cards, event, round_)
        try:
            self.tally.add(played)
        except Unsupported:
            self.tally = None

    def standings(self) -> Standings:
        """`standings_after(event, ruleset)` for the rounds added so far."""
        event = self.event
        if self.tally is None or self._finalized(event):
            return standings_after(event, self.ruleset)
        try:
            standings = self.rank(self, event)
        except Unsupported:
            self.tally = None
            return standings_after(event, self.ruleset)
        return replace(standings, scores=tuple(self.scores))

    def _finalized(self, event: Event) -> bool:
        """Whether the ruleset's `finalize` changes a score now (004: a bye scores the player's average OP once
        the event is over; with no bye it changes nothing)."""
        if type(self.ruleset.game).finalize is Game.finalize or not event.is_finished:
            return False
        return any(final is not score for final, score in zip(self.ruleset.game.finalize(self.scores, event), self.scores))

    def columns(self, keys: tuple[str, ...], **context: Any) -> dict[str, Column]:
        """Each tiebreaker's column for the rounds so far."""
        self.tally.table.options.update(context)
        return {key: COLUMNS[key](self.tally) for key in keys}

    def rows(self, columns: dict[str, Column], keys: tuple[str, ...], players=None) -> list[StandingsRow]:
        """The players (default: everyone) ranked by the columns of `keys`, as standings rows."""
        after, read = self.after, {key: {} for key in columns}
        return [StandingsRow(rank, shared, player, ExactValues(player.id, columns, read),
                             player.dropped_after is not None and player.dropped_after <= after)
                for rank, shared, player in self.ranked(columns, keys, players)]

    def ranked(self, columns: dict[str, Column], keys: tuple[str, ...], players=None) -> list[tuple]:
        """(rank, shared, player) of the players (default: everyone) by the columns of `keys` in order, ties
        sharing a rank and keeping ID order, as `compute_standings` splits them."""
        players = players if players is not None else self.event.players
        ids = [player.id for player in players]
        order = sorted(zip(_packed(columns, keys, ids), ids, players))
        ranked, start, last = [], 0, len(order) - 1
        for index, (key, _, player) in enumerate(order):
            if index and key != order[index - 1][0]:
                start = index
            ranked.append((start + 1, index > start or (index < last and order[index + 1][0] == key), player))
        return ranked


def _packed(columns: dict[str, Column], keys: tuple[str, ...], ids: list[int]) -> list[int]:
    """Each player's columns of `keys` packed into one integer, the first column most significant, that sorts
    best first: each column becomes its distance from the best value among `ids`, a digit in a base wider than
    its range. Equal integers are equal in every column: a tie."""
    packed = [0] * len(ids)
    for key in keys:
        values = columns[key][0]
        column = [values[pid] for pid in ids]
        best, worst = (min(column), max(column)) if TIEBREAKERS[key].lower_is_better else (max(column), min(column))
        base = abs(best - worst) + 1
        packed = [number * base + abs(best - value) for number, value in zip(packed, column)]
    return packed


def _rank_plain(running: RunningStandings, event: Event) -> Standings:
    keys = event.settings.tiebreakers
    columns = running.columns(keys)
    return Standings(running.after, ranking_tiebreakers(keys, event, running.ruleset.game.main_score),
                     tuple(running.rows(columns, keys)))


def _rank_chits(running: RunningStandings, event: Event) -> Standings:
    """`ChitsAndCards.rank`: by chits and card, the Swiss ranking beside."""
    from ..rulesets.chits_and_cards import SWISS_RANK, dealt_cards, swap_cards

    if running.cards is None:
        running.cards = dealt_cards(event)
        for round_ in event.rounds:
            swap_cards(running.cards, event, round_)
    keys, swiss_keys = event.settings.tiebreakers, ("match_points", "opponents_match_points")
    columns = running.columns(keys + swiss_keys, cards=dict(running.cards))
    swiss_rank = {player.id: rank for rank, _, player in running.ranked(columns, swiss_keys)}
    columns["swiss_rank"] = swiss_rank, None
    columns = {key: columns[key] for key in (*keys, *swiss_keys, "swiss_rank")}
    extras = (TIEBREAKERS["match_points"], TIEBREAKERS["opponents_match_points"], SWISS_RANK)
    return Standings(running.after, ranking_tiebreakers(keys, event, running.ruleset.game.main_score),
                     tuple(running.rows(columns, keys)), extras=extras)


def _rank_pods(running: RunningStandings, event: Event) -> Standings:
    """`PodRoundRobin.rank`: inside each pod (a finished pod without the opponents' percentages), with the
    overall rank beside."""
    from ..rulesets.pod_round_robin import UNFINISHED_ONLY

    keys = event.settings.tiebreakers
    columns = running.columns(keys)
    overall = {player.id: rank for rank, _, player in running.ranked(columns, keys)}
    met = {frozenset((pid, opp)) for pid, opps in running.tally.opponents.items() for opp in opps}
    rows = []
    for pod, members in running.ruleset.game.pods(event).items():
        finished = all(frozenset(pair) in met for pair in combinations(members, 2))
        used = tuple(k for k in keys if not (finished and k in UNFINISHED_ONLY))
        in_pod = set(members)
        roster = [p for p in event.players if p.id in in_pod]
        rows += [replace(row, group=pod, overall_rank=overall[row.player.id])
                 for row in running.rows(columns, used, roster)]
    return Standings(running.after, ranking_tiebreakers(keys, event, running.ruleset.game.main_score), tuple(rows),
                     group_label="Pod")


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
    elif ruleset.game.name == "chits-and-cards" and rank.__qualname__ == "ChitsAndCards.rank":
        chosen, keys = _rank_chits, keys | {"match_points", "opponents_match_points"}
    elif ruleset.game.name == "pod-round-robin" and rank.__qualname__ == "PodRoundRobin.rank":
        chosen = _rank_pods
    else:
        return None
    if any(key not in COLUMNS or TIEBREAKERS[key].within for key in keys):
        return None
    return chosen
