"""swiss-tp (source 004 and SPEC §3): every rule with its own test, on hand-built objects."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from builder import make_event, seating, type_results

from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.model.options import COMMON_OPTIONS
from sheetrunner.rulesets import all_rulesets
from sheetrunner.rules.tournament import plan_next_round, standings_after

RULESETS = all_rulesets()

RULES = RULESETS["swiss-tp"]


def settings(rounds=5, seed=1, **options):
    values = {o.key: o.default for o in COMMON_OPTIONS + RULES.game.all_options}
    values.update(options)
    return Settings("swiss-tp", rounds, seed, options=values, tiebreakers=RULES.game.tiebreakers)


def game(table, a, b, op_a, op_b, sp_a=0, sp_b=0):
    return Table(table, (Seat(a, 1, {"op": op_a, "sp": sp_a}), Seat(b, 2, {"op": op_b, "sp": sp_b})))


def bye(pid):
    return Table(BYE, (Seat(pid, 1, {"op": None, "sp": None}),))


def tp_of(op_a, op_b, **options):
    scores = RULES.game.score_round(Round(1, (game(1, 1, 2, op_a, op_b),)), settings(**options))
    return [int(s.values["tp"]) for s in scores]


def test_victory_3_and_defeat_0():
    assert tp_of(3, 1) == [3, 0]


def test_tie_scores_1_each():
    assert tp_of(2, 2) == [1, 1]


def test_offensive_bonus_at_4_op():
    assert tp_of(4, 0) == [4, 0]
    assert tp_of(3, 0) == [3, 0]


def test_offensive_bonus_in_a_tie_and_a_defeat():
    assert tp_of(4, 4) == [2, 2]
    assert tp_of(4, 6) == [1, 4]


def test_offensive_bonus_option_off_and_threshold():
    assert tp_of(4, 0, offensive_bonus=False) == [3, 0]
    assert tp_of(4, 0, offensive_threshold=5) == [3, 0]
    assert tp_of(5, 0, offensive_threshold=5) == [4, 0]


def test_defensive_bonus_for_losing_by_exactly_one():
    assert tp_of(3, 2) == [3, 1]
    assert tp_of(3, 1) == [3, 0]


def test_defensive_bonus_option_off_and_margin():
    assert tp_of(3, 2, defensive_bonus=False) == [3, 0]
    assert tp_of(3, 1, defensive_margin=2) == [3, 1]


def test_both_bonuses_on_a_narrow_high_scoring_defeat():
    assert tp_of(5, 4) == [4, 2]


def event_with(rounds, players=4, total=5, **options):
    roster = tuple(Player(i, f"P{i}") for i in range(1, players + 1))
    return Event(settings(rounds=total, **options), roster, tuple(rounds))


def values_of(standings, pid):
    return {k: v for k, v in standings.row_of(pid).values.items() if k != "random"}


def test_bye_is_a_victory_with_0_op_and_0_sp_during_the_event():
    rounds = [Round(1, (game(1, 1, 2, 5, 2, 3, 1), bye(3)))]
    standings = standings_after(event_with(rounds, players=3), RULES)
    assert values_of(standings, 3) == {"tp": 3, "op": 0, "sp": 0, "opponents_op": 0}


def test_bye_scores_the_played_average_after_the_last_round():
    # Player 3: bye in round 1, then OP 2 / SP 1 and OP 5 / SP 4: the bye becomes OP 3.5, SP 2.5.
    rounds = [
        Round(1, (game(1, 1, 2, 5, 2), bye(3))),
        Round(2, (game(1, 3, 1, 2, 4, 1, 0), bye(2))),
        Round(3, (game(1, 2, 3, 0, 5, 0, 4), bye(1))),
    ]
    final = standings_after(event_with(rounds, players=3, total=3), RULES)
    assert values_of(final, 3)["op"] == Fraction(2 + 5 + Fraction(7, 2))
    assert values_of(final, 3)["sp"] == Fraction(1 + 4 + Fraction(5, 2))
    during = standings_after(event_with(rounds, players=3, total=4), RULES)
    assert values_of(during, 3)["op"] == 7 and values_of(during, 3)["sp"] == 5


def test_tiebreak_order_tp_op_sp_opponents_op_then_draw():
    rounds = [Round(1, (game(1, 1, 2, 3, 0, 1, 0), game(2, 3, 4, 3, 0, 1, 0),
                        game(3, 5, 6, 2, 0, 2, 0), game(4, 7, 8, 2, 0, 2, 0)))]
    standings = standings_after(event_with(rounds, players=8), RULES)
    # 1 and 3 beat 0 OP opponents with 3 OP / 1 SP; 5 and 7 with 2 OP / 2 SP: OP ranks above SP.
    top = standings.order[:4]
    assert set(top[:2]) == {1, 3} and set(top[2:4]) == {5, 7}
    assert [tb.key for tb in standings.tiebreakers] == ["tp", "op", "sp", "opponents_op", "random"]


def test_opponents_op_sums_each_opponents_event_total():
    rounds = [
        Round(1, (game(1, 1, 2, 3, 1), game(2, 3, 4, 2, 2))),
        Round(2, (game(1, 1, 3, 1, 1), game(2, 2, 4, 4, 0))),
    ]
    standings = standings_after(event_with(rounds, players=4), RULES)
    # Player 1 met 2 (OP 1+4=5) and 3 (OP 2+1=3).
    assert values_of(standings, 1)["opponents_op"] == 8
    assert values_of(standings, 4)["opponents_op"] == 3 + 5


def test_tie_on_everything_but_the_draw_is_decided_by_the_seeded_draw():
    rounds = [Round(1, (game(1, 1, 2, 2, 2), game(2, 3, 4, 2, 2)))]
    orders = {tuple(standings_after(event_with(rounds, seed=s), RULES).order) for s in range(8)}
    assert len(orders) > 1
    again = standings_after(event_with(rounds, seed=3), RULES).order
    assert again == standings_after(event_with(rounds, seed=3), RULES).order


def test_late_entry_scores_missed_rounds_as_losses_with_no_opponent():
    roster = (Player(1, "A"), Player(2, "B"), Player(3, "C", joined_in=2))
    rounds = (Round(1, (game(1, 1, 2, 4, 1), )),)
    event = Event(settings(), roster, rounds)
    standings = standings_after(event, RULES)
    assert values_of(standings, 3) == {"tp": 0, "op": 0, "sp": 0, "opponents_op": 0}
    assert standings.order[-1] == 3


def test_round_one_is_random_and_fixed_by_the_seed():
    roster = tuple(Player(i, f"P{i}") for i in range(1, 9))
    pairings = {}
    for seed in (1, 2, 3):
        plan = plan_next_round(Event(settings(seed=seed), roster), RULES)
        pairings[seed] = [t.player_ids for t in plan.pairing.tables]
    assert len({tuple(p) for p in pairings.values()}) == 3
    again = plan_next_round(Event(settings(seed=2), roster), RULES)
    assert [t.player_ids for t in again.pairing.tables] == pairings[2]


def test_round_one_bye_is_random():
    roster = tuple(Player(i, f"P{i}") for i in range(1, 8))
    byes = {plan_next_round(Event(settings(seed=s), roster), RULES).pairing.byes[0] for s in range(12)}
    assert len(byes) > 2


def test_bye_goes_to_the_lowest_ranked_player_without_one():
    roster = tuple(Player(i, f"P{i}") for i in range(1, 6))
    rounds = (Round(1, (game(1, 1, 2, 3, 0), game(2, 3, 4, 3, 1), bye(5))),)
    plan = plan_next_round(Event(settings(), roster, rounds), RULES)
    # 2 lost 3-0 and ranks last; 5 (bye, 3 TP, 0 OP) has had a bye already.
    assert plan.pairing.byes == [2]


def test_never_two_byes_while_someone_has_none():
    roster = tuple(Player(i, f"P{i}") for i in range(1, 4))
    rounds = (Round(1, (game(1, 1, 2, 3, 0), bye(3))), Round(2, (game(1, 1, 3, 3, 0), bye(2))))
    plan = plan_next_round(Event(settings(), roster, rounds), RULES)
    assert plan.pairing.byes == [1]


@pytest.mark.parametrize("allow", [False, True])
def test_rematches_avoided_even_when_allowed_if_it_costs_nothing(allow):
    roster = tuple(Player(i, f"P{i}") for i in range(1, 5))
    rounds = (Round(1, (game(1, 1, 2, 3, 3), game(2, 3, 4, 3, 3))),)
    plan = plan_next_round(Event(settings(allow_rematches=allow), roster, rounds), RULES)
    pairs = {tuple(sorted(t.player_ids)) for t in plan.pairing.tables}
    assert not pairs & {(1, 2), (3, 4)}
    assert len(pairs) == 2


def test_head_to_head_ranks_by_the_tournament_points_of_the_games_between_the_tied(tmp_path, run):
    """Ben beat Ann 5-1 in round 1 and lost to Cal; Ann beat Dov: Ann and Ben are level on TP. Tiebreakers `tp,
    head_to_head, random`: Ben's TP from their game puts him above Ann. With `tp, random` the seeded draw (seed 1)
    puts Ann first, so the head-to-head is what decides."""
    rounds = [[(1, "Ann", 1, 0), (1, "Ben", 5, 0), (2, "Cal", 5, 0), (2, "Dov", 1, 0)],
              [(1, "Cal", 5, 0), (1, "Ben", 1, 0), (2, "Ann", 5, 0), (2, "Dov", 1, 0)]]

    def order(tiebreakers):
        path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cal", "Dov"], rounds, ruleset="swiss-tp",
                          total_rounds=2, seed=1, settings={"Tiebreakers": tiebreakers})
        return [row["name"] for row in json.loads(run("standings", "--json", "--no-write", path).stdout)]

    assert order("tp, random") == ["Cal", "Ann", "Ben", "Dov"]
    assert order("tp, head_to_head, random") == ["Cal", "Ben", "Ann", "Dov"]


@pytest.mark.parametrize("rule, first, second", [
    ("always", {("Ann", "Dov"), ("Ben", "Cat")}, {("Ann", "Cat"), ("Ben", "Dov")}),
    ("round 1 only", {("Ann", "Dov"), ("Ben", "Cat")}, {("Ann", "Ben"), ("Cat", "Dov")}),
    ("never", {("Ann", "Ben"), ("Cat", "Dov")}, None)])
def test_keep_teams_apart_in_every_round_in_round_1_only_or_never(tmp_path, run, rule, first, second):
    """Ann and Ben are both Red; seed 2's round 1 would pair them. Kept apart (always, round 1 only), they win
    their round 1 games and meet on 3 TP in round 2 only if the rule was for round 1 alone."""
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann", "Red"), (2, "Ben", "Red"), (3, "Cat", None), (4, "Dov", None)],
                      total_rounds=3, seed=2, settings={"Keep teams apart": rule})

    def pairs(number):
        return {tuple(sorted(names)) for names in seating(path, number).values()}

    assert run("pair", path).exit_code == 0
    assert pairs(1) == first
    if second is not None:
        type_results(path, 1, {name: {"OP": 3 if name in ("Ann", "Ben") else 0, "SP": 0} for name in ("Ann", "Ben", "Cat", "Dov")})
        assert run("pair", path).exit_code == 0
        assert pairs(2) == second
