"""Benchmark: the Swiss engine beside its peers, on the same instances, in one run.

Instances: swiss-tp (tournament points) and card-game swiss (match points 3/1/0) events of 64, 255, 256,
1024 and 4096 players after 3, 8 and 14 rounds, with and without drawn games (with draws the top seed
drops first, so an even field has a bye). For each, the pairing step of:

- sheetrunner's engine;
- swisspair (karlosss/swisspair: a C++ minimum-cost perfect matching with GMP weights, the peer TOs of
  card games use), given the same standings, scores and past meetings;
- the exact optimum of the summed score difference under sheetrunner's hard rules (no rematch, no second
  bye, the bye to the lowest-ranked player without one; rustworkx's blossom on the whole field, up to
  1024 players);
- a greedy top-down pass (each player takes the next one they have not met), what a TO does by hand.

Printed per engine: seconds, rematches, the largest score difference in one pair, the summed score
difference, and the number of pairs across score groups. sheetrunner's time is also given as a ratio of
swisspair's. swisspair is optional (`pip install swisspair`); without it that line is skipped.

Run: python bench/bench_swiss.py [--sizes 64,255,256,1024,4096] [--rounds 3,8,14] [--rulesets swiss-tp,swiss]
"""

from __future__ import annotations

import argparse
import os
import sys
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from synthetic import make_event  # noqa: E402
from timing import timed  # noqa: E402

from sheetrunner.model.history import compute_history  # noqa: E402
from sheetrunner.pairing import PairedTable, Pairing, PairingRequest  # noqa: E402
from sheetrunner.pairing.matching import max_weight_matching  # noqa: E402
from sheetrunner.pairing.swiss import measure_quality, pair_swiss  # noqa: E402
from sheetrunner.rulesets import all_rulesets  # noqa: E402
from sheetrunner.rulesets.base import entrants_in_order  # noqa: E402
from sheetrunner.rules.tournament import standings_after  # noqa: E402

RULESETS = all_rulesets()

EXACT_LIMIT = 1024
SCORE_KEY = {"swiss-tp": "tp", "swiss": "match_points"}


def request_for(ruleset: str, players: int, played: int, draws: bool) -> PairingRequest:
    event = make_event(players, played, draws, drop_one=draws, ruleset=ruleset)
    standings = standings_after(event, RULESETS[ruleset])
    history = compute_history(event.rounds)
    return PairingRequest(played + 1, entrants_in_order(event, standings, history, played + 1, SCORE_KEY[ruleset]))


def pairing_of(request: PairingRequest, pairs: list[tuple[int, int]], byes: list[int]) -> Pairing:
    return Pairing([PairedTable(n, pair) for n, pair in enumerate(pairs, start=1)], byes)


def swisspair_engine(request: PairingRequest) -> Pairing:
    """swisspair with the same standings: points must be whole numbers, ranks 1..n, meetings symmetric."""
    import swisspair

    scale = 1
    for entrant in request.entrants:
        scale = max(scale, Fraction(entrant.score).denominator)
    ids = {e.id for e in request.entrants}
    players = [swisspair.Player(id=str(e.id), points=int(Fraction(e.score) * scale), rank=rank, can_get_bye=not e.had_bye,
                                cannot_be_paired_against_ids={str(o) for o in e.met if o in ids})
               for rank, e in enumerate(request.entrants, start=1)]
    matches = swisspair.create_matches(players)
    pairs = [(int(m.p1.id), int(m.p2.id)) for m in matches if not m.is_bye]
    return pairing_of(request, pairs, [int(m.p1.id) for m in matches if m.is_bye])


def exact_sum_engine(request: PairingRequest) -> Pairing:
    """The least summed score difference under the same rules as sheetrunner's levels 1-3: no rematch, no
    second bye, and the bye to the lowest-ranked player without one (004) whenever a pairing allows it
    (each player without a bye ranked below the one who takes it outweighs any sum): rustworkx on every
    allowed pair."""
    entrants = list(request.entrants)
    scale = max(Fraction(e.score).denominator for e in entrants)
    scores = [int(Fraction(e.score) * scale) for e in entrants]
    count = len(entrants)
    bye = count if count % 2 else None
    spread = max(scores) - min(scores) + 1
    base = (count + 1) * spread * (count + 1)
    edges = [(i, j, base - abs(scores[i] - scores[j])) for i in range(count) for j in range(i + 1, count)
             if entrants[j].id not in entrants[i].met]
    if bye is not None:
        passed_over = [sum(1 for later in entrants[i + 1:] if not later.had_bye) for i in range(count)]
        edges += [(i, bye, base - passed_over[i] * spread * (count + 1)) for i in range(count)
                  if not entrants[i].had_bye]
    pairs = max_weight_matching(count + (bye is not None), edges)
    games = [(entrants[i].id, entrants[j].id) for i, j in pairs if j != bye]
    return pairing_of(request, games, [entrants[i].id for i, j in pairs if j == bye])


def greedy_engine(request: PairingRequest) -> Pairing:
    """The baseline a TO does by hand: top-down, each player meets the next one not yet met."""
    waiting = list(request.entrants)
    byes = []
    if len(waiting) % 2:
        taker = next((e for e in reversed(waiting) if not e.had_bye), waiting[-1])
        byes.append(taker.id)
        waiting.remove(taker)
    pairs = []
    while waiting:
        first = waiting.pop(0)
        partner = next((e for e in waiting if e.id not in first.met), waiting[0])
        waiting.remove(partner)
        pairs.append((first.id, partner.id))
    return pairing_of(request, pairs, byes)


def row(name: str, seconds: float, request: PairingRequest, pairing: Pairing, ratio: str = "") -> str:
    quality = measure_quality(request, pairing)
    return (f"  {name:<12} {seconds:>8.4f} {ratio:>6} {quality.rematches:>8} {float(quality.largest_difference):>8g} "
            f"{float(quality.score_difference):>8g} {quality.cross_group_pairs:>6}")


def bench(ruleset: str, players: int, played: int, draws: bool) -> None:
    request = request_for(ruleset, players, played, draws)
    print(f"\n{ruleset}, {players} players after {played} rounds, {'with draws' if draws else 'no draws'}")
    print("  engine        seconds  x peer rematch  largest  sum-diff  mixed")
    ours_seconds, ours = timed(lambda: pair_swiss(request), repeat=3)
    peer_seconds = None
    try:
        peer_seconds, peer = timed(lambda: swisspair_engine(request), repeat=3)
    except ImportError:
        peer = None
    ratio = f"{ours_seconds / peer_seconds:.2f}" if peer_seconds else ""
    print(row("sheetrunner", ours_seconds, request, ours, ratio))
    if peer is not None:
        print(row("swisspair", peer_seconds, request, peer))
    if players <= EXACT_LIMIT:
        seconds, exact = timed(lambda: exact_sum_engine(request), repeat=1)
        print(row("exact sum", seconds, request, exact))
    seconds, greedy = timed(lambda: greedy_engine(request), repeat=1)
    print(row("greedy", seconds, request, greedy))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="64,255,256,1024,4096")
    parser.add_argument("--rounds", default="3,8,14")
    parser.add_argument("--rulesets", default="swiss-tp,swiss")
    options = parser.parse_args()
    print(f"Swiss engines on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    for ruleset in options.rulesets.split(","):
        for players in (int(size) for size in options.sizes.split(",")):
            for played in (int(r) for r in options.rounds.split(",")):
                for draws in (False, True):
                    bench(ruleset, players, played, draws)


if __name__ == "__main__":
    main()
