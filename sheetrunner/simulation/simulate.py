"""What-if: whole events played many times with the real pairing engines and scoring (SPEC §5a).

Before an event, `simulate_event` plays a field of N players through K rounds again and again, results
drawn by each ruleset's `random_result`: every player has a hidden strength (normally distributed, scaled
by `skill`; 0 makes every game a coin flip) and a share `draw_rate` of games is drawn (or, in multiplayer
games, has no winner). During an event, `simulate_rest` plays the rounds still to come from the
workbook's own results, every game a coin flip, to give each player's chance of each final place and of
making the cut, and what they need from their own games.

Each run is seeded by the seed and its index alone, so the same setup gives the same figures on any
machine and with any number of worker processes.

How many runs: by default `default_runs`, 200 (a share such as "makes the top 8 with 5-1" to within about ±3.5
points, one standard error of a 50% share), fewer for a field so big that 200 runs would take many minutes: a
budget of players × rounds × runs, at least 20 runs. A big field's means (records, repeats per round) come from
thousands of players in every run, so few runs give them closely; only the per-run figures (the undefeated count,
the cut line) need many. `--runs` asks for more.
"""

from __future__ import annotations

import gc
import math
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Iterator

from ..model.history import History, add_round, compute_history
from ..model.event import Event, Player, Round, Seat, Settings, Table
from ..model.options import event_options
from ..pairing import Pairing
from ..rulesets import Ruleset, known_ruleset
from .running_standings import RunningStandings
from .figures import Records, RunFigures, measure_round
from ..scoring.standings import Standings
from ..rules.tournament import round_from_pairing, standings_after

DEFAULT_RUNS = 200
FEWEST_RUNS = 20
WORK_BUDGET = 400_000  # players x rounds x runs by default: about 20 s of CPU for a Swiss field (issue 34)
# Magic Tournament Rules, appendix E: Swiss rounds by field size (up to and including), for comparison.
MTR_ROUNDS = ((8, 3), (16, 5), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9), (math.inf, 10))


@dataclass(frozen=True)
class Setup:
    """One field to simulate: ruleset, players, rounds, and how results are drawn."""

    ruleset: str
    players: int
    rounds: int
    runs: int | None = None  # None: `default_runs`
    seed: int = 1
    draw_rate: float = 0.0
    skill: float = 1.0
    cut: int = 8  # the top cut whose qualifying record is reported (two-player rulesets)


def default_runs(players: int, rounds: int) -> int:
    """Runs when none are asked for: `DEFAULT_RUNS`, fewer when players x rounds x runs would pass `WORK_BUDGET`
    (the work of a run grows with the players and the rounds), never fewer than `FEWEST_RUNS`."""
    return max(FEWEST_RUNS, min(DEFAULT_RUNS, WORK_BUDGET // max(1, players * rounds)))


def settings_for(ruleset: Ruleset, rounds: int, seed: int) -> Settings:
    """An event's settings with every option at its default, as `init` writes them."""
    options = {option.key: option.default for option in event_options(ruleset.game.all_options)}
    options.update(ruleset=ruleset.game.name, rounds=rounds, seed=seed)
    return Settings(ruleset.game.name, rounds, seed, tiebreakers=ruleset.game.tiebreakers, options=options)


def play_round(event: Event, ruleset: Ruleset, number: int, rng: random.Random, strength: dict[int, float],
               draw_rate: float, kept: Round | None = None, standings: Standings | None = None,
               history: History | None = None) -> tuple[Event, Round, Pairing | None]:
    """Pair round `number` as `pair` would (or take `kept`, a round already paired) and draw its missing
    results; the event with the round in it. `standings` and `history`, when the caller has them, save
    computing them again."""
    pairing = None
    if kept is None:
        standings = standings or standings_after(event, ruleset)
        pairing = ruleset.pairer.pair(event, standings, history or compute_history(event.rounds), number)
        _apply_updates(event, ruleset, pairing)
        random_result, drawn = ruleset.game.random_result, {}
        for table in pairing.tables:
            drawn.update(random_result(table.player_ids, rng, strength, draw_rate))
        played = round_from_pairing(number, pairing, ruleset, results=drawn)
    else:
        played = _drawn_rest(kept, ruleset, rng, strength, draw_rate)
    return event.with_rounds(tuple(r for r in event.rounds if r.number < number) + (played,)), played, pairing


def _drawn_rest(kept: Round, ruleset: Ruleset, rng: random.Random, strength: dict[int, float],
                draw_rate: float) -> Round:
    """The round of the workbook paired but not finished, with its missing results drawn; the results the TO
    typed stay (the workbook's round is not changed)."""
    tables = []
    for table in kept.tables:
        if table.is_bye or all(seat.has_result for seat in table.seats):  # typed before
            tables.append(table)
            continue
        drawn = ruleset.game.random_result(table.player_ids, rng, strength, draw_rate)
        tables.append(Table(table.number, tuple(Seat(s.player_id, s.seat, drawn[s.player_id], s.note, s.row)
                                                for s in table.seats)))
    return Round(kept.number, tuple(tables), kept.sheet, kept.missed)


def _apply_updates(event: Event, ruleset: Ruleset, pairing: Pairing) -> None:
    """What pairing writes into Players (cards dealt, pods chosen), kept in the players' own values."""
    if not pairing.player_updates:  # most rounds: the cards or pods were written in round 1
        return
    keys = {column.header: column.key for column in ruleset.layout.player_columns}
    players = event.players_by_id
    for pid, values in pairing.player_updates.items():
        players[pid].extra.update({keys.get(header, header): value for header, value in values.items()})


def fresh_players(players: Iterable[Player]) -> tuple[Player, ...]:
    """Copies whose own values (cards, pods) one run may fill without touching another's."""
    return tuple(replace(player, extra=dict(player.extra)) for player in players)


# --- one run, measured ------------------------------------------------------------------------------------


def play_event(setup: Setup, index: int) -> Iterator[tuple[Event, Round, Standings, History]]:
    """One whole event of the setup, seeded by its index: after each round, the event so far, the round, and
    the standings and history it was paired on (the history grows by the round once the next is asked for)."""
    for event, played, before, history, _ in _play(setup, index):
        yield event, played, before, history


def _play(setup: Setup, index: int) -> Iterator[tuple[Event, Round, Standings, History, RunningStandings]]:
    """`play_event`, with the running standings: each round is scored once, and the history grows by it, after
    the caller has measured it on the history it was paired on."""
    ruleset = known_ruleset(setup.ruleset)
    rng = random.Random(f"{setup.seed}:run {index}")
    players = tuple(Player(pid, f"Player {pid}") for pid in range(1, setup.players + 1))
    strength = {p.id: rng.gauss(0, 1) * setup.skill for p in players}
    event = Event(settings_for(ruleset, setup.rounds, rng.randrange(1_000_000)), players)
    running, history = RunningStandings(event, ruleset), History()
    for number in range(1, setup.rounds + 1):
        before = running.standings()
        event, played, _ = play_round(event, ruleset, number, rng, strength, setup.draw_rate,
                                      standings=before, history=history)
        yield event, played, before, history, running
        add_round(history, played)
        running.add(event, played)


def run_once(setup: Setup, index: int) -> RunFigures:
    """One whole event of the setup, measured."""
    ruleset = known_ruleset(setup.ruleset)
    two_player = ruleset.layout.two_player
    figures = RunFigures()
    tally = Records(range(1, setup.players + 1), setup.rounds)  # the players `_play` makes, in order
    for event, played, before, history, running in _play(setup, index):
        measure_round(figures, ruleset, played, before, history)
        if two_player:
            tally.count(played)
            counted, undefeated = tally.counted()
            figures.records.append(counted)
            figures.undefeated.append(undefeated)
    if two_player:
        records, order = tally.of_players(), running.order()
        cut = set(order[:setup.cut])
        figures.cut_records = [(records[pid], pid in cut) for pid in order]
        figures.cut_line = records[order[min(setup.cut, len(order)) - 1]]
    return figures


# --- many runs ----------------------------------------------------------------------------------------------


def run_many(job: Callable[[Any, int], Any], setup: Any, runs: int, workers: int = 1,
             progress: Callable[[int, int], None] = lambda done, total: None, first: Any = None) -> list:
    """`job(setup, index)` for every run, in index order, on `workers` processes; `progress` after each. `first`:
    run 0's result, when the caller played it already (to say why a field cannot be paired before the others)."""
    results = [] if first is None else [first]
    if results:
        progress(1, runs)
    indices = range(len(results), runs)
    if workers <= 1 or runs < 8:
        for index in indices:
            results.append(job(setup, index))
            progress(index + 1, runs)
        return results
    gc.freeze()  # the workers are forked: collecting objects they inherit would copy every page that holds one
    try:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for result in pool.map(job, [setup] * len(indices), indices,
                                   chunksize=max(1, len(indices) // (workers * 8))):
                results.append(result)
                progress(len(results), runs)
    finally:
        gc.unfreeze()
    return results


def recommended_rounds(players: int) -> int:
    """Enough rounds for one player to win them all (log2 of the field, at least 3)."""
    return max(3, math.ceil(math.log2(max(players, 2))))


def mtr_rounds(players: int) -> int:
    return next(rounds for most, rounds in MTR_ROUNDS if players <= most)


def summarize(setup: Setup, runs: list[RunFigures]) -> dict[str, Any]:
    """The figures a TO reads, averaged over the runs (JSON-ready)."""
    ruleset = known_ruleset(setup.ruleset)
    count = len(runs)

    def per_round(attribute: str) -> list[float]:
        return [round(sum(getattr(run, attribute)[r] for run in runs) / count, 3) for r in range(setup.rounds)]

    summary: dict[str, Any] = {
        "ruleset": setup.ruleset, "players": setup.players, "rounds": setup.rounds, "runs": count,
        "seed": setup.seed, "draw_rate": setup.draw_rate, "skill": setup.skill,
        "repeats_per_round": per_round("rematches"), "byes_per_round": per_round("byes"),
        "chance_of_a_repeat": round(sum(1 for run in runs if any(run.rematches)) / count, 4),
    }
    if ruleset.layout.two_player:
        summary.update(_two_player_summary(setup, runs))
    else:
        sizes = [sum((run.sizes[r] for run in runs), Counter()) for r in range(setup.rounds)]
        summary["games_per_round"] = [{str(size): round(n / count, 3) for size, n in sorted(c.items())} for c in sizes]
        summary["widest_score_spread_per_round"] = per_round("spreads")
        if ruleset.game.name == "ndc-diplomacy":
            summary["repeat_powers_per_round"] = per_round("repeat_powers")
    return summary


def _two_player_summary(setup: Setup, runs: list[RunFigures]) -> dict[str, Any]:
    count = len(runs)
    final = sum((run.records[-1] for run in runs), Counter())
    in_cut = Counter(record for run in runs for record, made in run.cut_records if made)
    everyone = Counter(record for run in runs for record, _ in run.cut_records)
    lines = Counter(run.cut_line for run in runs)
    undefeated = Counter(run.undefeated[-1] for run in runs)
    return {
        "records_after_each_round": [{record: round(n / count, 3) for record, n in _by_record(
            sum((run.records[r] for run in runs), Counter()))} for r in range(setup.rounds)],
        "final_records": {record: round(n / count, 3) for record, n in _by_record(final)},
        "undefeated_per_round": [round(sum(run.undefeated[r] for run in runs) / count, 3)
                                 for r in range(setup.rounds)],
        "undefeated_at_the_end": {str(n): round(k / count, 4) for n, k in sorted(undefeated.items())},
        "cut": setup.cut,
        "cut_line": {record: round(n / count, 4) for record, n in _by_record(lines)},
        "chance_to_make_the_cut": {record: round(in_cut[record] / everyone[record], 4)
                                   for record, _ in _by_record(everyone)},
        "long_floats_per_round": [round(sum(run.long_floats[r] for run in runs) / count, 3)
                                  for r in range(setup.rounds)],
        "chance_of_a_long_float": round(sum(1 for run in runs if any(run.long_floats)) / count, 4),
        "recommended_rounds": recommended_rounds(setup.players),
        "mtr_rounds": mtr_rounds(setup.players),
    }


def _by_record(counter: Counter) -> list[tuple[str, int]]:
    """Records best first: most wins, then fewest losses."""
    def key(record: str) -> tuple:
        parts = [int(p) for p in record.split("-")] + [0]
        return -parts[0], parts[1], -parts[2]
    return sorted(counter.items(), key=lambda item: key(item[0]))


def simulate_event(setup: Setup, workers: int = 1,
                   progress: Callable[[int, int], None] = lambda done, total: None,
                   first: RunFigures | None = None) -> dict[str, Any]:
    """Play the setup `setup.runs` times (None: `default_runs`; `first`: run 0, played already) and summarize."""
    runs = setup.runs or default_runs(setup.players, setup.rounds)
    return summarize(setup, run_many(run_once, setup, runs, workers, progress, first))


# --- the rest of a running event ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RestSetup:
    """The event as the workbook has it, and how its remaining rounds are drawn."""

    event: Event
    ruleset: Ruleset
    runs: int | None = None  # None: `default_runs` for the rounds left
    seed: int = 1
    draw_rate: float = 0.0
    cut: int = 8


def rounds_to_play(event: Event) -> tuple[int, Round | None]:
    """The first round still to play, and that round when it is paired but not finished (its typed results
    stay)."""
    last = event.last_round
    if last is not None and not last.is_complete:
        return last.number, last
    return (last.number + 1 if last else 1), None


def run_rest(setup: RestSetup, index: int) -> tuple[list[int], dict[int, int]]:
    """One way the rest of the event could go: the final order of the players, and each one's wins in the
    games still to play (every game a coin flip)."""
    rng = random.Random(f"{setup.seed}:rest {index}")
    ruleset, start = setup.ruleset, rounds_to_play(setup.event)
    first, kept = start
    event = Event(setup.event.settings, fresh_players(setup.event.players),
                  tuple(r for r in setup.event.rounds if r.number < first))
    even = dict.fromkeys((p.id for p in event.players), 0.0)
    wins = dict.fromkeys(even, 0)
    running, history = RunningStandings(event, ruleset), compute_history(event.rounds)
    for number in range(first, setup.event.settings.rounds + 1):
        given = kept if number == first else None
        event, played, _ = play_round(event, ruleset, number, rng, even, setup.draw_rate, given,
                                      None if given else running.standings(), history)
        add_round(history, played)
        running.add(event, played)
        for score in ruleset.game.score_round(played, event.settings):
            if score.outcome in ("win", "bye") and not _typed_before(kept, number, first, score.player_id):
                wins[score.player_id] += 1
    final = running.standings()
    return [row.player.id for row in sorted(final.rows, key=lambda row: row.overall_rank or 0)], wins


def _typed_before(kept: Round | None, number: int, first: int, player_id: int) -> bool:
    """A result the TO had already typed is not one of the player's games still to play."""
    if kept is None or number != first:
        return False
    table = kept.table_of(player_id)
    return table is not None and not table.is_bye and all(seat.has_result for seat in table.seats)


def simulate_rest(setup: RestSetup, workers: int = 1,
                  progress: Callable[[int, int], None] = lambda done, total: None,
                  played: tuple[list[int], dict[int, int]] | None = None) -> dict[str, Any]:
    """Each player's chance of first place and of the cut once the remaining rounds are played, and their
    chance of the cut for each number of wins in their own remaining games ("what do I need?"). `played`: run 0,
    played already."""
    first, _ = rounds_to_play(setup.event)
    left = setup.event.settings.rounds - first + 1
    runs = run_many(run_rest, setup, setup.runs or default_runs(len(setup.event.players), left), workers, progress,
                    played)
    count = len(runs)
    now = standings_after(setup.event, setup.ruleset)
    names = setup.event.players_by_id
    places: dict[int, list[int]] = {pid: [] for pid in names}
    made: dict[int, Counter] = {pid: Counter() for pid in names}
    tried: dict[int, Counter] = {pid: Counter() for pid in names}
    for order, wins in runs:
        for place, pid in enumerate(order, start=1):
            places[pid].append(place)
            tried[pid][wins[pid]] += 1
            made[pid][wins[pid]] += place <= setup.cut
    players = []
    for row in sorted(now.rows, key=lambda row: row.overall_rank or 0):
        pid = row.player.id
        if row.dropped or not places[pid]:
            continue
        players.append({
            "id": pid, "name": names[pid].name, "rank_now": row.rank,
            "chance_first": round(sum(1 for p in places[pid] if p == 1) / count, 4),
            "chance_cut": round(sum(1 for p in places[pid] if p <= setup.cut) / count, 4),
            "expected_place": round(sum(places[pid]) / count, 2),
            "places": {str(place): round(n / count, 4) for place, n in sorted(Counter(places[pid]).items())},
            "needs": {str(w): round(made[pid][w] / tried[pid][w], 4) for w in sorted(tried[pid], reverse=True)},
        })
    return {"after_round": now.after_round, "first_round_played": first, "rounds": setup.event.settings.rounds,
            "runs": count, "seed": setup.seed, "cut": setup.cut, "players": players}
