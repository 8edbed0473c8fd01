"""Benchmark: the pods engine (allegiance games) and Diplomacy boards beside an exact solver, in one run.

Allegiance events of 64, 128, 256 and 1024 players, all four-player games and threes with fours, are
simulated round by round (sheetrunner pairs, one random winner per game) to the last measured round; at
rounds 6, 8, 10, 14 and 20 (`--rounds`) it prints, for sheetrunner's engine, for OR-Tools CP-SAT given the
whole field (the reference: the clash counts then recency with 10 units of deterministic work, then the
narrowest widest spread of wins with those repeats allowed and no other, 10 more; "optimum" when it
proves the repeats optimal, "best" otherwise, and "spread proven" when it proves the spread too), and for
the plain fill down the standings: the pairing step's CPU time, the pairs meeting again, those meeting
for the third time or more, and the widest spread of wins inside one game. CP-SAT is skipped above 256
players, where its model is too large to finish.

Then Diplomacy fields of 21, 49, 70, 140 and 350 players over 7 rounds: per round the CPU time of the
whole pairing step (sit-outs, boards, powers), the repeat opponents of sheetrunner's boards and how many
of them met in the round just played, beside CP-SAT on the same round (10 units of work, hinted with
sheetrunner's boards, so it reports whether anything better exists that it can find, and proves).

Times are CPU seconds (time.process_time), as the machine is shared. numpy and OR-Tools are imported
before the first timed round (their import's CPU time is printed once: a `pair` command pays it when a
round needs the tabu search or CP-SAT).

Run: python bench/bench_pods.py [--sizes 64,128,256,1024] [--rounds 6,8,10,14,20]
                               [--diplomacy 21,49,70,140,350] [--no-reference]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sheetrunner.model.history import compute_history  # noqa: E402
from sheetrunner.model.event import Event, Player, Round, Seat, Settings, Table  # noqa: E402
from sheetrunner.model.options import COMMON_OPTIONS  # noqa: E402
from sheetrunner.pairing import Entrant  # noqa: E402
from sheetrunner.pairing.pods import PodField, arrange_games, slot_sizes  # noqa: E402
from sheetrunner.rulesets import all_rulesets  # noqa: E402
from sheetrunner.rulesets.base import entrants_in_order  # noqa: E402
from sheetrunner.rules.tournament import standings_after  # noqa: E402

RULESETS = all_rulesets()

ALLEGIANCE = RULESETS["allegiance"]
DIPLOMACY = RULESETS["ndc-diplomacy"]
MEASURED = (6, 8, 10, 14, 20)
FORMATS = {"all fours": ("4", 4), "threes with fours": ("3,4", 3)}
REFERENCE_LIMIT = 256
REFERENCE_WORK = 10.0
BOARDS_REFERENCE_WORK = 10.0


def settings(rules, rounds: int, **options) -> Settings:
    values = {o.key: o.default for o in COMMON_OPTIONS + rules.game.all_options}
    values.update(ruleset=rules.game.name, rounds=rounds, seed=1, **options)
    return Settings(rules.game.name, rounds, 1, options=values, tiebreakers=rules.game.tiebreakers)


def field_for(event: Event, number: int) -> PodField:
    standings = standings_after(event, ALLEGIANCE)
    entrants = entrants_in_order(event, standings, compute_history(event.rounds), number, "wins")
    options = event.settings.options
    sizes = slot_sizes(len(entrants), tuple(int(s) for s in options["game_sizes"].split(",")),
                       options["preferred_size"])
    return PodField(entrants, sizes, number)


def quality(field: PodField, games: list[list[int]]) -> tuple[int, int, int]:
    """Pairs meeting again, pairs meeting for the third time or more, the widest spread of wins in a game."""
    again = sum(1 for game in games for a, b in combinations(game, 2) if b in field.by_id[a].met)
    often = sum(1 for game in games for a, b in combinations(game, 2) if field.by_id[a].meetings.get(b, 0) >= 2)
    spread = max(max(field.points[p] for p in g) - min(field.points[p] for p in g) for g in games)
    return again, often, spread


def last_round_repeats(field: PodField, games: list[list[int]]) -> int:
    """Pairs meeting again who met in the round just played."""
    return sum(1 for game in games for a, b in combinations(game, 2) if field.by_id[a].met.get(b) == field.round - 1)


def reference(field: PodField, games: list[list[int]],
              work: float = REFERENCE_WORK) -> tuple[list[list[int]], str, float]:
    """CP-SAT grouping the whole field by team mates and repeats (then recency), then, in ranked fields, for
    the narrowest widest spread with those repeats, with long work limits."""
    from sheetrunner.pairing.pods_field import lay_out
    from sheetrunner.pairing.pods_solver import narrowest_groups, solve_groups

    start = time.process_time()
    grouped, optimal = solve_groups(field, games, work)
    label = "optimum" if optimal else "best"
    if field.ranked:
        narrowed, proven = narrowest_groups(field, grouped, work)
        if narrowed is not None:
            grouped = narrowed
        label += ", spread proven" if proven else ""
        grouped = lay_out(field, grouped)
    return grouped, label, time.process_time() - start


def warm_imports() -> float:
    """Import numpy and OR-Tools (what a round with a clash loads) and return the CPU seconds it took."""
    start = time.process_time()
    from sheetrunner.pairing import pods_solver, pods_tabu  # noqa: F401  (numpy, and CP-SAT as the engine loads it)

    return time.process_time() - start


def play(games: list[list[int]], number: int, rng: random.Random) -> Round:
    tables = []
    for index, game in enumerate(games, start=1):
        winner = rng.choice(game)
        seats = tuple(Seat(pid, seat, {"vi": rng.randint(0, 30), "won": pid == winner, "eliminated": None})
                      for seat, pid in enumerate(game, start=1))
        tables.append(Table(index, seats))
    return Round(number, tuple(tables))


def bench_allegiance(players: int, name: str, with_reference: bool, measured: tuple[int, ...]) -> None:
    sizes, preferred = FORMATS[name]
    rng = random.Random(players)
    event = Event(settings(ALLEGIANCE, max(measured), game_sizes=sizes, preferred_size=preferred),
                  tuple(Player(i, f"P{i}") for i in range(1, players + 1)))
    print(f"\n## allegiance, {players} players, {name}")
    print("round  engine                        CPU s  repeats  3rd+  widest spread")
    for number in range(1, max(measured) + 1):
        field = field_for(event, number)
        start = time.process_time()
        games = arrange_games(field)
        seconds = time.process_time() - start
        if number in measured:
            rows = [("sheetrunner", seconds, games), ("plain fill", 0.0, field.natural())]
            if with_reference and players <= REFERENCE_LIMIT:
                solved, label, spent = reference(field, games)
                rows.insert(1, (f"CP-SAT {label}", spent, solved))
            for engine, spent, result in rows:
                again, often, spread = quality(field, result)
                print(f"{number:>5}  {engine:<28} {spent:>7.3f} {again:>8} {often:>5} {spread:>14}")
        event = event.with_rounds(event.rounds + (play(games, number, rng),))


def bench_diplomacy(players: int, with_reference: bool) -> None:
    event = Event(settings(DIPLOMACY, 7), tuple(Player(i, f"P{i}") for i in range(1, players + 1)))
    print(f"\n## ndc-diplomacy, {players} players, 7 rounds")
    print("round  sheetrunner CPU s  repeats  of last round   CP-SAT CPU s  repeats  of last round")
    for number in range(1, 8):
        history = compute_history(event.rounds)
        start = time.process_time()
        pairing = DIPLOMACY.pairer.pair(event, None, history, number)
        seconds = time.process_time() - start
        boards = [list(t.player_ids) for t in pairing.tables]
        entrants = tuple(Entrant(p, Fraction(0), met=dict(history.met.get(p, {})),
                                 meetings=dict(history.times.get(p, {}))) for board in boards for p in board)
        field = PodField(entrants, [7] * len(boards), number, ranked=False)
        again = quality(field, boards)[0]
        line = f"{number:>5}  {seconds:>17.3f} {again:>8} {last_round_repeats(field, boards):>14}"
        if with_reference and number > 1:
            solved, label, spent = reference(field, boards, BOARDS_REFERENCE_WORK)
            line += (f"   {spent:>12.3f} {quality(field, solved)[0]:>8} {last_round_repeats(field, solved):>14}"
                     f"  ({label})")
        print(line)
        tables = [Table(t.number, tuple(Seat(pid, power, {}) for pid, power in zip(t.player_ids, t.seats)))
                  for t in pairing.tables]
        event = event.with_rounds(event.rounds + (Round(number, tuple(tables)),))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="64,128,256,1024")
    parser.add_argument("--rounds", default=",".join(map(str, MEASURED)), help="allegiance rounds measured")
    parser.add_argument("--diplomacy", default="21,49,70,140,350")
    parser.add_argument("--no-reference", action="store_true", help="skip the CP-SAT reference")
    options = parser.parse_args()
    measured = tuple(int(number) for number in options.rounds.split(",") if number)
    print(f"numpy and OR-Tools imported in {warm_imports():.3f} CPU s (once per process)")
    for players in (int(size) for size in options.sizes.split(",") if size):
        for name in FORMATS:
            bench_allegiance(players, name, not options.no_reference, measured)
    for players in (int(size) for size in options.diplomacy.split(",") if size):
        bench_diplomacy(players, not options.no_reference)


if __name__ == "__main__":
    main()
