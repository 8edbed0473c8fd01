"""numbers.py: exact inside, rounded only where a cell or a person reads a number."""

from __future__ import annotations

from fractions import Fraction as F

from sheetrunner.model.numbers import cell_number, shown_number


def test_whole_numbers_are_shown_plain_and_others_to_two_places():
    assert [shown_number(v) for v in (3, F(0), F(-2), F(5, 2), F(1, 3), F(2, 3), 1.005)] == [
        "3", "0", "-2", "2.50", "0.33", "0.67", "1.00"]


def test_percentages_keep_their_places_so_a_column_lines_up():
    assert [shown_number(v, percent=True) for v in (F(1), F(1, 3), F(5, 9), 0)] == [
        "100.00%", "33.33%", "55.56%", "0.00%"]
    assert shown_number(F(1, 15), percent=True, places=1) == "6.7%"  # a simulated chance


def test_nothing_to_show_is_blank():
    assert shown_number(None) == ""


def test_cells_keep_whole_numbers_whole_and_round_the_rest():
    assert cell_number(F(6, 2)) == 3 and isinstance(cell_number(F(6, 2)), int)
    assert cell_number(F(1, 3)) == 0.3333 and cell_number(F(1, 3), 6) == 0.333333
