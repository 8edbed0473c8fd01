"""Benchmark: the pods engine (allegiance games) and Diplomacy boards beside an exact solver, in one run.

Allegiance events of 64, 128, 256 and 1024 players, all four-player games and threes with fours, are
simulated round by round (sheetrunner pairs, one random winner per game) to round 20; at rounds 8, 14
and 20 it prints, for sheetrunner's engine, for OR-Tools CP-SAT given the whole field and 10 seconds
(the reference: its optimum when it proves one, else its best), and for the plain fill down the
standings: the pairing step's time, the pairs meeting again, those meeting for the third time or more,
and the widest spread of wins inside one game. CP-SAT is skipped above 256 players, where its model is
too large to finish.

Then Diplomacy fields of 21, 49, 70, 140 and 350 players over 7 rounds: per round the time and the
repeat opponents of sheetrunner's boards, beside CP-SAT on the same round (10 s).

Run: python bench/bench_pods.py [--sizes 64,128,256,1024] [--diplomacy 21,49,70,140,350] [--no-reference]
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

from sheetrunner.history import compute_history  # noqa: E402
from sheetrunner.model import Event, Player, Round, Seat, Settings, Table  # noqa: E402
from sheetrunner.options import COMMON_OPTIONS  # noqa: E402
from sheetrunner.pairing import Entrant  # noqa: E402
from sheetrunner.pairing.pods import PodField, arrange_games, slot_sizes  # noqa: E402
from sheetrunner.rulesets import RULESETS  # noqa: E402
from sheetrunner.rulesets.base import entrants_in_order  # noqa: E402
from sheetrunner.tournament import standings_after  # noqa: E402

ALLEGIANCE = RULESETS["allegiance"]
DIPLOMACY = RULESETS["ndc-diplomacy"]
MEASURED = (8, 14, 20)
FORMATS = {"all fours": ("4", 4), "threes with fours": ("3,4", 3)}
REFERENCE_LIMIT = 256
REFERENCE_WORK = 10.0


def settings(rules, rounds: int, **options) -> Settings:
    values = {o.key: o.default for o in COMMON_OPTIONS + rules.options}
    values.update(ruleset=rules.name, rounds=rounds, seed=1, **options)
    return Settings(rules.name, rounds, 1, options=values, tiebreakers=rules.tiebreakers)


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


def reference(field: PodField, games: list[list[int]]) -> tuple[list[list[int]], bool, float]:
    """CP-SAT grouping the whole field by team mates and repeats, with a long work limit."""
    from sheetrunner.pairing.pods import lay_out
    from sheetrunner.pairing.pods_solver import solve_groups

    start = time.perf_counter()
    grouped, optimal = solve_groups(field, games, REFERENCE_WORK)
    return (lay_out(field, grouped) if field.ranked else grouped), optimal, time.perf_counter() - start


def play(games: list[list[int]], number: int, rng: random.Random) -> Round:
    tables = []
    for index, game in enumerate(games, start=1):
        winner = rng.choice(game)
        seats = tuple(Seat(pid, seat, {"vi": rng.randint(0, 30), "won": pid == winner, "eliminated": None})
                      for seat, pid in enumerate(game, start=1))
        tables.append(Table(index, seats))
    return Round(number, tuple(tables))


def bench_allegiance(players: int, name: str, with_reference: bool) -> None:
    sizes, preferred = FORMATS[name]
    rng = random.Random(players)
    event = Event(settings(ALLEGIANCE, max(MEASURED), game_sizes=sizes, preferred_size=preferred),
                  tuple(Player(i, f"P{i}") for i in range(1, players + 1)))
    print(f"\n## allegiance, {players} players, {name}")
    print("round  engine          seconds  repeats  3rd+  widest spread")
    for number in range(1, max(MEASURED) + 1):
        field = field_for(event, number)
        start = time.perf_counter()
        games = arrange_games(field)
        seconds = time.perf_counter() - start
        if number in MEASURED:
            rows = [("sheetrunner", seconds, games), ("plain fill", 0.0, field.natural())]
            if with_reference and players <= REFERENCE_LIMIT:
                solved, optimal, spent = reference(field, games)
                rows.insert(1, (f"CP-SAT {'optimum' if optimal else 'best'}", spent, solved))
            for engine, spent, result in rows:
                again, often, spread = quality(field, result)
                print(f"{number:>5}  {engine:<15} {spent:>7.3f} {again:>8} {often:>5} {spread:>14}")
        event = event.with_rounds(event.rounds + (play(games, number, rng),))


def bench_diplomacy(players: int, with_reference: bool) -> None:
    event = Event(settings(DIPLOMACY, 7), tuple(Player(i, f"P{i}") for i in range(1, players + 1)))
    print(f"\n## ndc-diplomacy, {players} players, 7 rounds")
    print("round  sheetrunner s  repeats   CP-SAT s  repeats")
    for number in range(1, 8):
        history = compute_history(event.rounds)
        start = time.perf_counter()
        pairing = DIPLOMACY.pair(event, None, history, number)
        seconds = time.perf_counter() - start
        boards = [list(t.player_ids) for t in pairing.tables]
        entrants = tuple(Entrant(p, Fraction(0), met=dict(history.met.get(p, {})), meetings=dict(history.times.get(p, {})))
                         for board in boards for p in board)
        field = PodField(entrants, [7] * len(boards), number, ranked=False)
        again = quality(field, boards)[0]
        line = f"{number:>5}  {seconds:>13.3f} {again:>8}"
        if with_reference and number > 1:
            solved, optimal, spent = reference(field, boards)
            line += f"   {spent:>8.3f} {quality(field, solved)[0]:>8} {'(optimum)' if optimal else '(best found)'}"
        print(line)
        tables = [Table(t.number, tuple(Seat(pid, power, {}) for pid, power in zip(t.player_ids, t.seats)))
                  for t in pairing.tables]
        event = event.with_rounds(event.rounds + (Round(number, tuple(tables)),))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="64,128,256,1024")
    parser.add_argument("--diplomacy", default="21,49,70,140,350")
    parser.add_argument("--no-reference", action="store_true", help="skip the CP-SAT reference")
    options = parser.parse_args()
    for players in (int(size) for size in options.sizes.split(",") if size):
        for name in FORMATS:
            bench_allegiance(players, name, not options.no_reference)
    for players in (int(size) for size in options.diplomacy.split(",") if size):
        bench_diplomacy(players, not options.no_reference)


if __name__ == "__main__":
    main()
