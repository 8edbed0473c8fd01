"""Mirrors `sheetrunner/validate/settings.py`: the `Event` sheet read into settings and a ruleset (§2). `Ruleset`,
`Rounds` and `Random seed` are required; labels match in any case; an unknown setting is a warning; a setting
declared `at_most` another may not exceed it; a newer format version and unknown tiebreakers are errors."""

from __future__ import annotations

import pytest

from sheetrunner.rulesets import known_ruleset
from sheetrunner.scoring.tiebreakers import TIEBREAKERS, fitting_tiebreakers
from sheetrunner.workbook.grid import FORMULA_WITHOUT_VALUE, sheet_rows
from sheetrunner.validate.settings import read_settings

BASE = [["Ruleset", "swiss"], ["Rounds", 5], ["Random seed", 7]]
RULESETS = "swiss-tp, pod-round-robin, swiss, chits-and-cards, allegiance, ndc-diplomacy"


def read(rows, headers=("Setting", "Value"), flags=None):
    """(settings, ruleset, problems as (where, message, hint, severity)) of an Event sheet of `rows`."""
    problems = []
    sheet = sheet_rows("Event", [list(headers), *rows], (lambda: flags) if flags else dict)
    settings, ruleset = read_settings({"Event": sheet}, problems)
    return settings, ruleset, [(p.where, p.message, p.hint, p.severity) for p in problems]


def test_the_required_settings_and_the_rulesets_defaults():
    settings, ruleset, found = read(BASE)
    assert found == []
    assert (settings.ruleset, settings.rounds, settings.seed, ruleset.game.name) == ("swiss", 5, 7, "swiss")
    assert settings.tiebreakers == ("match_points", "opponents_match_win_pct", "game_win_pct", "opponents_game_win_pct")
    assert settings.cells == {"ruleset": "B2", "rounds": "B3", "seed": "B4"}
    assert (settings.option("points_win"), settings.option("points_draw"), settings.option("points_loss")) == (3, 1, 0)


def test_labels_match_in_any_case_with_aliases_and_numbers_typed_as_text():
    settings, ruleset, found = read([[" ruleset ", " SWISS-TP "], ["  ROUNDS", "3"], ["Random Seed", " 1 "],
                                     ["event NAME", "Spring Open"]], headers=("option", "value"))
    assert found == []
    assert (ruleset.game.name, settings.rounds, settings.seed, settings.name) == ("swiss-tp", 3, 1, "Spring Open")


def test_an_unknown_setting_is_a_warning_at_its_label():
    _, _, found = read(BASE + [["Colour", "red"]])
    assert found == [("Event!A5", 'Unknown setting "Colour"; it is ignored.',
                      "Check the spelling; `sheetrunner rulesets` lists each ruleset's settings.", "warning")]


def test_another_rulesets_setting_is_unknown_to_this_one():
    _, _, found = read(BASE + [["Offensive bonus", "Yes"]])  # a swiss-tp option, in a swiss event
    assert [(where, message) for where, message, _, _ in found] == [
        ("Event!A5", 'Unknown setting "Offensive bonus"; it is ignored.')]


def test_a_setting_typed_twice_is_an_error_at_the_second():
    _, _, found = read(BASE + [["rounds", 6]])
    assert found == [("Event!A5", '"rounds" is set twice (first on row 3).', "Delete one of the two rows.", "error")]


# --- the ruleset ---------------------------------------------------------------------------------------------------


def test_an_unknown_ruleset_lists_the_known_ones():
    settings, ruleset, found = read([["Ruleset", "chess"], ["Rounds", 5], ["Random seed", 7]])
    assert (settings, ruleset) == (None, None)
    assert found == [("Event!B2", 'Unknown ruleset "chess".', f"Use one of: {RULESETS}.", "error")]


def test_a_blank_ruleset_is_an_error_at_its_value_cell():
    settings, ruleset, found = read([["Ruleset", None], ["Rounds", 5], ["Random seed", 7]])
    assert (settings, ruleset) == (None, None)
    assert found[0] == ("Event!B2", "Ruleset is not set.", f"Add a Ruleset row with one of: {RULESETS}.", "error")


def test_a_missing_ruleset_row_is_an_error():
    settings, ruleset, found = read([["Rounds", 5], ["Random seed", 7]])
    assert (settings, ruleset) == (None, None)
    assert found[0] == ("Event!A1", "Ruleset is not set.", f"Add a Ruleset row with one of: {RULESETS}.", "error")


@pytest.mark.parametrize("rows", [[["Rounds", 5], ["Random seed", 7]],
                                  [["Ruleset", None], ["Rounds", 5], ["Random seed", 7]]])
def test_a_missing_ruleset_is_said_once(rows):
    _, _, found = read(rows)
    assert len(found) == 1


def test_other_required_settings_missing_are_errors_and_no_settings_are_made():
    settings, ruleset, found = read([["Ruleset", "swiss"]])
    assert settings is None and ruleset.game.name == "swiss"
    assert found == [
        ("Event!A1", "The Rounds setting is missing.", "Add a row: Rounds | value.", "error"),
        ("Event!A1", "The Random seed setting is missing.", "Add a row: Random seed | value.", "error")]


def test_a_bad_value_is_an_error_at_its_value_cell_with_the_options_hint():
    settings, _, found = read([["Ruleset", "swiss"], ["Rounds", "five"], ["Random seed", -1]])
    assert settings is None
    assert found == [
        ("Event!B3", 'Rounds needs a whole number, found "five".', "Type a whole number from 1 to 200.", "error"),
        ("Event!B4", "Random seed needs a whole number of at least 0, found -1.", "Type a whole number (at least 0).",
         "error")]


def test_a_value_that_is_a_formula_without_a_saved_value_is_said_once():
    settings, _, found = read([["Ruleset", "swiss"], ["Rounds", None], ["Random seed", 7]],
                              flags={"B3": FORMULA_WITHOUT_VALUE})
    assert settings is None
    assert found == [("Event!B3", "Rounds holds a formula whose value was never saved.",
                      "Open the workbook in Excel or LibreOffice and save it, so the value is stored.", "error")]


# --- at_most: a worse result cannot score more than a better one -----------------------------------------------------


def test_an_option_above_its_bound_is_an_error_at_its_own_cell():
    _, _, found = read(BASE + [["Points for a draw", 4]])
    assert found == [("Event!B5", "Points for a draw (4) is more than Points for a win (3): a worse result cannot "
                      "score more than a better one.", "Type at most 3, or raise Points for a win.", "error")]


def test_each_link_of_the_chain_is_checked():
    _, _, found = read(BASE + [["Points for a draw", 0], ["Points for a loss", 1]])
    assert found == [("Event!B6", "Points for a loss (1) is more than Points for a draw (0): a worse result cannot "
                      "score more than a better one.", "Type at most 0, or raise Points for a draw.", "error")]


def test_a_bound_lowered_below_a_default_is_said_at_the_bounds_cell():
    _, _, found = read(BASE + [["Points for a win", 0]])
    assert found == [("Event!B5", "Points for a draw (1) is more than Points for a win (0): a worse result cannot "
                      "score more than a better one.", "Type at least 1, or add a Points for a draw row with at most "
                      "0.", "error")]


def test_equal_values_are_allowed():
    settings, _, found = read(BASE + [["Points for a win", 2], ["Points for a draw", 2], ["Points for a loss", 2]])
    assert found == [] and settings.option("points_loss") == 2


def test_game_points_are_held_to_the_same_order():
    _, _, found = read(BASE + [["Game points for a game lost", 2]])
    assert found == [("Event!B5", "Game points for a game lost (2) is more than Game points for a drawn game (1): "
                      "a worse result cannot score more than a better one.",
                      "Type at most 1, or raise Game points for a drawn game.", "error")]


# --- format version and tiebreakers -----------------------------------------------------------------------------------


def test_a_newer_format_version_is_an_error():
    _, _, found = read(BASE + [["Format version", 2]])
    [(where, message, hint, severity)] = found
    assert (where, severity) == ("Event!B5", "error")
    assert message.startswith("This workbook is format version 2; sheetrunner ")
    assert message.endswith(" reads format version 1 only.")
    assert hint == "Update sheetrunner (pip install --upgrade sheetrunner) and run the command again."
    assert read(BASE + [["Format version", 1]])[2] == []


def test_tiebreakers_override_the_rulesets_order():
    settings, _, found = read([["Ruleset", "swiss-tp"], ["Rounds", 5], ["Random seed", 7],
                               ["Tiebreakers", " tp, Opponents-OP ,,OP"]])
    assert found == []
    assert settings.tiebreakers == ("tp", "opponents_op", "op")


@pytest.mark.parametrize("ruleset, typed, message, hint", [
    ("swiss", "OMW%, GW%", "Tiebreakers does not list MP: swiss ranks by MP first, the tiebreakers after it.",
     "Type MP, OMW%, GW%, or leave the cell blank for the order of swiss (MP, OMW%, GW%, OGW%)."),
    ("swiss-tp", " OP, tp ,,Opponents-OP", "Tiebreakers lists OP before TP: swiss-tp ranks by TP first, the "
     "tiebreakers after it.", "Type TP, OP, Opponents-OP, or leave the cell blank for the order of swiss-tp (TP, "
     "OP, SP, Opp OP, Draw)."),
    ("chits-and-cards", "match_points, card", "Tiebreakers does not list Chits: chits-and-cards ranks by Chits "
     "first, the tiebreakers after it.", "Type Chits, match_points, card, or leave the cell blank for the order of "
     "chits-and-cards (Chits, Card)."),
])
def test_tiebreakers_that_would_rank_before_the_rulesets_score_are_an_error(ruleset, typed, message, hint):
    """`OMW%, GW%` typed as the tiebreakers after match points would rank, and pair, without them (every score
    read as equal): said at the cell, with the list meant, and the ruleset's order used meanwhile."""
    settings, _, found = read([["Ruleset", ruleset], ["Rounds", 5], ["Random seed", 7], ["Tiebreakers", typed]])
    assert found == [("Event!B5", message, hint, "error")]
    assert settings.tiebreakers == known_ruleset(ruleset).game.tiebreakers


def test_an_unknown_tiebreaker_is_an_error_and_the_rulesets_order_is_used():
    settings, _, found = read(BASE + [["Tiebreakers", "match points, foo"]])
    [(where, message, hint, _)] = found
    assert (where, message) == ("Event!B5", 'Unknown tiebreaker "foo".')
    assert hint.startswith("Use names from: random, tp, op, sp, ")
    assert settings.tiebreakers[0] == "match_points"


def test_unknown_and_unfit_tiebreakers_are_each_named_in_one_problem():
    [(where, message, hint, _)] = read(BASE + [["Tiebreakers", "match points, foo, bar"]])[2]
    assert (where, message) == ("Event!B5", 'Unknown tiebreaker "foo", "bar".')
    assert hint == "Use names from: " + ", ".join(TIEBREAKERS) + "."
    [(where, message, hint, _)] = read(BASE + [["Tiebreakers", "match points, op, opponents_vi"]])[2]
    assert message == ('swiss does not score what these tiebreakers need: "op" (objective points), "opponents_vi" '
                       '(victory influence).')
    assert hint == "Use names that fit swiss: " + ", ".join(fitting_tiebreakers(known_ruleset("swiss").game.provides)) \
        + "."


def test_a_tiebreaker_the_ruleset_cannot_feed_is_an_error():
    _, _, found = read(BASE + [["Tiebreakers", "op"]])  # swiss scores no objective points
    [(where, message, hint, _)] = found
    assert where == "Event!B5"
    assert message.startswith('swiss does not score what these tiebreakers need: "op" (')
    assert hint.startswith("Use names that fit swiss: ")


# --- the sheet itself ------------------------------------------------------------------------------------------------


def test_no_event_sheet():
    problems = []
    assert read_settings({}, problems) == (None, None)
    assert [(p.where, p.message, p.hint) for p in problems] == [
        ("Event", "The workbook has no Event sheet.", "Make the workbook with `sheetrunner init`, or add a sheet "
         "named Event with Setting and Value columns.")]


def test_an_event_sheet_without_its_header_row():
    assert read(BASE, headers=("Key", "Value"))[1:] == (None, [
        ("Event!A1", "The Event sheet needs a header row with Setting and Value columns.",
         "Type Setting in A1 and Value in B1, then one setting per row below.", "error")])
