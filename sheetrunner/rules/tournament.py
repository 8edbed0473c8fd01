"""The pure steps between reading and writing: score, rank, pair.

Every function here takes an `Event` and its ruleset and returns plain data,
so the same workbook always gives the same answer and tests need no files.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Iterable

from . import finals
from ..model.history import compute_history
from ..model.made import maker
from ..workbook.layout import round_title
from ..model.event import BYE, GAME_LOSS, POINT_DEDUCTION, Event, Label, Round, Seat, SeatScore, Table
from ..pairing import Pairing, PairingImpossible
from ..scoring.penalties import deduct, forced_outcomes, penalties_in
from ..model.problems import EventError, EventOver, NoLegalPairing, Problem, Refusal
from ..rulesets import Ruleset
from ..scoring.standings import Standings, StandingsRow, with_shown_columns

# `round_from_pairing`'s objects:
MAKE_SEAT, MAKE_TABLE, MAKE_ROUND = maker(Seat), maker(Table, kept=("player_ids",)), maker(Round)


def missing_results(round_: Round, ruleset: Ruleset) -> list[Problem]:
    """One problem per game with no result yet, naming its first row."""
    return [Problem(round_.sheet, f"A{table.seats[0].row}", f"{ruleset.layout.table_header} {table.number} has no result "
                    "yet.", "Type the result for every seat at this table.")
            for table in round_.games if not all(seat.has_result for seat in table.seats)]


def scored_rounds(event: Event) -> tuple[Round, ...]:
    """The rounds that count for standings: every round up to the first without all results."""
    counted = []
    for round_ in event.rounds:
        if not round_.is_complete:
            break
        counted.append(round_)
    return tuple(counted)


def compute_scores(event: Event, ruleset: Ruleset) -> list[SeatScore]:
    """The tidy per-seat table for every counted round, missed rounds included (§2), with the round's penalties
    applied (game losses, match losses, point deductions: `penalties`), so every tiebreaker sees them."""
    scores: list[SeatScore] = []
    for round_ in event.rounds:
        played = ruleset.game.score_round(penalised_round(event, round_, ruleset), event.settings)
        played.extend(ruleset.pairer.missed_round(pid, round_.number) for pid in event.missed(round_))
        scores.extend(apply_penalties(played, event, round_, ruleset))
    return ruleset.pairer.settle(ruleset.game.finalize(scores, event), event)


def penalised_round(event: Event, round_: Round, ruleset: Ruleset) -> Round:
    """The round as scored: its typed results with each game loss counted as a game the opponent won."""
    losses = Counter(penalty.player_id for penalty in penalties_in(event, round_.number, GAME_LOSS))
    return ruleset.game.with_game_losses(round_, dict(losses)) if losses else round_


def apply_penalties(scores: list[SeatScore], event: Event, round_: Round, ruleset: Ruleset) -> list[SeatScore]:
    """One round's scores with its match losses deciding their matches and its point deductions taken off."""
    if not event.penalties:
        return scores
    forced = forced_outcomes(event, round_)
    deducted: dict[int, Fraction] = {}
    for penalty in penalties_in(event, round_.number, POINT_DEDUCTION):
        deducted[penalty.player_id] = deducted.get(penalty.player_id, Fraction(0)) + penalty.points
    if not forced and not deducted:
        return scores
    decided = [ruleset.game.forced_result(score, forced[score.player_id], event.settings)
               if score.player_id in forced and score.opponents else score for score in scores]
    return [deduct(score, deducted[score.player_id], ruleset.game.deduct_from) if score.player_id in deducted else score
            for score in decided]


def standings_after(event: Event, ruleset: Ruleset, round_number: int | None = None) -> Standings:
    """Standings after `round_number` (default: the last round with every result in)."""
    counted = scored_rounds(event)
    if round_number is not None:
        counted = tuple(r for r in counted if r.number <= round_number)
    truncated = event.with_rounds(counted)
    scores = compute_scores(truncated, ruleset)
    after = counted[-1].number if counted else 0
    ranked = ruleset.game.rank(truncated, scores, after)
    return replace(with_shown_columns(ranked, truncated, scores, ruleset.game.main_score), scores=tuple(scores))


@dataclass
class NextRound:
    number: int
    pairing: Pairing
    standings: Standings
    rules: Ruleset  # how the sheet it writes is laid out and read
    replaces: bool = False
    title: str = ""  # the sheet to write: "Round 4", or a stage of the cut ("Top 8")
    new_standings: bool = True  # whether the standings it was paired on are written beside it


def plan_next_round(event: Event, ruleset: Ruleset, redo: bool = False) -> NextRound:
    """Decide which round (or stage of the cut) to pair and pair it, refusing when the workbook is not ready
    (§7); `EventOver` when everything has been played."""
    if event.playoff or (finals.cut_size(event) and event.is_finished and not redo):
        return plan_stage(event, ruleset, redo)
    last = event.last_round
    replaces = False
    if redo:
        if last is None:
            raise Refusal(Problem("", "", "There is no round to redo yet.", "Run `pair` without --redo."))
        if last.has_any_result:
            raise Refusal(Problem(last.sheet, "", f"{last.sheet} already has results; --redo only "
                                     "regenerates a round with none.", "Clear its results first if you "
                                     "really mean to pair it again."))
        event = event.with_rounds(event.rounds[:-1])
        replaces = True
    elif last is not None and last.games and not last.has_any_result:
        raise Refusal(Problem(last.sheet, "", f"{last.sheet} has no results yet; to pair it again use "
                                 "`pair --redo`.", "To pair the next round, type its results first."))
    elif last is not None and not last.is_complete:
        raise EventError([Problem(last.sheet, "", f"{last.sheet} is not finished, so the next round cannot be "
                                  "paired.", "Enter the results listed below, or use --redo to pair this round "
                                  "again while it has no results.")] + missing_results(last, ruleset))
    number = event.last_round.number + 1 if event.last_round else 1
    if number > event.settings.rounds:
        winners = first_place(ruleset.reports.deciding_standings(event) or standings_after(event, ruleset))
        raise EventOver([(row.player.id, row.player.name) for row in winners], False, event.settings.rounds)
    playing = [p for p in event.players if p.plays_in(number)]
    if len(playing) < ruleset.layout.seats_per_table[0]:
        raise EventError(Problem("Players", "", f"Only {len(playing)} player(s) can play round {number}.",
                                 "Add players, or clear Dropped after for players who are still in."))
    standings = standings_after(event, ruleset)
    try:
        pairing = ruleset.pairer.pair(event, standings, compute_history(event.rounds), number)
    except PairingImpossible as impossible:
        raise NoLegalPairing(Problem(*impossible.where, str(impossible), "Check the roster and the Event settings.")) \
            from None
    everyone_placed(pairing, {p.id for p in playing} - ruleset.pairer.idle_in(event, number), number)
    return NextRound(number, pairing.explain(names_of(event)), standings, ruleset, replaces, round_title(number))


def names_of(event: Event) -> dict[int, str]:
    """Each player's name, as a pairing's notes word them (`Pairing.explain`: every pairer's flags, here once)."""
    return {player.id: player.name for player in event.players}


def first_place(standings: Standings) -> list[StandingsRow]:
    """Who tops the standings once the last round is in: everyone sharing the first rank (across the groups, when
    a ruleset ranks inside groups)."""
    def rank(row: StandingsRow) -> int:
        return row.overall_rank if standings.group_label and row.overall_rank else row.rank

    best = min((rank(row) for row in standings.rows), default=1)
    return [row for row in standings.rows if rank(row) == best]


def everyone_placed(pairing: Pairing, expected: set[int], number: int) -> None:
    """The invariant of every round sheetrunner writes: each active player is seated once, has the bye or sits
    out, and nobody else is; nobody silently vanishes. A pairing that breaks it is a bug, never written."""
    placed = [pid for table in pairing.tables for pid in table.player_ids] + list(pairing.byes)
    twice = sorted({pid for pid in placed if placed.count(pid) > 1}) if len(set(placed)) < len(placed) else []
    missing, extra = sorted(expected - set(placed)), sorted(set(placed) - expected)
    if twice or missing or extra:
        raise AssertionError(f"round {number} pairing places players {twice} twice, leaves out {missing} and "
                             f"adds {extra}")


def plan_stage(event: Event, ruleset: Ruleset, redo: bool = False) -> NextRound:
    """The next stage of the top cut, once the last round has every result (§5a)."""
    titles = finals.stage_titles(finals.cut_size(event), ruleset)
    rules = finals.stage_rules(ruleset)
    last = event.playoff[-1] if event.playoff else None
    if last is not None:
        check_last_stage(last, redo, rules)
    elif redo:  # `plan_next_round` asks for a redo here only once a stage is written
        raise Refusal(Problem("", "", "There is no stage of the cut to redo yet.", "Run `pair` without --redo."))
    stages, replaces = (event.playoff[:-1], True) if redo else (event.playoff, False)
    event = event.with_playoff(stages)
    standings = standings_after(event, ruleset)
    if len(stages) == len(titles):
        raise EventOver([cut_champion(event, ruleset, standings)], True, event.settings.rounds)
    number = event.settings.rounds + len(stages) + 1
    try:
        pairing = ruleset.pairer.pair(event, standings, compute_history(event.rounds), number) \
            if finals.cut_of_teams(ruleset) else finals.pair_stage(event, ruleset, standings,
                                                                   compute_history(event.rounds), number)
    except PairingImpossible as impossible:
        raise NoLegalPairing(Problem(last.sheet if last else "Players", "", str(impossible), "")) from None
    return NextRound(number, pairing.explain(names_of(event)), standings, rules, replaces, titles[len(stages)],
                     new_standings=not stages)


def cut_champion(event: Event, ruleset: Ruleset, standings: Standings) -> tuple[int, str]:
    """Who won the cut: a team when teams play it (the pairer says), else the bracket's first place."""
    team = ruleset.pairer.champion(event)
    if team is not None:
        return team  # a cut of teams
    champion = event.player(finals.placings(event, ruleset, standings)[0].player_id)
    return champion.id, champion.name


def check_last_stage(last: Round, redo: bool, rules: Ruleset) -> None:
    """The stage written last must have every result before the next is paired, and none when `redo` pairs it
    again (§7)."""
    if redo and last.has_any_result:
        raise Refusal(Problem(last.sheet, "", f"{last.sheet} already has results; --redo only regenerates a "
                              "stage with none.", "Clear its results first if you really mean to pair it again."))
    if not redo and not last.has_any_result:
        raise Refusal(Problem(last.sheet, "", f"{last.sheet} has no results yet; to pair it again use "
                              "`pair --redo`.", "To pair the next stage, type its results first."))
    if not redo and not last.is_complete:
        raise EventError([Problem(last.sheet, "", f"{last.sheet} is not finished, so the next stage cannot be "
                                  "paired.", "Enter the results listed below.")] + missing_results(last, rules))


def round_from_pairing(number: int, pairing: Pairing, ruleset: Ruleset, title: str = "",
                       results: dict[int, dict[str, Any]] | None = None) -> Round:
    """The round just written, as validation would read it back: seats in order, no results yet, or the
    `results` given for the players at a game (`simulate`'s, each player's own dict, kept as it is). Its objects
    are made by `maker` (every field given, each value one the class keeps as it is), as `simulate` builds one
    for every round it plays."""
    empty, notes, marks = {column.key: None for column in ruleset.layout.result_columns}, pairing.notes, pairing.marks
    unmarked = type(pairing).marks is Pairing.marks  # a player's pairing's own marks: none (team events have some)
    typed = results or {}

    def seat(pid: int, label: Any) -> Seat:  # a number, or what the engine says (a power)
        said, result = notes.get(pid), typed.get(pid)
        return MAKE_SEAT(pid, label, dict(empty) if result is None else result, " ".join(said) if said else "", 0,
                         {} if unmarked else marks(pid))

    def table(number: Label, ids: tuple[int, ...], labels: Iterable[Any]) -> Table:  # its players kept as known
        return MAKE_TABLE(number, tuple(map(seat, ids, labels)), ids)

    tables = [table(t.number, tuple(t.player_ids), t.seats or range(1, len(t.player_ids) + 1)) for t in pairing.tables]
    tables += [table(BYE, (pid,), (0,)) for pid in pairing.byes]
    return MAKE_ROUND(number, tuple(tables), title or round_title(number), ())
