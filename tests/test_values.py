"""values.py: how one cell is read the way a TO typed it (§2: numbers typed as text are accepted), and how a
value is shown in a message that finishes "… found X"."""

from __future__ import annotations

import datetime
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.model.values import (LARGEST_WHOLE, BadValue, MatchScore, as_choice, as_games_won, as_number, as_text,
                                as_whole_number, as_yes_no, clean_text, is_blank, look_alike_digit, shown)

DATE_ADVICE = "format the column as Text and type it again)"


def message(read, *args) -> str:
    with pytest.raises(BadValue) as refused:
        read(*args)
    return str(refused.value)


# --- clean text ------------------------------------------------------------------------------------------------


def test_clean_text_folds_spaces_and_drops_invisible_characters():
    assert clean_text("  Ann   Lee ") == "Ann Lee"
    assert clean_text("\u00a0Ann\u200b Lee\ufeff") == "Ann Lee"  # no-break space, zero-width space, BOM
    assert clean_text("Ａｎｎ") == "Ann"  # fullwidth letters fold to what a person reads


def test_blank_is_none_or_text_with_nothing_visible():
    assert [is_blank(raw) for raw in (None, "", "   ", "\u200b", "\u00a0")] == [True] * 5
    assert [is_blank(raw) for raw in (0, 0.0, "0", False)] == [False] * 4


def test_as_text_shows_whole_floats_without_a_decimal_point():
    assert as_text(None) == ""
    assert as_text(12.0) == "12"
    assert as_text(2.5) == "2.5"
    assert as_text("  Table\u00a012 ") == "Table 12"


# --- shown: how a value appears in a message -------------------------------------------------------------------


def test_shown_quotes_text_and_prints_numbers_plain():
    assert shown("abc") == '"abc"'
    assert shown(3.0) == "3"
    assert shown(2.5) == "2.5"
    assert shown(7) == "7"
    assert shown(10**15) == "1e+15"


def test_shown_cuts_long_text_to_forty_characters():
    assert shown("x" * 40) == '"' + "x" * 40 + '"'
    assert shown("x" * 41) == '"' + "x" * 37 + '…"'


def test_shown_writes_dates_and_times_as_people_do():
    assert shown(datetime.date(2026, 3, 2)) == "the date 2 March 2026"
    assert shown(datetime.datetime(2026, 3, 2)) == "the date 2 March 2026"
    assert shown(datetime.datetime(2026, 12, 25, 14, 5)) == "the date and time 25 December 2026 14:05"
    assert shown(datetime.time(9, 5)) == "the time 09:05"
    assert shown(datetime.time(9, 5, 7)) == "the time 09:05:07"
    assert shown(datetime.timedelta(hours=1)) == "the duration 1:00:00"


# --- whole numbers ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", [3, 3.0, "3", " 3 ", "3.0", "+3", "３", "\u00a03\u200b"])
def test_a_whole_number_is_read_from_a_number_or_text(raw):
    assert as_whole_number(raw) == 3
    assert type(as_whole_number(raw)) is int


@pytest.mark.parametrize("raw, found", [(2.5, "2.5"), ("2.5", '"2.5"'), ("three", '"three"'), (True, "True"),
                                        ("inf", '"inf"'), ("nan", '"nan"'), (float("inf"), "inf")])
def test_anything_else_needs_a_whole_number(raw, found):
    assert message(as_whole_number, raw) == f"needs a whole number, found {found}"


def test_whole_number_bounds_are_named_in_the_message():
    assert message(as_whole_number, -1) == "needs a whole number of at least 0, found -1"
    assert message(as_whole_number, "0", 1) == 'needs a whole number of at least 1, found "0"'
    assert message(as_whole_number, 4, 1, 3) == "needs a whole number of at most 3, found 4"
    assert message(as_whole_number, LARGEST_WHOLE + 1) == "needs a whole number of at most 999999999, found 1000000000"
    assert as_whole_number(LARGEST_WHOLE) == 999_999_999
    assert as_whole_number(-5, None) == -5  # no minimum


def test_text_longer_than_a_number_is_refused_without_being_parsed():
    assert message(as_whole_number, "1" * 41) == 'needs a whole number, found "' + "1" * 37 + '…"'


@pytest.mark.parametrize("raw, made", [(datetime.date(2026, 2, 1), "a date"), (datetime.time(2, 1), "a time"),
                                       (datetime.timedelta(minutes=3), "a time")])
def test_a_date_or_time_in_a_number_cell_says_the_spreadsheet_made_it(raw, made):
    text = message(as_whole_number, raw)
    assert text == (f"needs a whole number, found {shown(raw)} (the spreadsheet turned what was typed into {made}: "
                    + DATE_ADVICE)


@pytest.mark.parametrize("raw, name", [("²", "a superscript two"), ("½", "a vulgar fraction one half"),
                                       ("①", "a circled digit one"), ("٣", "an arabic-indic digit three"),
                                       ("𝟐", "a mathematical bold digit two")])
def test_digit_look_alikes_are_refused_by_name(raw, name):
    assert message(as_whole_number, raw) == (f'needs a whole number in the digits 0-9, found "{raw}" ("{raw}" is '
                                             f'{name}, not a digit)')
    assert look_alike_digit(raw) == raw


def test_fullwidth_and_ascii_digits_are_not_look_alikes():
    assert look_alike_digit("１２") is None
    assert look_alike_digit("12") is None
    assert look_alike_digit("Table ²") == "²"


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=LARGEST_WHOLE))
def test_any_whole_number_typed_as_text_reads_back(number):
    assert as_whole_number(str(number)) == number
    assert as_whole_number(f" {number} ") == number
    assert as_whole_number(float(number)) == number


# --- games won -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["2-1", "2–1", "2:1", "2 - 1", "2\u22121"])
def test_a_match_score_from_this_rows_side(typed):
    score = as_games_won(typed)
    assert isinstance(score, MatchScore)
    assert (int(score), score.opponent, score.drawn, score.typed) == (2, 1, None, typed)


def test_a_match_score_with_drawn_games_is_won_lost_drawn():
    score = as_games_won("2-1-1")
    assert (int(score), score.opponent, score.drawn) == (2, 1, 1)


def test_games_won_as_a_plain_number_is_a_whole_number():
    assert as_games_won("2") == 2 and not isinstance(as_games_won("2"), MatchScore)
    assert message(as_games_won, "2-1-1-1") == 'needs a whole number, found "2-1-1-1"'


def test_a_typed_two_one_turned_into_a_date_is_refused():
    assert message(as_games_won, datetime.date(2026, 2, 1)) == (
        "needs a whole number, found the date 1 February 2026 (the spreadsheet turned what was typed into a date: "
        + DATE_ADVICE)


# --- exact numbers ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw, value", [(0.1, F(1, 10)), ("0.1", F(1, 10)), ("0,5", F(1, 2)), ("1/3", F(1, 3)),
                                        (".5", F(1, 2)), ("-2", F(-2)), (7, F(7)), (F(2, 3), F(2, 3)),
                                        ("３", F(3))])
def test_a_number_is_read_exactly_as_the_decimal_it_shows(raw, value):
    assert as_number(raw) == value
    assert isinstance(as_number(raw), F)


@pytest.mark.parametrize("raw, found", [("1e5", '"1e5"'), ("1/0", '"1/0"'), ("abc", '"abc"'), (True, "True"),
                                        (float("nan"), "nan"), ("1.000,5", '"1.000,5"')])
def test_anything_else_needs_a_number(raw, found):
    assert message(as_number, raw) == f"needs a number, found {found}"


def test_number_bounds():
    assert message(as_number, 10**9) == "needs a number of at most 999999999, found 1000000000"
    assert message(as_number, "-1", F(0)) == 'needs a number of at least 0, found "-1"'
    assert message(as_number, "½") == ('needs a number in the digits 0-9, found "½" ("½" is a vulgar fraction one '
                                       'half, not a digit)')


@settings(deadline=None)
@given(st.integers(min_value=-1000, max_value=1000), st.integers(min_value=1, max_value=1000))
def test_a_fraction_typed_as_text_reads_back_exactly(numerator, denominator):
    assert as_number(f"{numerator}/{denominator}") == F(numerator, denominator)


# --- yes/no and choices ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["yes", "Y", "TRUE", "x", "1", 1, 1.0, True])
def test_yes_in_its_spellings(raw):
    assert as_yes_no(raw) is True


@pytest.mark.parametrize("raw", ["No", "n", "false", "0", "", None, 0])
def test_no_in_its_spellings_and_blank(raw):
    assert as_yes_no(raw) is False


def test_anything_else_needs_yes_or_no():
    assert message(as_yes_no, "maybe") == 'needs Yes or No, found "maybe"'
    assert message(as_yes_no, 2) == "needs Yes or No, found 2"


def test_a_choice_is_matched_in_any_case_and_returned_as_declared():
    assert as_choice(" round 1 ONLY ", ("always", "round 1 only", "never")) == "round 1 only"
    assert as_choice("won", ("W", "L", "D"), (("Won", "W"),)) == "W"
    assert message(as_choice, "X", ("W", "L", "D")) == 'needs one of W, L, D, found "X"'


@pytest.mark.parametrize("raw, said, hint", [
    ("1,000", 'is "1,000", which is 1000 in some countries and 1 in others', "Type 1000 or 1."),
    ("12,500", 'is "12,500", which is 12500 in some countries and 12.5 in others', "Type 12500 or 12.5."),
    ("-7,050", 'is "-7,050", which is -7050 in some countries and -7.05 in others', "Type -7050 or -7.05."),
])
def test_a_comma_before_three_digits_is_refused_with_both_readings(raw, said, hint):
    """A thousands separator or a decimal comma: which was meant cannot be told, and one reading is a thousand times
    the other."""
    with pytest.raises(BadValue) as refused:
        as_number(raw)
    assert (str(refused.value), refused.value.hint) == (said, hint)


@pytest.mark.parametrize("raw, value", [("2,5", F(5, 2)), ("0,333", F(333, 1000)), ("1,00", F(1)), ("1,0000", F(1)),
                                        ("1000", F(1000)), ("1.000", F(1)), (1000, F(1000))])
def test_a_decimal_comma_that_cannot_be_a_thousands_separator_is_read(raw, value):
    assert as_number(raw) == value
