"""The Swiss engine (§5.1) against brute force, and its rules one by one.

The brute force and the whole-field reference score pairings with `pairing_oracles.swiss_key`, written from the
rules' text, never with the engine's own cost (`SwissField.vector`)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from builder import make_event
from hypothesis import HealthCheck, given, settings, strategies as st
from pairing_oracles import all_matchings, best_swiss_key, swiss_key, swiss_key_of

from sheetrunner.pairing import Entrant, PairingRequest
from sheetrunner.pairing.swiss import SwissField, measure_quality, pair_swiss
from sheetrunner.pairing.swiss_exact import _no_shorter_than


def entrant(pid, score=0, team="", met=(), had_bye=False, last_table=None, fixed_table=None):
    return Entrant(pid, Fraction(score), team, fixed_table, had_bye, last_table, {m: 1 for m in met})


def pairs_of(pairing):
    return [tuple(t.player_ids) for t in pairing.tables]


@st.composite
def swiss_rounds(draw, max_players=10):
    """A random field with a random past: who met, byes, teams and scores."""
    count = draw(st.integers(2, max_players))
    played = draw(st.integers(0, 4))
    rng = random.Random(draw(st.integers(0, 10**6)))
    ids = list(range(1, count + 1))
    met = {pid: {} for pid in ids}
    byes = set()
    scores = {pid: 0 for pid in ids}
    for round_number in range(1, played + 1):
        order = ids[:]
        rng.shuffle(order)
        if len(order) % 2:
            byes.add(order.pop())
        for a, b in zip(order[::2], order[1::2]):
            met[a][b] = met[b][a] = round_number
            winner = rng.choice((a, b))
            scores[winner] += 3
    teams = {pid: draw(st.sampled_from(("", "", "A", "B"))) for pid in ids}
    ranked = sorted(ids, key=lambda p: (-scores[p], p))
    entrants = tuple(Entrant(p, Fraction(scores[p]), teams[p], None, p in byes, None, met[p]) for p in ranked)
    allow = draw(st.booleans()) if played else False
    return PairingRequest(played + 1, entrants, allow_rematches=allow)


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_rounds())
def test_engine_finds_the_optimum_that_brute_force_finds(request):
    pairing = pair_swiss(request)
    assert swiss_key_of(request, pairing) == best_swiss_key(request)


@settings(max_examples=70, deadline=None)
@given(swiss_rounds())
def test_every_player_seated_once_and_no_avoidable_rematch_team_or_second_bye(request):
    pairing = pair_swiss(request)
    seated = [p for t in pairing.tables for p in t.player_ids] + pairing.byes
    assert sorted(seated) == sorted(e.id for e in request.entrants)
    assert len(pairing.byes) == len(request.entrants) % 2
    best = best_swiss_key(request)
    quality = measure_quality(request, pairing)
    if best[0] == (0, 0, 0):  # a pairing without rematch (when not allowed) or second bye exists
        assert request.allow_rematches or quality.rematches == 0
        assert not any(e.had_bye for e in request.entrants if e.id in pairing.byes)
    if best[1] == 0:
        assert quality.same_team == 0


def test_natural_order_one_v_two_three_v_four():
    request = PairingRequest(2, tuple(entrant(i, 3 if i <= 4 else 0) for i in range(1, 9)))
    assert pairs_of(pair_swiss(request)) == [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_rematch_avoided_by_the_smallest_change():
    # 1 and 2 met; the best fix keeps everyone in the group: 1 v 3, 2 v 4.
    field = [entrant(1, 6, met=[2]), entrant(2, 6, met=[1]), entrant(3, 6), entrant(4, 6)]
    assert pairs_of(pair_swiss(PairingRequest(3, tuple(field)))) == [(1, 3), (2, 4)]


def test_a_rematch_is_made_only_when_nothing_else_exists_and_is_noted():
    field = [entrant(1, met=[2]), entrant(2, met=[1])]
    pairing = pair_swiss(PairingRequest(2, tuple(field)))
    assert pairs_of(pairing) == [(1, 2)]
    assert pairing.notes[1] == ["Rematch (last met in round 1): no pairing avoids it."]


def test_same_team_kept_apart_when_possible():
    field = [entrant(1, 3, "Red"), entrant(2, 3, "Red"), entrant(3, 3), entrant(4, 3)]
    assert pairs_of(pair_swiss(PairingRequest(2, tuple(field)))) == [(1, 3), (2, 4)]
    together = PairingRequest(2, tuple(field), keep_teams_apart=False)
    assert pairs_of(pair_swiss(together)) == [(1, 2), (3, 4)]


def test_odd_group_floats_its_lowest_player_down():
    field = [entrant(1, 6), entrant(2, 6), entrant(3, 6), entrant(4, 3), entrant(5, 3), entrant(6, 3)]
    pairing = pair_swiss(PairingRequest(3, tuple(field)))
    assert pairs_of(pairing) == [(1, 2), (3, 4), (5, 6)]
    assert pairing.notes[3] == ["Paired across score groups (6 v 3)."]


def test_bye_to_lowest_ranked_without_one():
    field = [entrant(1, 6), entrant(2, 3), entrant(3, 3), entrant(4, 0), entrant(5, 0, had_bye=True)]
    pairing = pair_swiss(PairingRequest(3, tuple(field)))
    assert pairing.byes == [4]
    # One long float (6 v 0) is worse than two short ones (6 v 3, 3 v 0): the largest difference comes first.
    assert pairs_of(pairing) == [(1, 2), (3, 5)]


def test_the_bye_taken_higher_up_can_shorten_the_longest_float():
    """Found by the property test below: the leader has met both others, who have had byes. The only legal
    pairing gives the leader the bye, and 3 v 0 floats less far than the ideal pairs' 9 v 3 did."""
    field = [entrant(2, 9, met=[3, 1]), entrant(3, 3, met=[2], had_bye=True), entrant(1, 0, met=[2], had_bye=True)]
    pairing = pair_swiss(PairingRequest(5, tuple(field)))
    assert pairing.byes == [2]
    assert pairs_of(pairing) == [(3, 1)]


@settings(deadline=None)
@given(st.lists(st.integers(0, 20), min_size=1, max_size=11))
def test_the_floor_under_the_longest_float_is_the_best_any_pairing_reaches(scores):
    """`_no_shorter_than` against every way to pair the scores (one sitting out when odd, as with the bye)."""
    request = PairingRequest(1, tuple(entrant(pid, score) for pid, score in
                                      enumerate(sorted(scores, reverse=True), start=1)))
    field = SwissField(request)
    natural = field.natural()
    nodes = list(range(len(scores)))
    if len(scores) % 2:
        best = min(max((abs(field.scores[a] - field.scores[b]) for a, b in matching), default=0)
                   for out in nodes for matching in all_matchings([n for n in nodes if n != out]))
    else:
        best = min(max(abs(field.scores[a] - field.scores[b]) for a, b in matching) for matching in all_matchings(nodes))
    assert _no_shorter_than(field, natural) == best


def test_a_chain_of_short_floats_beats_one_long_float():
    """The 32-player card-game case in small: 6 MP v 1 MP was made where 6 v 4 and 4 v 1 existed."""
    field = [entrant(1, 6, met=[2]), entrant(2, 6, met=[1]), entrant(3, 4), entrant(4, 4), entrant(5, 1),
             entrant(6, 1)]
    pairing = pair_swiss(PairingRequest(3, tuple(field)))
    assert measure_quality(PairingRequest(3, tuple(field)), pairing).largest_difference == 2
    assert pairs_of(pairing) == [(1, 3), (2, 4), (5, 6)]


def test_second_bye_only_when_everyone_has_had_one():
    field = [entrant(1, had_bye=True), entrant(2, had_bye=True), entrant(3, had_bye=True)]
    pairing = pair_swiss(PairingRequest(4, tuple(field)))
    assert pairing.byes == [3]
    assert pairing.notes[3] == ["Second bye: every player still in has had one."]


def test_tables_run_from_the_top_and_fixed_tables_hold():
    field = [entrant(1, 6), entrant(2, 6), entrant(3, 3, fixed_table=1), entrant(4, 3)]
    pairing = pair_swiss(PairingRequest(2, tuple(field)))
    assert [(t.number, t.player_ids) for t in pairing.tables] == [(1, (3, 4)), (2, (1, 2))]


def test_player_avoids_last_table_when_a_neighbour_swap_is_free():
    field = [entrant(1, 3, last_table=1), entrant(2, 3), entrant(3, 3), entrant(4, 3)]
    pairing = pair_swiss(PairingRequest(2, tuple(field)))
    assert [(t.number, t.player_ids) for t in pairing.tables] == [(1, (3, 4)), (2, (1, 2))]
    assert pairing.notes == {}


def test_deterministic():
    rng = random.Random(5)
    field = tuple(entrant(i, rng.randint(0, 4), met=[rng.randint(1, 40)]) for i in range(1, 41))
    field = tuple(sorted(field, key=lambda e: -e.score))
    first = pair_swiss(PairingRequest(3, field))
    assert [pairs_of(pair_swiss(PairingRequest(3, field))) for _ in range(3)] == [pairs_of(first)] * 3


def test_large_field_blocks_reach_the_lower_bound():
    """Many players: the blocked solution meets the bound of the ideal pairing, so it is optimal."""
    rng = random.Random(11)
    ids = list(range(1, 301))
    scores = {p: rng.randint(0, 12) for p in ids}
    ranked = sorted(ids, key=lambda p: (-scores[p], p))
    met = {p: {} for p in ids}
    for p in ids:
        for q in rng.sample(ids, 4):
            if q != p:
                met[p][q] = met[q][p] = 1
    request = PairingRequest(5, tuple(Entrant(p, Fraction(scores[p]), met=met[p]) for p in ranked))
    ideal = swiss_key(request, list(zip(ranked[0::2], ranked[1::2])), None)  # 1 v 2, 3 v 4, …: no pairing floats less
    found = swiss_key_of(request, pair_swiss(request))
    assert found[:3] == ((0, 0, 0), 0, 0) and found[3] == ideal[3] and found[4] == (0, 0)


def networkx_optimum(request):
    """The whole-field optimum on levels 1-5 by networkx on Python's unbounded integers, each pair (or bye) weighed
    by the oracle's key of that pair alone: the levels add up over the pairs, the score differences as one level
    per distinct difference, largest first."""
    import networkx as nx

    ids = [e.id for e in request.entrants]
    nodes = ids + (["bye"] if len(ids) % 2 else [])
    edges = {}
    for a, b in combinations(nodes, 2):
        if b == "bye":
            hard, team, bye, _, soft, _ = swiss_key(request, [], a)
            edges[a, b] = (hard, team, bye, None, soft)
        else:
            hard, team, bye, (difference,), soft, _ = swiss_key(request, [(a, b)], None)
            edges[a, b] = (hard, team, bye, difference, soft)
    differences = sorted({cost[3] for cost in edges.values() if cost[3]}, reverse=True)
    # the hard rules are three levels (rematches, second byes, recency), allowed rematches two (count, recency)
    levels = {pair: [*cost[0], cost[1], cost[2], *(int(cost[3] == d) for d in differences), *cost[4]]
              for pair, cost in edges.items()}
    total, multiplier = dict.fromkeys(levels, 0), 1
    for level in reversed(range(len(differences) + 7)):
        for pair in levels:
            total[pair] += levels[pair][level] * multiplier
        multiplier *= sum(costs[level] for costs in levels.values()) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((a, b, multiplier - cost) for (a, b), cost in total.items())
    matching = [tuple(pair) for pair in nx.max_weight_matching(graph, maxcardinality=True)]
    bye = next((a if b == "bye" else b for a, b in matching if "bye" in (a, b)), None)
    return swiss_key(request, [pair for pair in matching if "bye" not in pair], bye)


@st.composite
def crowded_fields(draw):
    """30-60 players, few score groups, many past meetings: blocks must merge."""
    count = draw(st.integers(30, 60))
    rng = random.Random(draw(st.integers(0, 10**6)))
    ids = list(range(1, count + 1))
    scores = {p: rng.choice((0, 3, 3, 6, 9)) for p in ids}
    ranked = sorted(ids, key=lambda p: (-scores[p], p))
    met = {p: {} for p in ids}
    for index, p in enumerate(ranked):
        for q in ranked[index + 1:index + 1 + draw(st.integers(0, 6))]:
            met[p][q] = met[q][p] = rng.randint(1, 4)
    teams = {p: rng.choice(("", "", "", "A")) for p in ids}
    byes = {p for p in ids if rng.random() < 0.3}
    entrants = tuple(Entrant(p, Fraction(scores[p]), teams[p], None, p in byes, None, met[p]) for p in ranked)
    return PairingRequest(5, entrants)


@settings(max_examples=25, deadline=None)
@given(crowded_fields())
def test_blocks_give_the_whole_field_optimum(request):
    assert swiss_key_of(request, pair_swiss(request))[:5] == networkx_optimum(request)[:5]


@pytest.mark.parametrize("allow, tables, rematch", [
    ("No", ["Table 1: Ann (TP 8) v Dov (TP 0)", "Table 2: Cat (TP 4) v Ben (TP 4)"], None),
    ("Yes", ["Table 1: Ann (TP 8) v Ben (TP 4)", "Table 2: Cat (TP 4) v Dov (TP 0)"],
     "Rematch (last met in round 1): Allow rematches is Yes, and every pairing that avoids it does worse on the rules "
     "before it (the bye, teams apart, score groups).")])
def test_allow_rematches_trades_a_rematch_for_closer_scores_and_says_so(tmp_path, run, allow, tables, rematch):
    """After two rounds Ann has 8, Ben and Cat 4, Dov 0, and Ann has met Ben and Cat. Rematches barred, round 3 is
    Ann v Dov (8 v 0) and Cat v Ben; allowed, scores come first: Ann v Ben and Cat v Dov, rematches of round 1 (score
    differences 4 and 4 beat 8 and 0), each noted as allowed, not as unavoidable."""
    rounds = [[(1, "Ann", 10, 1), (1, "Ben", 0, 1), (2, "Cat", 10, 1), (2, "Dov", 0, 1)],
              [(1, "Ann", 10, 1), (1, "Cat", 0, 1), (2, "Ben", 10, 1), (2, "Dov", 0, 1)]]
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dov"], rounds, total_rounds=3,
                      settings={"Allow rematches": allow})
    lines = run("pair", path).stdout.splitlines()
    assert [line.strip() for line in lines[1:3]] == tables
    assert [line for line in lines if "Rematch" in line] == ([] if rematch is None else [
        f"  - Table 1 (Ann v Ben): {rematch}", f"  - Table 2 (Cat v Dov): {rematch}"])
