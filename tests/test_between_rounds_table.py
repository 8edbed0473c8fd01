"""Every habit in the README's "Between rounds" table is caught by a test that replays it through the command line
(issue 28): a row without one, or a test named here that no longer exists, fails."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

# The habit (the row's bold words, as they begin) -> the tests that replay it, each asserting the exact outcome.
CAUGHT = {
    "Your team event ends with a top cut of teams": [
        "test_team_cut.py::test_the_best_four_teams_play_the_cut_and_the_final_decides_the_champion",
        "test_team_cut.py::test_a_tied_team_match_of_the_cut_needs_a_winner"],
    "A walk-in arrives.": ["test_log_memory.py::test_a_walk_in_needs_joined_in_and_then_plays_from_it",
                           "test_workbook_format.py::test_late_entry_joins_at_their_round"],
    "A player leaves.": ["test_workbook_format.py::test_dropped_player_is_not_paired_and_clearing_reinstates"],
    "They come back.": ["test_mid_event.py::test_a_player_who_dropped_after_round_2_comes_back_for_round_5"],
    "The round was posted, then the roster changed": ["test_mid_event.py::test_redo_absorbs_a_drop_and_a_walk_in"],
    "You change a pairing by hand": [
        "test_workbook_format.py::test_manual_edit_of_a_round_is_accepted_and_used",
        "test_mid_event.py::test_hand_made_rematch_team_pair_and_fixed_table_clash_are_warnings"],
    "A result was typed wrong in an earlier round": [
        "test_workbook_format.py::test_changed_earlier_results_are_reported_with_their_tables"],
    "A judge gives a penalty": ["test_docs_examples.py::test_init_writes_a_penalties_sheet_ready_to_fill",
                                "test_penalties.py::test_swiss_event_with_every_kind_of_penalty"],
    "You pair twice by mistake.": ["test_mid_event.py::test_pairing_twice_by_mistake_is_one_line"],
    "A Diplomacy player volunteers to sit out.": [
        "test_diplomacy.py::test_boards_powers_and_volunteer_sit_outs_through_pair"],
    "A table is called `A`, `1A` or `Table 12`.": [
        "test_mid_event.py::test_games_named_a_b_c_and_tables_named_1a_or_table_12"],
    "You rename a round's tab": [
        "test_log_memory.py::test_a_round_tab_shortened_is_read_as_that_round_with_a_warning",
        "test_log_memory.py::test_a_round_tab_renamed_beyond_recognition_is_an_error_and_nothing_is_written",
        "test_log_memory.py::test_a_deleted_round_sheet_is_never_paired_again"],
    "You add a line under the roster": ["test_log_memory.py::test_a_total_row_under_the_roster_is_not_a_player"],
    "You merge header cells": ["test_log_memory.py::test_merged_header_cells_that_hide_a_column_are_an_error",
                               "test_log_memory.py::test_values_under_no_header_in_a_round_sheet_are_a_warning"],
    "You save a copy e-mailed back over the workbook": [
        "test_many_hands.py::test_an_older_copy_saved_over_the_workbook_is_named_and_never_paired_over",
        "test_many_hands.py::test_results_lost_by_an_older_copy_are_listed_by_cell",
        "test_email_workflow.py::EmailedEvent"],
    "Results are typed in two copies": [
        "test_many_hands.py::test_merge_brings_two_halves_of_a_round_together",
        "test_many_hands.py::test_a_conflict_is_named_cell_by_cell_and_nothing_is_written",
        "test_many_hands.py::test_diff_says_what_changed_in_a_tos_words"],
    "You copy a sheet": ["test_sheet_copies.py::test_a_walk_in_typed_in_a_copy_of_players_is_named_and_kept",
                         "test_sheet_copies.py::test_results_typed_in_a_copy_of_a_round_are_named_by_table"],
    "You sort or filter the Log": [
        "test_log_order.py::test_the_sample_log_sorted_newest_first_still_warns_of_a_changed_round",
        "test_log_order.py::test_a_filtered_log_reads_as_written"],
    "You type `1,000` in a cell kept as text": [
        "test_settings_as_meant.py::test_a_number_setting_typed_with_a_comma_before_three_digits_is_refused_at_its_cell"],
    "You type a percentage setting as `33`": [
        "test_settings_as_meant.py::test_a_floor_typed_33_is_an_error_at_its_cell_saying_what_it_reads_as",
        "test_settings_as_meant.py::test_every_percentage_setting_refuses_a_share_typed_with_a_percent_sign"],
    "You add a column to a standings sheet": [
        "test_standings_additions.py::test_the_prize_column_survives_standings_beside_the_same_players_when_a_"
        "corrected_result_reorders",
        "test_standings_additions.py::test_a_hand_changed_standings_value_and_notes_are_named_with_the_backup_that_"
        "has_them"],
    "A title row above a round's headers": [
        "test_redo_keeps_typed.py::test_unreadable_headers_are_one_error_in_check_and_redo_writes_nothing"],
    "`pair --redo` on a round with something typed in it.": [
        "test_redo_keeps_typed.py::test_redo_of_a_round_with_every_result_typed_names_them_and_writes_nothing",
        "test_redo_keeps_typed.py::test_a_round_with_only_a_hand_swap_is_redone"],
    "You cross a player off": [
        "test_intent.py::test_a_struck_through_row_is_questioned_and_paired_as_the_warning_says",
        "test_intent.py::test_a_row_filled_red_is_questioned_and_other_fills_are_not"],
    "You type under `Dropped after` the round the player will miss": [
        "test_intent.py::test_dropped_after_the_round_about_to_be_paired_is_questioned_and_pair_says_who_leaves"],
    "The same player is entered twice, spelled slightly differently": [
        "test_intent.py::test_names_one_letter_apart_are_questioned_at_the_later_row"],
    "A player's name is typed differently in two events of a season": [
        "test_league_names.py::test_latin_letters_typed_on_a_plain_keyboard_are_one_player",
        "test_league_names.py::test_near_misses_are_warned_with_the_aliases_row_never_joined"],
    "You reprint after a late change": [
        "test_output_transactions.py::test_a_late_drop_and_redo_never_leave_the_old_kit_beside_the_new_pages"],
    "You type each result once, from the slip.": [
        "test_one_entry_per_match.py::test_a_round_typed_once_per_match_gives_the_standings_typed_twice",
        "test_one_entry_per_match.py::test_a_second_row_that_disagrees_is_an_error_at_its_cell_saying_both"],
    "A cell shows `#N/A` or `#REF!`": [
        "test_bounds_and_refusals.py::test_an_error_value_anywhere_in_a_played_event_is_an_error_at_its_cell"],
    "A name pasted with a page of text": [
        "test_bounds_and_refusals.py::test_a_name_longer_than_a_name_is_refused_at_its_cell",
        "test_bounds_and_refusals.py::test_init_takes_exactly_what_check_takes"],
    "Players look for their last name": [
        "test_printouts.py::test_names_sorted_by_last_name_on_every_list_from_a_roster_of_first_and_last_names"],
    "A player asks \"can I still make the top 8?\"": [
        "test_simulate.py::test_simulate_the_rounds_left_of_a_running_event"],
    "You start the hall after a round was printed": [
        "test_hall_codes.py::test_serve_says_when_the_rounds_slips_were_printed_before_the_codes",
        "test_hall_codes.py::test_a_served_events_slips_carry_each_tables_code"],
    "You run the hall from the laptop": [
        "test_hall_browser.py::test_a_round_in_the_hall_from_phone_to_desk_and_the_next_round",
        "test_hall_api.py::test_results_wait_while_excel_has_the_workbook_open",
        "test_hall_api.py::test_two_phones_that_disagree_make_one_conflict_the_desk_settles"],
    "You pair the round again after a late drop": ["test_terminal_output.py::test_redo_names_the_tables_that_changed_and_writes_the_whole_round",
        "test_terminal_output.py::test_the_walk_in_error_offers_redo_and_following_it_seats_them"],
    "Your league weighs events differently": ["test_league_tiers.py::test_a_season_of_two_tiers_by_hand"],
    "You delete the `Log`": ["test_log_memory.py::test_a_deleted_log_comes_back_from_the_newest_backup_that_has_it",
                             "test_log_memory.py::test_a_deleted_log_with_no_backup_is_rebuilt_from_the_round_sheets"],
}


def readme_habits() -> list[str]:
    """The bold opening of each row of the README's Between rounds table."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## Between rounds", 1)[1].split("\n#", 1)[0]
    return [re.match(r"\| \*\*(.+?)\*\*", line).group(1) for line in table.splitlines() if line.startswith("| **")]


def defined(test: str) -> bool:
    module, name = test.split("::")
    tree = ast.parse((TESTS / module).read_text(encoding="utf-8"))
    return any(isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name for node in tree.body)


def test_every_habit_of_the_table_has_a_test_that_replays_it():
    habits = readme_habits()
    assert len(habits) >= 24
    assert [h for h in habits if not any(h.startswith(known) for known in CAUGHT)] == []
    assert [known for known in CAUGHT if not any(h.startswith(known) for h in habits)] == []


def test_every_test_named_for_a_habit_exists():
    assert [test for tests in CAUGHT.values() for test in tests if not defined(test)] == []
