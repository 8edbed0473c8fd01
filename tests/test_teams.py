"""`Keep teams apart: always` in every engine: no team mates share a game when brute force finds an
arrangement where none do (the Swiss engine's own brute-force test covers two-player Swiss)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from hypothesis import HealthCheck, given, settings, strategies as st
from simulation import partitions

from sheetrunner.model.history import History
from sheetrunner.model.event import Event, Player, Settings
from sheetrunner.model.options import COMMON_OPTIONS
from sheetrunner.pairing import Entrant
from sheetrunner.pairing.boards import BoardsEngine
from sheetrunner.pairing.pods import PodsEngine, game_sizes
from sheetrunner.rulesets import all_rulesets

RULESETS = all_rulesets()

TEAMS = ["Red", "Blue", "", ""]


def history(ids: list[int], rounds: int, size: int, rng: random.Random) -> dict[int, dict[int, int]]:
    met: dict[int, dict[int, int]] = {pid: {} for pid in ids}
    for number in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        for start in range(0, len(order) - size + 1, size):
            for a, b in combinations(order[start:start + size], 2):
                met[a][b] = met[b][a] = number
    return met



def team_clashes(games, teams: dict[int, str]) -> int:
    return sum(1 for game in games for a, b in combinations(game, 2) if teams[a] and teams[a] == teams[b])


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(6, 12), st.integers(0, 4), st.integers(0, 10 ** 6))
def test_pods_keep_team_mates_apart_when_any_arrangement_does(count, rounds, seed):
    rng = random.Random(seed)
    ids = list(range(1, count + 1))
    teams = {pid: rng.choice(TEAMS) for pid in ids}
    met = history(ids, rounds, 3, rng)
    entrants = tuple(Entrant(pid, Fraction(rng.randint(0, rounds)), teams[pid], met=met[pid]) for pid in ids)
    pairing = PodsEngine().pair(entrants, rounds + 1, {})
    games = [t.player_ids for t in pairing.tables]
    possible = min(team_clashes(split, teams) for split in partitions(ids, game_sizes(count)))
    assert team_clashes(games, teams) == possible


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 3), st.integers(0, 10 ** 6))
def test_diplomacy_boards_keep_team_mates_apart_when_any_arrangement_does(rounds, seed):
    rng = random.Random(seed)
    ids = list(range(1, 15))
    teams = {pid: rng.choice(["North", "North", "South", ""]) for pid in ids}
    met = history(ids, rounds, 7, rng)
    entrants = tuple(Entrant(pid, Fraction(0), teams[pid], met=met[pid]) for pid in ids)
    pairing = BoardsEngine(seed=seed).pair(entrants, rounds + 1, [], {})
    boards = [t.player_ids for t in pairing.tables]
    possible = min(team_clashes(split, teams) for split in partitions(ids, [7, 7]))
    assert team_clashes(boards, teams) == possible
    if team_clashes(boards, teams):
        said = ("no arrangement keeps them apart.", "the search found no arrangement that keeps them apart.")
        assert any(note.endswith(said) for notes in pairing.explain({}).notes.values() for note in notes)


def perfect_matchings(players: list[int]):
    if not players:
        yield []
        return
    first = players[0]
    for partner in players[1:]:
        for rest in perfect_matchings([p for p in players if p not in (first, partner)]):
            yield [(first, partner), *rest]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([4, 6, 8, 10]), st.integers(1, 3), st.integers(0, 10 ** 6))
def test_chits_and_cards_keep_team_mates_apart_when_any_pairing_does(count, round_number, seed):
    rng = random.Random(seed)
    rules = RULESETS["chits-and-cards"]
    values = {o.key: o.default for o in COMMON_OPTIONS + rules.game.all_options}
    values.update(rounds=4, seed=seed)
    players = tuple(Player(i, f"P{i}", rng.choice(TEAMS)) for i in range(1, count + 1))
    event = Event(Settings(rules.game.name, 4, seed, options=values, tiebreakers=rules.game.tiebreakers), players)
    past = History()
    order = [p.id for p in players]
    for number in range(1, round_number):
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2]):
            past.met[a][b] = past.met[b][a] = number
    standings = rules.game.rank(event, [], 0)
    pairing = rules.pairer.pair(event, standings, past, round_number)
    teams = {p.id: p.team for p in players}
    pairs = [t.player_ids for t in pairing.tables]
    allowed = [m for m in perfect_matchings(order) if not any(b in past.met[a] for a, b in m)]
    if allowed and min(team_clashes(m, teams) for m in allowed) == 0:
        assert team_clashes(pairs, teams) == 0
