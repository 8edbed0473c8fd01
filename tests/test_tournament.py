"""tournament.py: the pure steps between reading and writing (score, rank, pair), and what `pair` refuses
while the workbook is not ready (§7), each said with its exact message. Events are built by hand for the
`swiss` ruleset."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from sheetrunner.model.event import BYE, Event, Player, Round, Seat, SeatScore, Settings, Table
from sheetrunner.model.options import event_options
from sheetrunner.pairing import PairedTable, Pairing
from sheetrunner.model.problems import EventError, EventOver, Problem, Refusal
from sheetrunner.rulesets import get_ruleset
from sheetrunner.rules.tournament import (compute_scores, everyone_placed, first_place, missing_results, plan_next_round,
                                    round_from_pairing, scored_rounds, standings_after)

SWISS = get_ruleset("swiss")
NO_RESULT_HINT = "Type the result for every seat at this table."


def settings(rounds: int = 3) -> Settings:
    options = {option.key: option.default for option in event_options(SWISS.game.all_options)}
    options.update(ruleset="swiss", rounds=rounds, seed=5)
    return Settings("swiss", rounds, 5, tiebreakers=SWISS.game.tiebreakers, options=options)


def roster(*names: str, **changes) -> tuple[Player, ...]:
    return tuple(Player(pid, name, **changes.get(name, {})) for pid, name in enumerate(names, start=1))


def seat(pid: int, won: int | None, row: int) -> Seat:
    return Seat(pid, 1, {"games_won": won, "games_drawn": None}, row=row)


def match(number, first: int, second: int, score: tuple | None, row: int) -> Table:
    """Table `number`: `first` and `second` with games won (2, 0), or no result (None), from sheet row `row`."""
    won = score or (None, None)
    return Table(number, (seat(first, won[0], row), seat(second, won[1], row + 1)))


def bye(pid: int) -> Table:
    return Table(BYE, (Seat(pid, 0, {"games_won": None, "games_drawn": None}),))


def round_(number: int, *tables: Table) -> Round:
    return Round(number, tables, f"Round {number}")


PLAYERS = roster("Ann", "Ben", "Cat", "Dan")
ROUND_1 = round_(1, match(1, 1, 2, (2, 0), 2), match(2, 3, 4, (2, 1), 4))


# --- results ---------------------------------------------------------------------------------------------------


def test_each_game_without_a_result_is_named_at_its_first_row():
    half = round_(3, match(1, 1, 2, (2, 0), 2), match(2, 3, 4, None, 4), match("A", 5, 6, None, 6))
    assert missing_results(half, SWISS) == [Problem("Round 3", "A4", "Table 2 has no result yet.", NO_RESULT_HINT),
                                            Problem("Round 3", "A6", "Table A has no result yet.", NO_RESULT_HINT)]
    assert missing_results(ROUND_1, SWISS) == []


def test_rounds_count_up_to_the_first_without_every_result():
    unfinished = round_(2, match(1, 1, 3, (2, 0), 2), match(2, 2, 4, None, 4))
    later = round_(3, match(1, 1, 4, (2, 0), 2), match(2, 2, 3, (2, 0), 4))
    assert scored_rounds(Event(settings(), PLAYERS, (ROUND_1, unfinished, later))) == (ROUND_1,)
    assert scored_rounds(Event(settings(), PLAYERS)) == ()


def test_scores_are_one_row_per_seat_with_a_late_entrys_missed_round_a_loss_with_no_opponent():
    players = PLAYERS + (Player(5, "Eve", joined_in=2),)
    scores = compute_scores(Event(settings(), players, (ROUND_1,)), SWISS)
    by_player = {score.player_id: score for score in scores}
    assert sorted(by_player) == [1, 2, 3, 4, 5]
    assert (by_player[1].outcome, by_player[1].opponents, by_player[1].values["mp"]) == ("win", (2,), 3)
    assert (by_player[4].outcome, by_player[4].values["games_played"]) == ("loss", 3)
    assert by_player[5] == SeatScore(1, 5, (), {}, "loss")


def test_a_round_paired_without_a_player_is_missed_by_them():
    missed = Round(1, ROUND_1.tables, "Round 1", missed=(5,))
    scores = compute_scores(Event(settings(), PLAYERS + (Player(5, "Eve"),), (missed,)), SWISS)
    assert [s for s in scores if s.player_id == 5] == [SeatScore(1, 5, (), {}, "loss")]


def test_standings_after_the_last_round_with_every_result():
    unfinished = round_(2, match(1, 1, 3, (2, 0), 2), match(2, 2, 4, None, 4))
    standings = standings_after(Event(settings(), PLAYERS, (ROUND_1, unfinished)), SWISS)
    assert standings.after_round == 1
    assert [row.values["match_points"] for row in standings.rows] == [3, 3, 0, 0]
    assert standings_after(Event(settings(), PLAYERS, (ROUND_1,)), SWISS, 0).after_round == 0


# --- who is first ----------------------------------------------------------------------------------------------


def test_first_place_is_everyone_sharing_the_first_rank():
    drawn = round_(1, match(1, 1, 2, (1, 1), 2), match(2, 3, 4, (0, 2), 4))
    standings = standings_after(Event(settings(1), PLAYERS, (drawn,)), SWISS)
    assert [row.player.name for row in first_place(standings)] == ["Dan"]
    level = round_(1, match(1, 1, 2, (1, 1), 2))
    standings = standings_after(Event(settings(1), PLAYERS[:2], (level,)), SWISS)
    assert [row.player.name for row in first_place(standings)] == ["Ann", "Ben"]


# --- planning the next round -----------------------------------------------------------------------------------


def placed(plan) -> list[int]:
    return sorted([pid for table in plan.pairing.tables for pid in table.player_ids] + list(plan.pairing.byes))


def test_round_one_seats_everyone_who_plays():
    plan = plan_next_round(Event(settings(), PLAYERS), SWISS)
    assert (plan.number, plan.title, plan.replaces, plan.rules) == (1, "Round 1", False, SWISS)
    assert placed(plan) == [1, 2, 3, 4]
    assert plan.pairing.byes == []


def test_an_odd_field_has_one_bye_and_dropped_and_late_players_are_not_paired():
    players = roster("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus",
                     Fay={"dropped_after": 0}, Gus={"joined_in": 2})
    plan = plan_next_round(Event(settings(), players), SWISS)
    assert placed(plan) == [1, 2, 3, 4, 5]
    assert len(plan.pairing.byes) == 1


def test_the_next_round_follows_a_finished_one():
    plan = plan_next_round(Event(settings(), PLAYERS, (ROUND_1,)), SWISS)
    assert (plan.number, plan.title) == (2, "Round 2")
    assert plan.standings.after_round == 1
    assert placed(plan) == [1, 2, 3, 4]


def refused(event: Event, redo: bool = False) -> Problem:
    with pytest.raises(Refusal) as refusal:
        plan_next_round(event, SWISS, redo)
    [problem] = refusal.value.problems
    return problem


def test_redo_without_a_round_is_refused():
    assert refused(Event(settings(), PLAYERS), redo=True) == Problem(
        "", "", "There is no round to redo yet.", "Run `pair` without --redo.")


def test_redo_of_a_round_with_results_is_refused():
    assert refused(Event(settings(), PLAYERS, (ROUND_1,)), redo=True) == Problem(
        "Round 1", "", "Round 1 already has results; --redo only regenerates a round with none.",
        "Clear its results first if you really mean to pair it again.")


def test_a_round_with_no_results_is_not_paired_past():
    empty = round_(1, match(1, 1, 2, None, 2), match(2, 3, 4, None, 4))
    assert refused(Event(settings(), PLAYERS, (empty,))) == Problem(
        "Round 1", "", "Round 1 has no results yet; to pair it again use `pair --redo`.",
        "To pair the next round, type its results first.")


def test_redo_pairs_a_round_with_no_results_again():
    empty = round_(1, match(1, 1, 2, None, 2), match(2, 3, 4, None, 4))
    plan = plan_next_round(Event(settings(), PLAYERS, (empty,)), SWISS, redo=True)
    assert (plan.number, plan.replaces, plan.title) == (1, True, "Round 1")


def test_an_unfinished_round_lists_the_games_without_results():
    half = round_(1, match(1, 1, 2, (2, 0), 2), match(2, 3, 4, None, 4))
    with pytest.raises(EventError) as stopped:
        plan_next_round(Event(settings(), PLAYERS, (half,)), SWISS)
    assert not isinstance(stopped.value, Refusal)
    assert stopped.value.problems == [
        Problem("Round 1", "", "Round 1 is not finished, so the next round cannot be paired.",
                "Enter the results listed below, or use --redo to pair this round again while it has no results."),
        Problem("Round 1", "A4", "Table 2 has no result yet.", NO_RESULT_HINT)]


def test_after_the_last_round_the_event_is_over_and_names_the_winner():
    with pytest.raises(EventOver) as over:
        plan_next_round(Event(settings(1), PLAYERS[:2], (round_(1, match(1, 1, 2, (0, 2), 2)),)), SWISS)
    assert over.value.winners == [(2, "Ben")]
    assert over.value.message == ("The event is over: its only round is played, and Ben is first in the "
                                  "standings.")


def test_a_shared_first_place_ends_the_event_with_every_winner():
    with pytest.raises(EventOver) as over:
        plan_next_round(Event(settings(1), PLAYERS[:2], (round_(1, match(1, 1, 2, (1, 1), 2)),)), SWISS)
    assert over.value.winners == [(1, "Ann"), (2, "Ben")]


def test_too_few_players_for_a_game():
    players = roster("Ann", "Ben", Ben={"dropped_after": 0})
    with pytest.raises(EventError) as stopped:
        plan_next_round(Event(settings(), players), SWISS)
    assert stopped.value.problems == [Problem("Players", "", "Only 1 player(s) can play round 1.",
                                              "Add players, or clear Dropped after for players who are still in.")]


def test_a_finished_event_with_a_top_cut_pairs_its_first_stage_by_seed():
    # After round 1: Ann (2-0) and Cat (2-1) won, Ann on game-win %; Ben is ahead of Dan on opponents' game-win %.
    cut = Settings("swiss", 1, 5, tiebreakers=SWISS.game.tiebreakers, options={**settings(1).options, "top_cut": 4})
    plan = plan_next_round(Event(cut, PLAYERS, (ROUND_1,)), SWISS)
    assert (plan.number, plan.title, plan.new_standings) == (2, "Top 4", True)
    assert sorted(table.player_ids for table in plan.pairing.tables) == [(1, 4), (3, 2)]


def test_a_stage_with_no_results_is_not_paired_past():
    cut = Settings("swiss", 1, 5, tiebreakers=SWISS.game.tiebreakers, options={**settings(1).options, "top_cut": 4})
    top_4 = Round(2, (match(1, 1, 4, None, 2), match(2, 3, 2, None, 4)), "Top 4")
    with pytest.raises(Refusal) as refusal:
        plan_next_round(Event(cut, PLAYERS, (ROUND_1,), (top_4,)), SWISS)
    assert refusal.value.problems == [Problem("Top 4", "", "Top 4 has no results yet; to pair it again use "
                                              "`pair --redo`.", "To pair the next stage, type its results first.")]


# --- the invariant of every round written ----------------------------------------------------------------------


def test_everyone_placed_accepts_each_active_player_once():
    everyone_placed(Pairing([PairedTable(1, (1, 2))], [3]), {1, 2, 3}, 1)


def test_everyone_placed_names_players_twice_left_out_and_added():
    pairing = Pairing([PairedTable(1, (1, 2)), PairedTable(2, (2, 9))], [3])
    with pytest.raises(AssertionError) as broken:
        everyone_placed(pairing, {1, 2, 3, 4}, 3)
    assert str(broken.value) == "round 3 pairing places players [2] twice, leaves out [4] and adds [9]"


# --- the round as written --------------------------------------------------------------------------------------


def test_a_written_round_reads_back_with_empty_results_notes_and_byes_last():
    pairing = Pairing([PairedTable(1, (3, 1)), PairedTable(2, (2, 4), seats=("North", "South"))], [5],
                      notes={1: ["Rematch", "(no other pairing)"], 5: ["Bye: lowest ranked"]})
    written = round_from_pairing(2, pairing, SWISS)
    assert (written.number, written.sheet) == (2, "Round 2")
    assert [(t.number, [(s.player_id, s.seat, s.note) for s in t.seats]) for t in written.tables] == [
        (1, [(3, 1, ""), (1, 2, "Rematch (no other pairing)")]),
        (2, [(2, "North", ""), (4, "South", "")]),
        (BYE, [(5, 0, "Bye: lowest ranked")])]
    assert all(s.result == {"games_won": None, "games_drawn": None} for t in written.tables for s in t.seats)
    assert not written.has_any_result
    assert round_from_pairing(5, Pairing([], []), SWISS, "Top 8").sheet == "Top 8"


def test_compute_scores_values_are_exact():
    scores = compute_scores(Event(settings(), PLAYERS, (ROUND_1,)), SWISS)
    assert all(isinstance(value, F) for score in scores for value in score.values.values())
