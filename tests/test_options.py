"""options.py: one declaration per Event setting, read and written alike: the default on a blank cell, the
hint `init` writes, the values `sheetrunner rulesets` lists, exact numbers written so they read back."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.model.options import (CODES_ON_PAIRINGS, COMMON_OPTIONS, FORMAT_VERSION, HALL_OPTIONS, MEAN,
                                 NAMES_SORTED_BY, NONE, Option, SOFT_SCORE_OPTIONS, TEAM_OPTIONS, distinct,
                                 event_options, fraction_cell, normal, option_by_label, read_mean_or_number,
                                 read_none_or_whole, read_url)
from sheetrunner.rulesets import RULESET_NAMES, get_ruleset
from sheetrunner.model.values import BadValue, as_number

ROUNDS = Option("rounds", "Rounds", None, "How many rounds.", minimum=1, required=True)
BEST_OF = Option("best_of", "Best of", 3, "Games a match is played as.", minimum=1)
BYE_GAMES = Option("bye_games", "Bye games won", 2, "Games a bye counts as won.", minimum=1, maximum=3)
ALLOW = Option("allow", "Allow rematches", False, "Let two players meet again.", kind="yesno")
TEAMS = Option("teams", "Keep teams apart", "always", "When.", kind="choice", choices=("always", "never"))
FLOOR = Option("floor", "Floor", F(1, 3), "Least win %.", kind="number")
SIGNED = Option("shift", "Shift", 0, "Any whole number.", minimum=None)


def refusal(read, raw) -> str:
    with pytest.raises(BadValue) as refused:
        read(raw)
    return str(refused.value)


# --- reading ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("blank", [None, "", "   ", "\u200b"])
def test_a_blank_cell_reads_as_the_default(blank):
    assert BEST_OF.read(blank) == 3
    assert ALLOW.read(blank) is False
    assert TEAMS.read(blank) == "always"
    assert FLOOR.read(blank) == F(1, 3)


def test_a_required_setting_may_not_be_blank():
    assert refusal(ROUNDS.read, None) == "is required and is empty"
    assert refusal(ROUNDS.read, " ") == "is required and is empty"
    assert ROUNDS.read("5") == 5


def test_typed_values_are_read_by_kind():
    assert BEST_OF.read("5") == 5
    assert ALLOW.read("Yes") is True
    assert TEAMS.read("NEVER") == "never"
    assert FLOOR.read("0.33") == F(33, 100)
    assert FLOOR.read("1/3") == F(1, 3)
    assert SIGNED.read(-4) == -4


def test_bounds_of_a_whole_number_setting():
    assert refusal(BEST_OF.read, 0) == "needs a whole number of at least 1, found 0"
    assert refusal(BYE_GAMES.read, 4) == "needs a whole number of at most 3, found 4"
    assert BYE_GAMES.read(3) == 3
    assert refusal(FLOOR.read, "-1") == 'needs a number of at least 0, found "-1"'


def test_mean_or_a_number():
    assert read_mean_or_number(" Mean ") == MEAN == "mean"
    assert read_mean_or_number("25") == F(25)
    assert read_mean_or_number(0) == F(0)
    assert refusal(read_mean_or_number, "average") == 'needs mean or a number, found "average"'


@pytest.mark.parametrize("raw", ["none", "None", "no", "0", 0])
def test_none_or_zero_is_no_top_cut(raw):
    assert read_none_or_whole(raw) == 0


def test_a_blank_top_cut_is_its_default_none():
    top_cut = next(option for option in COMMON_OPTIONS if option.key == "top_cut")
    assert top_cut.read(None) == 0
    assert top_cut.read("NONE") == 0


def test_a_number_of_players_is_at_least_two():
    assert read_none_or_whole("8") == 8
    assert read_none_or_whole(2) == 2
    assert refusal(read_none_or_whole, 1) == "needs none or a whole number of at least 2, found 1"
    assert refusal(read_none_or_whole, "eight") == 'needs none or a whole number of at least 2, found "eight"'


def test_a_public_url_is_http_or_https_only():
    assert read_url(" https://example.org/open/ ") == "https://example.org/open/"
    assert read_url("http://ab.org") == "http://ab.org"
    for bad in ("javascript:alert(1)", "file:///etc/passwd", "https://a b.org/x", "http://a.b", "example.org/open"):
        assert refusal(read_url, bad) == f'needs a web address beginning with https://, found "{bad}"'


# --- hints and allowed values ----------------------------------------------------------------------------------


def test_each_kind_has_its_hint():
    assert ALLOW.hint == "Type Yes or No."
    assert TEAMS.hint == "Pick one of: always, never."
    assert BEST_OF.hint == "Type a whole number (at least 1)."
    assert BYE_GAMES.hint == "Type a whole number from 1 to 3."
    assert SIGNED.hint == "Type a whole number."
    assert FLOOR.hint == "Type a number, e.g. 1/3 or 0.5."
    assert Option("x", "X", MEAN, "", kind="mean_or_number").hint == "Type mean, or a number such as 0 or 25."
    assert Option("x", "X", 0, "", kind="none_or_whole").hint == "Type none, or a number of players such as 8."
    assert Option("x", "X", "", "", kind="url").hint.startswith("Type the web address where the round's reports")
    assert Option("x", "X", "", "", kind="text").hint == ""


def test_each_kind_lists_the_values_it_takes():
    assert ALLOW.allowed == "Yes | No"
    assert TEAMS.allowed == "always | never"
    assert BEST_OF.allowed == "a whole number of at least 1"
    assert BYE_GAMES.allowed == "a whole number from 1 to 3"
    assert SIGNED.allowed == "a whole number"
    assert FLOOR.allowed == "a number of at least 0"
    assert Option("x", "X", 0, "", kind="none_or_whole").allowed == "none, or a whole number of at least 2"
    assert Option("x", "X", "", "", kind="text").allowed == "text"
    assert Option("x", "X", "", "", kind="url").allowed == "a web address (https://…)"


# --- writing ---------------------------------------------------------------------------------------------------


def test_cell_values_as_init_writes_them():
    assert ALLOW.cell_value(True) == "Yes" and ALLOW.cell_value(False) == "No"
    assert FLOOR.cell_value(F(1, 3)) == "1/3"
    assert FLOOR.cell_value(F(1, 2)) == 0.5
    assert Option("x", "X", 0, "", kind="none_or_whole").cell_value(0) == NONE == "none"
    assert Option("x", "X", 0, "", kind="none_or_whole").cell_value(8) == 8
    assert BEST_OF.cell_value(3) == 3


def test_fraction_cell_keeps_whole_and_finite_decimals_as_numbers():
    assert fraction_cell(F(3)) == 3 and type(fraction_cell(F(3))) is int
    assert fraction_cell(F(33, 100)) == 0.33 and type(fraction_cell(F(33, 100))) is float
    assert fraction_cell(F(-5, 4)) == -1.25
    assert fraction_cell(F(1, 3)) == "1/3"
    assert fraction_cell(F(7, 6)) == "7/6"


@settings(deadline=None)
@given(st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**6))
def test_a_fraction_that_is_not_a_finite_decimal_is_written_as_text_that_reads_back(value):
    written = fraction_cell(value)
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        assert isinstance(written, str)
        assert as_number(written) == value
    else:
        assert isinstance(written, (int, float))


@settings(deadline=None)
@given(st.integers(min_value=-999_999_999, max_value=999_999_999), st.integers(min_value=0, max_value=6))
def test_a_short_decimal_is_written_as_a_number_that_reads_back(units, places):
    value = F(units, 10**places)
    written = fraction_cell(value)
    assert isinstance(written, int if value.denominator == 1 else float)
    assert as_number(written) == value


# --- matching and listing --------------------------------------------------------------------------------------


def test_labels_match_in_any_case_with_spaces_folded():
    assert normal("  Points  for A WIN ") == "points for a win"
    assert normal(None) == ""
    assert set(option_by_label((BEST_OF, ALLOW))) == {"best of", "allow rematches"}


def test_distinct_keeps_each_key_once_in_its_first_place():
    other_best_of = Option("best_of", "Best of", 5, "Another reader's declaration.")
    assert distinct((BEST_OF, ALLOW, other_best_of, TEAMS)) == (BEST_OF, ALLOW, TEAMS)


def test_event_options_in_the_order_init_writes_them():
    assert event_options((BEST_OF,)) == COMMON_OPTIONS + (BEST_OF,) + HALL_OPTIONS + SOFT_SCORE_OPTIONS + TEAM_OPTIONS \
        + (NAMES_SORTED_BY, CODES_ON_PAIRINGS)  # written last (issues 31, 30): no earlier row moves
    assert [o.label for o in COMMON_OPTIONS[:6]] == ["Format version", "Ruleset", "Rounds", "Event name", "Date",
                                                    "Random seed"]
    assert COMMON_OPTIONS[0].default == FORMAT_VERSION == 1
    assert [o.key for o in COMMON_OPTIONS if o.required] == ["ruleset", "rounds", "seed"]


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_every_ruleset_declares_each_setting_once(name):
    options = event_options(get_ruleset(name).game.all_options)
    keys = [option.key for option in options]
    labels = [normal(option.label) for option in options]
    assert len(set(keys)) == len(keys)
    assert len(set(labels)) == len(labels)  # a label twice would make one row read as two settings
