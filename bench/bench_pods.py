"""Benchmark: the pods engine at 64, 256 and 1024 players, rounds 3, 8 and 14.

Events are simulated round by round (sheetrunner pairs, one random winner per
game). At each measured round it prints, for sheetrunner's engine and for the
baseline (games filled straight down the standings, as by hand): the pairing
step's time, the repeat meetings, and the widest spread of wins inside one
game. Two formats: all four-player games, and threes with fours.

Run: python bench/bench_pods.py [--sizes 64,256]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sheetrunner.history import compute_history  # noqa: E402
from sheetrunner.model import Event, Player, Round, Seat, Settings, Table  # noqa: E402
from sheetrunner.options import COMMON_OPTIONS  # noqa: E402
from sheetrunner.pairing.pods import PodField, arrange_games, slot_sizes  # noqa: E402
from sheetrunner.rulesets import RULESETS  # noqa: E402
from sheetrunner.rulesets.base import entrants_in_order  # noqa: E402
from sheetrunner.tournament import standings_after  # noqa: E402
from timing import timed  # noqa: E402

RULES = RULESETS["allegiance"]
MEASURED = (3, 8, 14)
FORMATS = {"all fours": ("4", 4), "threes with fours": ("3,4", 3)}


def settings(sizes: str, preferred: int) -> Settings:
    values = {o.key: o.default for o in COMMON_OPTIONS + RULES.options}
    values.update(ruleset="allegiance", rounds=14, seed=1, game_sizes=sizes, preferred_size=preferred)
    return Settings("allegiance", 14, 1, options=values, tiebreakers=RULES.tiebreakers)


def field_for(event: Event, number: int) -> PodField:
    standings = standings_after(event, RULES)
    entrants = entrants_in_order(event, standings, compute_history(event.rounds), number, "wins")
    options = event.settings.options
    sizes = slot_sizes(len(entrants), tuple(int(s) for s in options["game_sizes"].split(",")),
                       options["preferred_size"])
    return PodField(entrants, sizes, number)


def quality(field: PodField, games: list[list[int]]) -> tuple[int, int]:
    """Repeat meetings and the widest spread of wins inside one game."""
    repeats = sum(1 for game in games for a, b in combinations(game, 2) if b in field.by_id[a].met)
    spread = max(max(field.by_id[p].score for p in g) - min(field.by_id[p].score for p in g) for g in games)
    return repeats, int(spread)


def play(games: list[list[int]], number: int, rng: random.Random) -> Round:
    tables = []
    for index, game in enumerate(games, start=1):
        winner = rng.choice(game)
        seats = tuple(Seat(pid, seat, {"vi": rng.randint(0, 30), "won": pid == winner, "eliminated": None})
                      for seat, pid in enumerate(game, start=1))
        tables.append(Table(index, seats))
    return Round(number, tuple(tables))


def bench(players: int, name: str) -> None:
    sizes, preferred = FORMATS[name]
    rng = random.Random(players)
    event = Event(settings(sizes, preferred), tuple(Player(i, f"P{i}") for i in range(1, players + 1)))
    print(f"\n## {players} players, {name}")
    print("round  engine        seconds  repeats  widest win spread")
    for number in range(1, max(MEASURED) + 1):
        field = field_for(event, number)
        seconds, games = timed(lambda: arrange_games(field), repeat=3 if number in MEASURED else 1)
        if number in MEASURED:
            start = time.perf_counter()
            natural = field.natural()
            natural_seconds = time.perf_counter() - start
            for engine, spent, result in (("sheetrunner", seconds, games), ("plain fill", natural_seconds, natural)):
                repeats, spread = quality(field, result)
                print(f"{number:>5}  {engine:<12} {spent:>8.4f} {repeats:>8} {spread:>18}")
        event = event.with_rounds(event.rounds + (play(games, number, rng),))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="64,256,1024")
    options = parser.parse_args()
    for players in (int(size) for size in options.sizes.split(",")):
        for name in FORMATS:
            bench(players, name)


if __name__ == "__main__":
    main()
