"""Rules that a mutation run (docs/mutation.md) showed no test noticing: each test names the mutant it kills.

Tiebreakers are checked through the library, with hand-built `ScoreTable`s and the event's options set the way
`standings.compute_standings` passes them (the Event sheet's settings by option key).

The top cut (`finals.py`) is checked through its functions on the sample events (the finished top 8, the allegiance
and Diplomacy samples given a final game) and on variants of them made with `dataclasses.replace`; the swiss-tp and
allegiance rules through the ruleset's own methods, on hand-built rounds.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from functools import cache
from pathlib import Path

import pytest

from sheetrunner import api
from sheetrunner.rules.finals import (bracket, bracket_size, cut_problems, misplaced, pair_stage,
                                placing_rows, placings, seeds, stage_titles, undecided_match,
                                unplayable_cut)
from sheetrunner.model.history import compute_history
from sheetrunner.model.event import BYE, Event, Player, Round, Seat, SeatScore, Settings, Table
from sheetrunner.pairing import PairingImpossible
from sheetrunner.model.problems import Problem
from sheetrunner.rulesets import get_ruleset
from sheetrunner.rulesets.allegiance import parse_sizes
from sheetrunner.rulesets.diplomacy_scoring import (PowerResult, c_diplo_100, carnage, carnage_2023, ndc_1995,
                                                    sum_of_squares)
from sheetrunner.scoring.tiebreakers import (TIEBREAKERS, ScoreTable, Tiebreaker, fitting_tiebreakers, head_to_head,
                                     unfit_tiebreakers)
from sheetrunner.rules.tournament import standings_after


def games(rnd, pid, opp, outcome, mp, won, drawn, played):
    """One player's match: match points and the games won, drawn and played in it."""
    values = {"mp": F(mp), "games_won": F(won), "games_drawn": F(drawn), "games_played": F(played)}
    return SeatScore(rnd, pid, (opp,) if opp else (), values, outcome)


def board(rnd, pid, score, **more):
    """One Diplomacy board's score for a player (opponents do not matter to the event score)."""
    return SeatScore(rnd, pid, (), {"score": F(score), **{k: F(v) for k, v in more.items()}}, "win")


def computed(key, table):
    return TIEBREAKERS[key].compute(table)


# --- The registry: what each tiebreaker needs, so validate can refuse one a ruleset cannot feed -------------


def test_every_registered_tiebreaker_is_filed_under_its_key_with_what_it_needs():
    """Kills total__mutmut_3/4/6/11, opponents_sum__mutmut_16/17/19/24 and register__mutmut_1: the registry
    holds each tiebreaker under its own key, with a label, a meaning and the per-round value it adds up."""
    for key, tiebreaker in TIEBREAKERS.items():
        assert tiebreaker.key == key
        assert isinstance(tiebreaker.label, str) and isinstance(tiebreaker.meaning, str)
        assert isinstance(tiebreaker.needs, frozenset)
    assert {key: TIEBREAKERS[key].needs for key in ("tp", "op", "match_points", "centres", "opponents_op",
                                                     "opponents_match_points", "opponents_vi")} == {
        "tp": {"tp"}, "op": {"op"}, "match_points": {"mp"}, "centres": {"centres"}, "opponents_op": {"op"},
        "opponents_match_points": {"mp"}, "opponents_vi": {"vi"}}


def test_unfit_tiebreakers_name_each_value_the_ruleset_does_not_score():
    """Kills unfit_tiebreakers__mutmut_1/5/6/8: swiss-tp scores TP, OP and SP; a tiebreaker reading match
    points, victory influence or games won is named with what it misses, in plain words."""
    swiss_tp = frozenset({"tp", "op", "sp"})
    keys = ("tp", "opponents_op", "match_points", "opponents_vi", "game_win_pct", "random")
    assert unfit_tiebreakers(keys, swiss_tp) == {
        "match_points": ["match points"], "opponents_vi": ["victory influence"], "game_win_pct": ["games won"]}


def test_a_tiebreaker_needing_exactly_what_the_ruleset_scores_fits():
    """Kills unfit_tiebreakers__mutmut_10 and fitting_tiebreakers__mutmut_1 (`<` for `<=`): pod round robin
    scores match points only, and the match-points tiebreakers need nothing else."""
    pods = frozenset({"mp"})
    assert unfit_tiebreakers(("match_points", "opponents_match_points", "match_win_pct"), pods) == {}
    fitting = fitting_tiebreakers(pods)
    assert {"random", "match_points", "opponents_match_points", "win_pct", "head_to_head"} <= set(fitting)
    assert "tp" not in fitting and "game_win_pct" not in fitting


def test_a_needed_value_without_a_plain_name_is_shown_by_its_key(monkeypatch):
    """Kills unfit_tiebreakers__mutmut_2/3/4: a need missing from VALUE_NAMES is named by its key, not None."""
    monkeypatch.setitem(TIEBREAKERS, "elo_sum", Tiebreaker("elo_sum", "Elo", "Elo.", lambda table: {},
                                                          needs=frozenset({"elo", "mp"})))
    assert unfit_tiebreakers(("elo_sum",), frozenset()) == {"elo_sum": ["elo", "match points"]}


# --- Magic-style percentages: the event's points and floors (MTR appendix C) ---------------------------------


def test_match_win_pct_divides_by_the_events_points_for_a_win_and_floors_at_its_setting():
    """Kills match_win_pct__mutmut_3/7/8 (floor's key) and 17/21/22 (points_win's key): with 2 points a win,
    two wins are 4 of 4; no wins is the event's floor, 2/5, not the default third."""
    rows = [games(1, 1, 2, "win", 2, 2, 0, 2), games(1, 2, 1, "loss", 0, 0, 0, 2),
            games(2, 1, 2, "win", 2, 2, 0, 2), games(2, 2, 1, "loss", 0, 0, 0, 2)]
    table = ScoreTable(rows, (1, 2), options={"points_win": 2, "match_win_floor": F(2, 5)})
    assert computed("match_win_pct", table) == {1: 1, 2: F(2, 5)}


def test_match_win_pct_floor_defaults_to_a_third():
    """Kills match_win_pct__mutmut_14 (1/4): MTR's floor is 1/3 when the event sets none."""
    rows = [games(1, 1, 2, "win", 3, 2, 0, 2), games(1, 2, 1, "loss", 0, 0, 0, 2)]
    assert computed("match_win_pct", ScoreTable(rows, (1, 2))) == {1: 1, 2: F(1, 3)}


def test_game_win_pct_uses_the_events_game_points_for_won_drawn_and_lost_games():
    """Kills game_points__mutmut_2/6/7 (win's key), 18/22/23 (loss's key), game_win_pct__mutmut_44/49/50
    (the lost games' term) and 3/7/8 (floor's key). Game points 2/1/1: player 1 won 2, drew 1 and lost 1 of
    4 games: (4 + 1 + 1) / 8. Player 2 drew 1 and lost 3: (0 + 1 + 3) / 8 = 1/2, below the event's floor, 3/5."""
    rows = [games(1, 1, 3, "win", 3, 2, 1, 4), games(1, 2, 4, "loss", 0, 0, 1, 4)]  # 3 and 4 not ranked
    options = {"game_points_win": 2, "game_points_draw": 1, "game_points_loss": 1, "game_win_floor": F(3, 5)}
    assert computed("game_win_pct", ScoreTable(rows, (1, 2), options=options)) == {1: F(3, 4), 2: F(3, 5)}


def test_game_win_pct_floor_defaults_to_a_third():
    """Kills game_win_pct__mutmut_14 (1/4): a player who won no game counts for 1/3 (MTR appendix C)."""
    rows = [games(1, 1, 2, "win", 3, 2, 0, 2), games(1, 2, 1, "loss", 0, 0, 0, 2)]
    assert computed("game_win_pct", ScoreTable(rows, (1, 2))) == {1: 1, 2: F(1, 3)}


# --- Head-to-head reads the ruleset's own points ---------------------------------------------------------------


def tp_round_robin(loser_values):
    """1 beats 2 and 3, 2 beats 3; winners score 3 TP, losers `loser_values`."""
    rows = []
    for rnd, (winner, loser) in enumerate([(1, 2), (1, 3), (2, 3)], start=1):
        rows += [SeatScore(rnd, winner, (loser,), {"tp": F(3)}, "win"),
                 SeatScore(rnd, loser, (winner,), dict(loser_values), "loss")]
    return ScoreTable(rows, (1, 2, 3), options={"points_key": "tp"})


def test_head_to_head_adds_the_rulesets_points_not_match_points():
    """Kills head_to_head__mutmut_4/8/9: in swiss-tp the points inside the tied group are TP (`points_key`)."""
    assert head_to_head(tp_round_robin({"tp": F(0)}), [1, 2, 3]) == {1: 6, 2: 3, 3: 0}


def test_head_to_head_counts_a_game_without_the_points_value_as_none():
    """Kills head_to_head__mutmut_21/23: a loser's row may carry no TP at all; it adds nothing."""
    assert head_to_head(tp_round_robin({}), [1, 2, 3]) == {1: 6, 2: 3, 3: 0}


# --- Diplomacy's event score (001) ------------------------------------------------------------------------------


# Player 1 played three boards (10, 30, 20); player 2 one board (30) and was away twice; player 3 played one
# round with no board score recorded.
BOARDS = [board(1, 1, 10), board(2, 1, 30), board(3, 1, 20), board(2, 2, 30),
          SeatScore(1, 3, (), {}, "loss")]


def test_event_score_by_default_counts_every_round_and_discounts_partial_attendance_by_a_third():
    """Kills event_score__mutmut_15/17 (counting rounds default), 35/41-45 (factor default), 52/54 (a row
    without a score), 70 (`>`) and 71 (`/`): 3 rounds count; player 1's mean is 20, player 2's 30 × 1/3."""
    assert computed("event_score", ScoreTable(BOARDS, (1, 2, 3))) == {1: 20, 2: 10, 3: 0}


def test_event_score_takes_the_best_counting_rounds_and_the_events_factor():
    """Kills event_score__mutmut_9/13/14 (counting rounds' key), 34/38/39 (factor's key) and 50/58 (best, not
    worst): with 2 counting rounds player 1 keeps 30 and 20; player 2 attended 1 of 2, so 30 × 1/2."""
    options = {"counting_rounds": 2, "partial_attendance_factor": F(1, 2)}
    assert computed("event_score", ScoreTable(BOARDS, (1, 2, 3), options=options)) == {1: 25, 2: 15, 3: 0}


def test_event_score_counts_the_events_rounds_when_counting_rounds_is_zero():
    """Kills event_score__mutmut_16/20/21: Counting rounds 0 means the event's Rounds (2 here, with a third
    round played): player 1 keeps the best two boards."""
    assert computed("event_score", ScoreTable(BOARDS, (1, 2, 3), options={"rounds": 2}))[1] == 25


def test_event_score_stays_exact_with_whole_number_board_scores():
    """Kills event_score__mutmut_66: a mean of 10, 20 and 20 is 50/3 exactly, never a float (STYLE: exact
    numbers decide prizes)."""
    rows = [SeatScore(rnd, 1, (), {"score": score}, "win") for rnd, score in ((1, 10), (2, 20), (3, 20))]
    assert computed("event_score", ScoreTable(rows, (1,)))[1] == F(50, 3)


def test_a_point_deduction_comes_off_the_event_score():
    """Kills event_score__mutmut_67/73: a 5-point deduction (Penalties sheet) is taken off the event score."""
    rows = [board(1, 1, 10), board(2, 1, 30, deducted=5)]
    assert computed("event_score", ScoreTable(rows, (1,)))[1] == 15


# --- finals.py: the top cut (SPEC §5a) ---------------------------------------------------------------------------
#
# The finished sample `swiss-top-8-24-players.xlsx`: seeds 1-8 are players 20, 12, 10, 17, 22, 4, 18, 9 (its
# Swiss standings); Top 8 is 1 v 8, 4 v 5, 2 v 7, 3 v 6, the higher seed winning each; Top 4 is won by seeds 4
# and 3, the final by seed 3 (player 10).

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"
SWISS = get_ruleset("swiss")


@cache
def top_8_sample():
    loaded = api.load_event(SAMPLES / "swiss-top-8-24-players.xlsx")
    return loaded.event, standings_after(loaded.event, loaded.ruleset)


def match(number, *seats):
    """A match of the cut: (player, seed, games won) per seat; the one with 2 games won wins."""
    return Table(number, tuple(Seat(pid, seed, {"games_won": won, "games_drawn": None}) for pid, seed, won in seats))


def unplayed(number, *seats):
    return Table(number, tuple(Seat(pid, seed, {"games_won": None, "games_drawn": None}) for pid, seed in seats))


def stage(number, title, *tables):
    return Round(number, tables, sheet=title)


def with_cut(event, cut):
    return replace(event, settings=replace(event.settings, options={**event.settings.options, "top_cut": cut},
                                           cells={**event.settings.cells, "top_cut": "B10"}))


def test_a_cut_fills_the_next_power_of_two_and_plays_one_stage_per_halving():
    """Kills bracket_size__mutmut_4 and stage_titles__mutmut_4/5/6/14/15/16. A cut that is not a power of two
    gives the top seeds byes in the smallest bracket it fits (SPEC §5a): a top 5 or top 6 in a bracket of 8, a
    top 3 in one of 4; then one stage per halving, `Final` last, and no `Top 2` stage."""
    assert [bracket_size(cut) for cut in range(2, 10)] == [2, 4, 4, 8, 8, 8, 8, 16]
    assert {cut: stage_titles(cut, SWISS) for cut in (2, 3, 4, 5, 6, 8, 16)} == {
        2: ["Final"], 3: ["Top 3", "Final"], 4: ["Top 4", "Final"], 5: ["Top 5", "Top 4", "Final"],
        6: ["Top 6", "Top 4", "Final"], 8: ["Top 8", "Top 4", "Final"], 16: ["Top 16", "Top 8", "Top 4", "Final"]}


def test_a_final_game_the_ruleset_cannot_seat_is_an_error_at_the_top_cut_cell():
    """Kills cut_problems__mutmut_12/17-24 and unplayable_cut__mutmut_6: an allegiance final is one game of 3 or
    4 (a Top cut of 8 typed in the Event sheet is refused at its cell even though 9 players are still in); a
    Diplomacy top board seats exactly 7, said as one number."""
    loaded = api.load_event(SAMPLES / "allegiance-9-players.xlsx")
    assert cut_problems(with_cut(loaded.event, 8), loaded.ruleset) == [Problem(
        "Event", "B10", "A allegiance final is one game, so Top cut must be 3 or 4, not 8.", "Type 3 or 4, or none.")]
    assert unplayable_cut(get_ruleset("ndc-diplomacy"), 8) == (
        "A ndc-diplomacy final is one game, so Top cut must be 7, not 8.", "Type 7, or none.")


def test_a_drawn_match_of_the_cut_is_named_at_its_first_result_cell():
    """Kills the stage's winner rule (`undecided_match`) turned off or pointed at another cell: a match of Top 8
    drawn 1-1 is an error at its first row's first result cell; the same match won 2-1 is none."""
    locate = lambda key, row: f"{key}{row}"  # noqa: E731
    drawn = Table(1, (Seat(20, 1, {"games_won": 1, "games_drawn": 0}, row=2),
                      Seat(9, 8, {"games_won": 1, "games_drawn": 0}, row=3)))
    won = Table(1, (Seat(20, 1, {"games_won": 2, "games_drawn": 0}, row=2),
                    Seat(9, 8, {"games_won": 1, "games_drawn": 0}, row=3)))
    event, _ = top_8_sample()
    problems = undecided_match(SWISS, drawn, event.settings, "Top 8", locate)
    assert [(p.sheet, p.cell, p.message) for p in problems] == [
        ("Top 8", "games_won2", "Match 1 is a draw; a playoff match needs a winner.")]
    assert undecided_match(SWISS, won, event.settings, "Top 8", locate) == []


def test_the_seeds_are_the_players_still_in_after_the_last_round():
    """Kills seeds__mutmut_3: the first of the standings dropped after round 5, the last Swiss round, so the cut
    takes the next eight (SPEC §5a: seeds are the final standings of the players still in)."""
    event, standings = top_8_sample()
    gone = tuple(replace(p, dropped_after=5) if p.id == 20 else p for p in event.players)
    assert seeds(replace(event, players=gone), standings) == [12, 10, 17, 22, 4, 18, 9, 8]


def test_grouped_standings_seed_and_place_by_the_overall_rank():
    """Kills seeds__mutmut_11 and placings__mutmut_41: standings ranked inside groups (pods) list their rows
    group by group; the cut is seeded, and the players outside it placed, by the rank across all groups."""
    event, standings = top_8_sample()
    pods = replace(standings, group_label="Pod", rows=tuple(replace(row, overall_rank=row.rank)
                                                            for row in reversed(standings.rows)))
    assert seeds(event, pods) == [20, 12, 10, 17, 22, 4, 18, 9]
    assert [p.player_id for p in placings(event, SWISS, pods)] == [p.player_id for p in
                                                                    placings(event, SWISS, standings)]


def test_winners_from_one_quarter_of_the_bracket_cannot_be_paired_and_the_message_names_them():
    """Kills pair_stage__mutmut_70-78: Top 8 paired by hand as 1 v 2, 8 v 7, 4 v 6 and 5 v 3 leaves seeds 1, 8
    and 4, who come from the same half of the top half (1 v 8, 4 v 5), to meet in Top 4: the bracket refuses
    with their names and the stage to correct."""
    event, standings = top_8_sample()
    top8 = stage(6, "Top 8", match(1, (20, 1, 2), (12, 2, 0)), match(2, (9, 8, 2), (18, 7, 0)),
                 match(3, (17, 4, 2), (4, 6, 0)), match(4, (22, 5, 0), (10, 3, 2)))
    names = event.players_by_id
    with pytest.raises(PairingImpossible) as refused:
        pair_stage(event.with_playoff((top8,)), SWISS, standings, None, 7)
    assert str(refused.value) == (
        f"{names[20].name}, {names[9].name}, {names[17].name} all come from one part of the bracket (the matches "
        "of Top 8 were changed by hand), so the bracket cannot pair them. Pair the stage by hand, or correct the "
        "one before.")


def test_a_player_outside_the_cut_is_named_as_not_in_it_at_any_stage():
    """Kills misplaced__mutmut_11/13: the 9th of the standings seated in Top 8, or in Top 4, "is not in the top
    8" (only a player of the cut knocked out earlier "is out of the cut since" a stage)."""
    event, standings = top_8_sample()
    top8, top4 = event.playoff[0], event.playoff[1]
    outsider = stage(6, "Top 8", match(1, (20, 1, 2), (8, 8, 1)), *top8.tables[1:])
    assert [(s.sheet, pid, why) for s, pid, why in misplaced(event.with_playoff((outsider,)), SWISS, standings)] == [
        ("Top 8", 8, "is not in the top 8")]
    late = stage(7, "Top 4", match(1, (20, 1, 1), (8, 4, 2)), top4.tables[1])
    assert [(s.sheet, pid, why) for s, pid, why in misplaced(event.with_playoff((top8, late)), SWISS,
                                                             standings)] == [("Top 4", 8, "is not in the top 8")]


def seat(seed, pid, won, place=""):
    event, _ = top_8_sample()
    return {"seed": seed, "name": event.players_by_id[pid].name, "seat": seed, "won": won, "place": place}


def test_the_bracket_poster_of_a_finished_top_8_and_its_final_placings():
    """Kills bracket__mutmut_19/63/65/66/89/90/93/94/96/101/102/103/104/139 and placing_rows__mutmut_18/20:
    every match with both seeds (Seed column) and its winner, the champion, the poster titled by the first stage;
    the placings: champion, finalist, then each stage's losers by seed, with each player's Swiss standing."""
    event, standings = top_8_sample()
    poster = bracket(event, SWISS, standings)
    assert poster == {"title": "Top 8", "champion": event.players_by_id[10].name, "two_player": True, "stages": [
        {"title": "Top 8", "byes": [], "matches": [
            {"number": 1, "players": [seat(1, 20, True), seat(8, 9, False)]},
            {"number": 2, "players": [seat(4, 17, True), seat(5, 22, False)]},
            {"number": 3, "players": [seat(2, 12, True), seat(7, 18, False)]},
            {"number": 4, "players": [seat(3, 10, True), seat(6, 4, False)]}]},
        {"title": "Top 4", "byes": [], "matches": [
            {"number": 1, "players": [seat(1, 20, False), seat(4, 17, True)]},
            {"number": 2, "players": [seat(2, 12, False), seat(3, 10, True)]}]},
        {"title": "Final", "byes": [], "matches": [{"number": 1, "players": [seat(3, 10, True), seat(4, 17, False)]}]}]}
    rows = placing_rows(event, SWISS, standings)
    assert [(r["place"], r["name"], r["reached"], r["standing"]) for r in rows[:9]] == [
        (place, event.players_by_id[pid].name, reached, standing) for place, (pid, reached, standing) in enumerate(
            [(10, "Champion", "3"), (17, "Final", "4"), (20, "Top 4", "1"), (12, "Top 4", "2"), (22, "Top 8", "5"),
             (4, "Top 8", "6"), (18, "Top 8", "7"), (9, "Top 8", "8"), (8, "", "9")], start=1)]


def test_the_bracket_poster_during_the_cut_leaves_the_stages_to_come_blank():
    """Kills bracket__mutmut_41/43/45/46/55/67/74/124/136: after Top 8, with Top 4 paired but not played, Top 4's
    matches have no winner, the final is one blank match, and there is no champion yet (nor final placings)."""
    event, standings = top_8_sample()
    top4 = stage(7, "Top 4", unplayed(1, (20, 1), (17, 4)), unplayed(2, (12, 2), (10, 3)))
    during = event.with_playoff((event.playoff[0], top4))
    poster = bracket(during, SWISS, standings)
    assert (poster["champion"], poster["stages"][1:]) == ("", [
        {"title": "Top 4", "byes": [], "matches": [
            {"number": 1, "players": [seat(1, 20, False), seat(4, 17, False)]},
            {"number": 2, "players": [seat(2, 12, False), seat(3, 10, False)]}]},
        {"title": "Final", "byes": [], "matches": [{"number": "", "players": []}]}])
    poster = bracket(event.with_playoff(event.playoff[:1]), SWISS, standings)
    assert (poster["champion"], poster["stages"][1:]) == ("", [
        {"title": "Top 4", "byes": [], "matches": [{"number": "", "players": []}] * 2},
        {"title": "Final", "byes": [], "matches": [{"number": "", "players": []}]}])
    assert placing_rows(during, SWISS, standings) == []


def test_the_bracket_poster_of_a_top_6_shows_the_top_seeds_byes():
    """Kills bracket__mutmut_106/107/108/110/113/114: in a top 6 seeds 1 and 2 have byes (SPEC §5a); the
    poster lists them with their seeds under Top 6."""
    event, standings = top_8_sample()
    top6 = stage(6, "Top 6", match(1, (17, 4, 2), (22, 5, 0)), match(2, (10, 3, 2), (4, 6, 1)),
                 Table(BYE, (Seat(20, ""),)), Table(BYE, (Seat(12, ""),)))
    poster = bracket(with_cut(event, 6).with_playoff((top6,)), SWISS, standings)
    assert poster["stages"][0]["byes"] == [{"seed": 1, "name": event.players_by_id[20].name},
                                           {"seed": 2, "name": event.players_by_id[12].name}]


@cache
def allegiance_final(played: bool):
    """The allegiance sample (9 players, 2 rounds) with a final game of 4: seed 3 wins with 22 VI, seeds 1 and 4
    tie on 12 VI (the higher seed places first), seed 2 is eliminated."""
    loaded = api.load_event(SAMPLES / "allegiance-9-players.xlsx")
    event = with_cut(loaded.event, 4)
    standings = standings_after(event, loaded.ruleset)
    order = seeds(event, standings)
    typed = {1: (12, None, None), 2: (0, None, True), 3: (22, True, None), 4: (12, None, None)}
    final = Table(1, tuple(Seat(order[n - 1], n, dict(zip(("vi", "won", "eliminated"), typed[n] if played else
                                                                  (None,) * 3))) for n in range(1, 5)))
    return event.with_playoff((stage(3, "Final", final),)), loaded.ruleset, standings, order


def test_the_bracket_poster_of_a_final_game_shows_each_players_place():
    """Kills bracket__mutmut_20-24/26-30/35/36/95/97/100 and _final_game_places__mutmut_5: a final game's seats show
    the place each player took (its own result: wins, then VI, then seed), the winner marked; before its result
    no place and no winner."""
    event, ruleset, standings, order = allegiance_final(True)
    names = event.players_by_id
    poster = bracket(event, ruleset, standings)
    assert poster == {"title": "Final", "champion": names[order[2]].name, "two_player": False, "stages": [
        {"title": "Final", "byes": [], "matches": [{"number": 1, "players": [
            {"seed": n, "name": names[order[n - 1]].name, "seat": n, "won": n == 3, "place": place}
            for n, place in zip(range(1, 5), (2, 4, 1, 3))]}]}]}
    event, ruleset, standings, order = allegiance_final(False)
    poster = bracket(event, ruleset, standings)
    assert poster["champion"] == "" and [(p["won"], p["place"]) for p in
                                          poster["stages"][0]["matches"][0]["players"]] == [(False, "")] * 4


def test_the_bracket_poster_of_a_top_board_that_adds_to_the_score_places_by_the_standings_too():
    """Kills bracket__mutmut_25: with `Final decides: score` a top board's places come from each player's event
    score plus the board's, so the poster needs the standings: its places are the final placings'."""
    loaded = api.load_event(SAMPLES / "ndc-diplomacy-21-players.xlsx")
    event = with_cut(loaded.event, 7)
    event = replace(event, settings=replace(event.settings, options={**event.settings.options,
                                                                     "final_decides": "score"}))
    standings = standings_after(event, loaded.ruleset)
    order = seeds(event, standings)
    typed = {1: (10, None), 2: (8, None), 3: (0, 1905), 4: (6, None), 5: (9, None), 6: (1, None), 7: (0, 1906)}
    powers = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
    board = Table(1, tuple(Seat(order[n - 1], powers[n - 1], {"centres": typed[n][0], "eliminated": typed[n][1],
                                                               "end_year": 1908}) for n in range(1, 8)))
    event = event.with_playoff((stage(3, "Top board", board),))
    placed = {p.player_id: p.place for p in placings(event, loaded.ruleset, standings)}
    poster = bracket(event, loaded.ruleset, standings)
    assert [(p["seed"], p["place"]) for p in poster["stages"][0]["matches"][0]["players"]] == [
        (n, placed[order[n - 1]]) for n in range(1, 8)]
    assert poster["champion"] == event.players_by_id[next(pid for pid, place in placed.items() if place == 1)].name


# --- rulesets/swiss_tp.py: 004's scoring by objective points -----------------------------------------------------

SWISS_TP = get_ruleset("swiss-tp")
NO_BONUS = {"offensive_bonus": False, "offensive_threshold": 4, "defensive_bonus": False, "defensive_margin": 1}


def test_swiss_tp_scores_each_seat_with_its_round_and_outcome_and_a_bye_with_no_op_or_sp_yet():
    """Kills SwissTP.score_round__mutmut_2/14/15/17/18/24/33 and SwissTP.score_seat__mutmut_9/10/14/15/17/18/36/
    40: each seat's row records its round and its outcome as the one word the rest of the program reads ("win",
    "draw", "loss": the cut's winner, the history's W/D/L); more OP is a victory (3 TP), equal OP a tie (1 TP);
    a bye is 3 TP with OP and SP 0 until the event ends (004)."""
    settings = Settings("swiss-tp", 3, 0, options=NO_BONUS)
    played = Round(2, (Table(1, (Seat(1, 1, {"op": 5, "sp": 2}), Seat(2, 2, {"op": 3, "sp": 1}))),
                       Table(2, (Seat(3, 1, {"op": 4, "sp": 0}), Seat(4, 2, {"op": 4, "sp": 3}))),
                       Table(BYE, (Seat(5, ""),))))
    assert [(s.round, s.player_id, s.opponents, s.values, s.outcome) for s in SWISS_TP.game.score_round(played, settings)] \
        == [(2, 5, (), {"tp": 3, "op": 0, "sp": 0}, "bye"), (2, 1, (2,), {"tp": 3, "op": 5, "sp": 2}, "win"),
            (2, 2, (1,), {"tp": 0, "op": 3, "sp": 1}, "loss"), (2, 3, (4,), {"tp": 1, "op": 4, "sp": 0}, "draw"),
            (2, 4, (3,), {"tp": 1, "op": 4, "sp": 3}, "draw")]


def test_swiss_tp_bye_scores_the_exact_mean_op_and_sp_of_the_players_games_once_the_event_ends():
    """Kills SwissTP.finalize__mutmut_9 and SwissTP._averaged_bye__mutmut_13/16/20: after the last round a bye
    scores the player's mean OP and SP of the games they played (004), as an exact fraction (10/3, not a float),
    keeping its round and its "bye"; the played games keep their own OP and SP."""
    last = Round(1, (Table(1, (Seat(1, 1, {"op": 3, "sp": 1}), Seat(2, 2, {"op": 2, "sp": 0}))),))
    event = Event(Settings("swiss-tp", 1, 0, options=NO_BONUS), (Player(1, "Ann"), Player(2, "Ben")), (last,))
    scores = [SeatScore(1, 1, (2,), {"tp": 3, "op": 3, "sp": 1}, "win"),
              SeatScore(2, 1, (3,), {"tp": 3, "op": 4, "sp": 2}, "win"),
              SeatScore(3, 1, (4,), {"tp": 0, "op": 3, "sp": 0}, "loss"),
              SeatScore(4, 1, (), {"tp": 3, "op": 0, "sp": 0}, "bye")]
    finalized = SWISS_TP.game.finalize(scores, event)
    assert finalized[:3] == scores[:3]
    bye = finalized[3]
    assert (bye.round, bye.opponents, bye.values, bye.outcome) == (4, (), {"tp": 3, "op": F(10, 3), "sp": 1}, "bye")
    assert isinstance(bye.values["op"], F)


# --- rulesets/allegiance.py: game sizes, the Won cells' checks, VI -------------------------------------------------

ALLEGIANCE = get_ruleset("allegiance")


def test_allegiance_game_sizes_read_commas_or_semicolons_default_to_3_and_4_and_refuse_other_text():
    """Kills parse_sizes__mutmut_1/10/11/13/14/15/16: `Game sizes` is a list of whole numbers split by commas or
    semicolons; blank means games of 3 and 4; anything else is refused with the text quoted."""
    assert (parse_sizes("3;5"), parse_sizes("4, 5"), parse_sizes("")) == ((3, 5), (4, 5), (3, 4))
    with pytest.raises(PairingImpossible) as refused:
        parse_sizes("3, x")
    assert str(refused.value) == 'Game sizes "3, x" must be whole numbers separated by commas, e.g. 3,4.'


def game(*seats):
    """A game of allegiance: (player, VI, won, eliminated) per seat, on rows 2, 3, …"""
    return Table(1, tuple(Seat(pid, n, {"vi": vi, "won": won, "eliminated": out}, row=n + 1)
                          for n, (pid, vi, won, out) in enumerate(seats, start=1)))


def winner_warnings(table, threshold=20):
    settings = Settings("allegiance", 3, 0, options={"victory_threshold": threshold})
    return [(p.cell, p.message) for p in ALLEGIANCE.game.check_table(table, settings, "Round 1", lambda k, r: f"{k}{r}")
            if not p.is_error and p.message.startswith(("This winner", "Game 1 has"))]


def test_allegiance_warns_of_a_winner_without_the_most_vi_among_the_survivors_only():
    """Kills _check_winners__mutmut_6/8/9/10/20: a winner typed with 0 VI while a survivor holds 1 is warned of
    (0 VI counts as 0, not as a blank); an eliminated player's VI does not count against the winner; a game where
    everyone was eliminated has no winner to check."""
    assert winner_warnings(game((1, 0, True, None), (2, 1, None, None), (3, 0, None, None))) == [
        ("won2", "This winner of game 1 does not hold the most VI among the survivors (1).")]
    assert winner_warnings(game((1, 5, True, None), (2, 9, None, True), (3, 2, None, None))) == []
    assert winner_warnings(game((1, None, None, True), (2, None, None, True), (3, None, None, True))) == []


def test_allegiance_warns_of_more_winners_than_players_who_reached_the_threshold():
    """Kills _check_winners__mutmut_51/60: two winners need two players at the victory threshold or more (20
    VI each is enough); two winners with 10 VI each, below it, are warned of."""
    assert winner_warnings(game((1, 20, True, None), (2, 20, True, None), (3, 4, None, None))) == []
    assert winner_warnings(game((1, 10, True, None), (2, 10, True, None), (3, 4, None, None))) == [
        ("won3", "Game 1 has 2 winners but only 0 player(s) reached 20 VI.")]


def test_allegiance_scores_a_survivors_typed_0_vi_as_0():
    """Kills Allegiance.score_round__mutmut_18: VI 0 typed for a player still in is 0 VI (not the blank default);
    an eliminated player scores 0 whatever VI is typed (000)."""
    scores = ALLEGIANCE.game.score_round(Round(1, (game((1, 21, True, None), (2, 0, None, None), (3, 7, None, True)),)),
                                    Settings("allegiance", 3, 0))
    assert [(s.player_id, s.values, s.outcome) for s in scores] == [
        (1, {"wins": 1, "vi": 21}, "win"), (2, {"wins": 0, "vi": 0}, "loss"), (3, {"wins": 0, "vi": 0}, "loss")]


def test_allegiance_games_follow_the_events_game_sizes_preferred_size_and_odd_games_at():
    """Kills Allegiance.pair__mutmut_5/7/8/9: the pods engine gets the event's `Game sizes`, `Preferred size` and
    `Odd games at`. Ten players in round 3 of the allegiance sample (a late entry joins): games of 3 with the 4
    at the bottom by default, at the top with `Odd games at: top` or `Preferred size: 4`, two of 5 with sizes
    3,4,5 and 5 preferred."""
    loaded = api.load_event(SAMPLES / "allegiance-9-players.xlsx")
    event = replace(loaded.event, players=loaded.event.players + (Player(10, "Zed Late", joined_in=3),))
    standings, history = standings_after(event, ALLEGIANCE), compute_history(event.rounds)

    def sizes(**options):
        settings = replace(event.settings, options={**event.settings.options, **options})
        return [len(t.player_ids) for t in ALLEGIANCE.pairer.pair(replace(event, settings=settings), standings, history,
                                                           3).tables]

    assert sizes() == [3, 3, 4]
    assert sizes(odd_games_at="top") == sizes(preferred_size=4) == [4, 3, 3]
    assert sizes(game_sizes="3,4,5", preferred_size=5) == [5, 5]


# --- rulesets/diplomacy_scoring.py and win_loss_draw.py: edges of the board scores, a result's round ---------------

DIPLOMACY_POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def diplomacy_board(centres: dict, eliminated: dict = (), solo: str = "") -> list[PowerResult]:
    """Powers by initial (player ids 1-7 in POWERS order): centres of survivors, elimination years of the rest."""
    eliminated = dict(eliminated)
    return [PowerResult(i, power, centres.get(power[0], 0), eliminated.get(power[0]), power[0] == solo)
            for i, power in enumerate(DIPLOMACY_POWERS, start=1)]


def by_initial(points: dict) -> dict:
    return {DIPLOMACY_POWERS[pid - 1][0]: value for pid, value in points.items()}


def test_ndc_a_one_centre_survivor_has_prospects_and_a_1901_elimination_no_bonus():
    """Kills ndc_1995__mutmut_18 (`1 < centres`) and survival_bonus__mutmut_16 (`max(years, 1)`): 001 (README,
    `ndc-1995`) gives every survivor below 18 centres prospects centres / (18 − centres), one centre too (1/17);
    survivors share 100 by them. A power eliminated in 1901 survived 1901 − 1901 = 0 complete years: no bonus.
    Austria 17 and England 1: total 17 + 1/17 = 290/17, so 2890/29 and 10/29, plus 1 each (to 1910); France holds
    none: 0 + 1; Germany out 1901: 0; Italy 1905, Russia 1907, Turkey 1908: 0.4, 0.6, 0.7."""
    result = ndc_1995(diplomacy_board({"A": 17, "E": 1, "F": 0},
                                      {"G": 1901, "I": 1905, "R": 1907, "T": 1908}), 1910)
    assert by_initial(result) == {"A": F(2890, 29) + 1, "E": F(10, 29) + 1, "F": 1, "G": 0, "I": F(2, 5),
                                  "R": F(3, 5), "T": F(7, 10)}


def test_ndc_and_sum_of_squares_score_a_board_with_no_centres_held_without_dividing_by_zero():
    """Kills ndc_1995__mutmut_16 (`not eliminated or …`), 19 (`0 <= centres`) and sum_of_squares__mutmut_17/26/27:
    the validator accepts survivors holding 0 centres (README: at most 34 centres, 0 for an eliminated power;
    yellow cards can dock a power to 0). With no survivor holding a centre, NDC (001) shares nothing and
    survivors keep only the survival bonus; sum-of-squares (100 × centres² / Σ centres²) gives everyone 0."""
    empty = diplomacy_board({}, {"F": 1905, "G": 1905, "I": 1905, "R": 1905, "T": 1905})
    assert by_initial(ndc_1995(empty, 1906)) == {"A": F(3, 5), "E": F(3, 5), "F": F(2, 5), "G": F(2, 5),
                                                 "I": F(2, 5), "R": F(2, 5), "T": F(2, 5)}
    assert by_initial(sum_of_squares(empty, 1906)) == dict.fromkeys("AEFGIRT", 0)
    assert all(isinstance(v, F) for v in sum_of_squares(empty, 1906).values())


def test_c_diplo_100_ranks_a_one_centre_survivor_but_not_one_holding_none():
    """Kills c_diplo__mutmut_19 (`centres >= 0`) and 20 (`centres > 1`): C-Diplo 100 (World Diplomacy Database,
    scoring_class.php?id_scoring=5; README `c-diplo-100`) gives +38 / +14 / +7 to the first surviving powers by
    centres; a survivor with 1 centre is second (1 + 1 + 14), one holding none takes no rank (1 + 0), as an
    eliminated power (1)."""
    result = c_diplo_100(diplomacy_board({"A": 17, "E": 1, "F": 0}, {"G": 1903, "I": 1904, "R": 1905, "T": 1906}),
                         1910)
    assert by_initial(result) == {"A": 56, "E": 16, "F": 1, "G": 1, "I": 1, "R": 1, "T": 1}


def test_c_diplo_100_solo_scores_100_and_the_rest_0():
    """Kills c_diplo_100__mutmut_2 (`solo=None`) and 9 (`solo=101`): a Solo scores 100 for the winner, 0 for the
    rest (World Diplomacy Database, C-Diplo 100; README `c-diplo-100`)."""
    result = c_diplo_100(diplomacy_board({"F": 18, "G": 10, "I": 6}, {"A": 1903, "E": 1904, "R": 1906, "T": 1907},
                                         solo="F"), 1909)
    assert by_initial(result) == {"A": 0, "E": 0, "F": 100, "G": 0, "I": 0, "R": 0, "T": 0}


def test_carnage_2023_lone_survivor_leads_the_next_power_by_all_its_centres():
    """Kills lead_over_next__mutmut_9 (`+ [1, 0]`): Carnage 2023 adds 300 per centre the lone board topper leads
    the next power by (Boston Massacre "Carnhik"; dipvis "Carnage 2023"). A lone survivor of 10 (the validator
    accepts it: no Solo below 18) leads every other power, all eliminated with 0, by 10: +3000."""
    lone = diplomacy_board({"A": 10}, {"E": 1903, "F": 1904, "G": 1905, "I": 1906, "R": 1907, "T": 1908})
    base, result = carnage(lone, 1910), carnage_2023(lone, 1910)
    assert result[1] == 7000 + 10 + 3000
    assert {pid: result[pid] - base[pid] for pid in result} == {1: 3000, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0}


def test_two_player_results_keep_their_round_number():
    """Kills win_loss_draw.score_results__mutmut_2 and 21: each row (a bye's and each seat's) records its round,
    which the reports' points by round (`reports/context.py`) and `played_rounds` (tiebreakers) read. Through
    pod-round-robin (002: W 3, D 1, L 0, a bye as a win)."""
    played = Round(3, (Table(1, (Seat(1, 1, {"result": "W"}), Seat(2, 2, {"result": "L"}))),
                       Table(BYE, (Seat(3, ""),))))
    rows = get_ruleset("pod-round-robin").game.score_round(played, Settings("pod-round-robin", 3, 0))
    assert [(s.round, s.player_id, s.opponents, s.values, s.outcome) for s in rows] == [
        (3, 3, (), {"mp": 3}, "bye"), (3, 1, (2,), {"mp": 3}, "win"), (3, 2, (1,), {"mp": 0}, "loss")]


# --- Found by the mutation run after the tiebreakers declared their settings (issue 23) ---------------------------


def test_a_player_with_no_round_played_counts_the_floors():
    """MW% and GW% of a player with no round that counts as played (a team event's player before they joined: an
    "absent" round) are the floors, never a division by zero. Kills `match_win_pct` 17 and `game_win_pct` 43
    (`if rounds else floor` becoming always true)."""
    rows = [SeatScore(1, 1, (), {"mp": F(0)}, "absent")]
    table = ScoreTable(rows, (1,))
    assert computed("match_win_pct", table) == {1: F(1, 3)}
    assert computed("game_win_pct", table) == {1: F(1, 3)}


def test_the_seeded_draw_is_the_same_number_in_every_version():
    """The draw that settles exact ties is a whole number from 0 to 999999 fixed by the seed and the player's ID,
    and must stay the same from one version to the next, or re-running an old event would reorder its exact ties.
    Kills `seeded_draw` 3 (`/` for `%`), 8 (nine bytes of the digest) and 11 (`% 1000001`)."""
    from sheetrunner.scoring.tiebreakers import seeded_draw

    assert [seeded_draw(pid, 2026) for pid in (1, 2, 3)] == [889058, 938759, 177332]
    assert seeded_draw(1, 0) == 915037
    draws = [seeded_draw(pid, 7) for pid in range(1, 2001)]
    assert all(type(draw) is int and 0 <= draw <= 999_999 for draw in draws)
