"""ndc-diplomacy's other board scoring systems (SPEC §3, issue 21), each against its published definition.

Each system reproduces at least two published worked boards number for number,
the source named beside it: a system's own pages, real games published with
their scores, or the worked boards in the tests of the Diplomacy Tournament
Visualiser (github.com/UEWBot/dipvis, visualiser/tournament/game_scoring/
test_*.py; "the Visualiser" below). A board worked by hand from the rule text
says so, quoting the rule. Where a published figure and the rule text disagree,
the test follows the text and says why.

Published boards that name no elimination year get one of ours (the board's
end year or earlier) where the system does not read it; the comment says so.
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import openpyxl
import pytest
from builder import make_event

from sheetrunner.pairing.boards import POWERS
from sheetrunner.rulesets import all_rulesets
from sheetrunner.rulesets.diplomacy_scoring import (PowerResult, c_diplo_80, c_diplo_100, carnage, carnage_2023,
                                                    carnage_centre_count, carnage_dead_equal, sum_of_squares)
from sheetrunner.rulesets.diplomacy_systems import (SYSTEMS, bangkok_2020, calhamer_draw, compute_board, draw_size,
                                                    manorcon, tribute)

RULESETS = all_rulesets()

NEW_SYSTEMS = ("c-diplo-80", "carnage-dead-equal", "carnage-2023", "carnage-centre-count", "draw-size",
               "calhamer-draw", "tribute", "manorcon", "bangkok-2020")
HEADERS = ["Board", "Power", "ID", "Player", "Centres", "Eliminated", "Result", "Yellow cards", "End year", "Note"]


def board(centres: dict, eliminated: dict = (), solo: str = "", draw: str = "") -> list[PowerResult]:
    """Powers by initial (A E F G I R T, player ids 1 to 7): centres of survivors, elimination years of the rest."""
    eliminated = dict(eliminated)
    return [PowerResult(i, power, centres.get(power[0], 0), eliminated.get(power[0]), power[0] == solo,
                        power[0] in draw) for i, power in enumerate(POWERS, start=1)]


def by_power(points: dict) -> dict:
    """Exact points keyed by power initial."""
    return {POWERS[pid - 1][0]: value for pid, value in points.items()}


# Carnage ---------------------------------------------------------------------------------------------------------
# webDiplomacy, "A note about scoring" (https://www.webdiplomacy.net/forum.php?page-thread=1&threadID=1325258),
# also on https://liberty-cup.com/scoring-schedule/: three worked boards.

def test_carnage_published_solo_takes_28034():
    """Russia 18 (solo), Turkey 3, France 6, Germany 4, England 3, Italy and Austria eliminated: 28,034 and 0s."""
    points = by_power(carnage(board({"R": 18, "T": 3, "F": 6, "G": 4, "E": 3}, {"I": 1906, "A": 1904}, solo="R"),
                              1908))
    assert points == {"A": 0, "E": 0, "F": 0, "G": 0, "I": 0, "R": 28034, "T": 0}


def test_carnage_published_draw_ranks_eliminated_powers_by_when_they_fell():
    """Russia 14, Turkey 7, France 6, Germany 4, England 3, Italy 0 (eliminated 2nd), Austria 0 (1st)."""
    points = by_power(carnage(board({"R": 14, "T": 7, "F": 6, "G": 4, "E": 3}, {"I": 1906, "A": 1904}), 1908))
    assert points == {"R": 7014, "T": 6007, "F": 5006, "G": 4004, "E": 3003, "I": 2000, "A": 1000}


def test_carnage_published_tie_at_the_top_splits_first_and_second():
    """England 8 and Russia 8 each (7000 + 6000) / 2 + 8 = 6508; France 7, Turkey 6, Italy 4, Austria 1, Germany 0."""
    points = by_power(carnage(board({"E": 8, "R": 8, "F": 7, "T": 6, "I": 4, "A": 1}, {"G": 1907}), 1908))
    assert points == {"E": 6508, "R": 6508, "F": 5007, "T": 4006, "I": 3004, "A": 2001, "G": 1000}


def test_carnage_visualiser_board_two_eliminated_in_one_year_share_their_ranks():
    """The Visualiser, test_carnage.py ("Carnage with elimination order", the eliminations board): Germany 17,
    Turkey 7, England 5, Russia 5; Austria out 1904, France and Italy 1906 (end 1906). 7017, 6007,
    (5000 + 4000) / 2 + 5 = 4505 twice; France and Italy, out in the same year, share 5th and 6th,
    (3000 + 2000) / 2 = 2500; Austria, out first, 7th: 1000."""
    points = by_power(carnage(board({"G": 17, "T": 7, "E": 5, "R": 5}, {"A": 1904, "F": 1906, "I": 1906}), 1906))
    assert points == {"G": 7017, "T": 6007, "E": 4505, "R": 4505, "F": 2500, "I": 2500, "A": 1000}
    assert sum(points.values()) == 28034


def test_carnage_dead_equal_shares_the_bottom_ranks_among_the_eliminated():
    """Worked by hand from the definition (the Visualiser: "Eliminated powers all split position points") on
    webDiplomacy's second board:
    Italy and Austria, eliminated in different years, tie for 6th and 7th: (2000 + 1000) / 2 = 1500 each;
    the survivors score as in plain Carnage."""
    points = by_power(carnage_dead_equal(board({"R": 14, "T": 7, "F": 6, "G": 4, "E": 3}, {"I": 1906, "A": 1904}),
                                         1908))
    assert points == {"R": 7014, "T": 6007, "F": 5006, "G": 4004, "E": 3003, "I": 1500, "A": 1500}


def test_carnage_dead_equal_visualiser_three_eliminated_and_a_solo():
    """Published: the Visualiser, test_carnage.py, "Carnage with dead equal" eliminations and solo boards.
    Germany 17, Turkey 7, England 5, Russia 5; Austria out 1904, France and Italy 1906: 7017, 6007,
    (5000 + 4000) / 2 + 5 = 4505 twice, and (3000 + 2000 + 1000) / 3 = 2000 for each eliminated power.
    Germany 18 in 1907 (England 4, Russia 5, Turkey 7 alive): 28034, every other power 0."""
    eliminated = {"A": 1904, "F": 1906, "I": 1906}
    points = by_power(carnage_dead_equal(board({"G": 17, "T": 7, "E": 5, "R": 5}, eliminated), 1906))
    assert points == {"G": 7017, "T": 6007, "E": 4505, "R": 4505, "A": 2000, "F": 2000, "I": 2000}
    solo = by_power(carnage_dead_equal(board({"G": 18, "T": 7, "E": 4, "R": 5}, eliminated, solo="G"), 1907))
    assert solo == {"G": 28034, "T": 0, "E": 0, "R": 0, "A": 0, "F": 0, "I": 0}


SEVEN_ALIVE = {"A": 5, "E": 4, "F": 5, "G": 5, "I": 4, "R": 5, "T": 4}  # the Visualiser's 1901 board, 2 neutral


def test_carnage_dead_equal_and_2023_visualiser_seven_survivors_four_tied_on_top():
    """Published: the Visualiser, test_carnage.py, the "simple" board of each Carnage system: five centres for
    Austria, France, Germany, Russia, four for England, Italy, Turkey, nobody out (1901). The four 5s share
    1st to 4th, (7000 + 6000 + 5000 + 4000) / 4 + 5 = 5505; the three 4s share 5th to 7th, 6000 / 3 + 4 = 2004.
    A shared top earns no Carnage 2023 lead bonus; the board adds up to 28034 less the 2 neutral centres."""
    for system in (carnage, carnage_dead_equal, carnage_2023):
        points = by_power(system(board(SEVEN_ALIVE), 1901))
        assert points == {"A": 5505, "E": 2004, "F": 5505, "G": 5505, "I": 2004, "R": 5505, "T": 2004}
        assert sum(points.values()) == 28034 - 2


def test_carnage_2023_lone_topper_adds_300_per_centre_of_lead():
    """Boston Massacre's Carnhik rule (https://sites.google.com/site/bostonmassacrediplomacy/scoring): "if the top
    player has 12 centers and the next player has 9 centers, they get an extra 900 points". Board built around
    it: Austria 12 → 7000 + 12 + 3 × 300 = 7912; the rest score plain Carnage."""
    points = by_power(carnage_2023(board({"A": 12, "E": 9, "F": 6, "G": 4, "I": 3}, {"R": 1905, "T": 1903}), 1908))
    assert points == {"A": 7912, "E": 6009, "F": 5006, "G": 4004, "I": 3003, "R": 2000, "T": 1000}


def test_carnage_2023_visualiser_board_lead_of_ten_centres():
    """Published: the Visualiser, test_carnage.py, "Carnage 2023" eliminations board: Germany 17 leads Turkey 7
    by 10 → 7000 + 17 + 10 × 300 = 10017; the rest as plain Carnage (elimination order): 6007, 4505, 4505,
    France and Italy (out 1906) 2500 each, Austria (out 1904) 1000. A solo on the same board (Germany 18,
    1907) scores 28034 and 0s."""
    eliminated = {"A": 1904, "F": 1906, "I": 1906}
    points = by_power(carnage_2023(board({"G": 17, "T": 7, "E": 5, "R": 5}, eliminated), 1906))
    assert points == {"G": 10017, "T": 6007, "E": 4505, "R": 4505, "F": 2500, "I": 2500, "A": 1000}
    solo = by_power(carnage_2023(board({"G": 18, "T": 7, "E": 4, "R": 5}, eliminated, solo="G"), 1907))
    assert solo == {"G": 28034, "T": 0, "E": 0, "R": 0, "A": 0, "F": 0, "I": 0}


def test_carnage_2023_no_bonus_for_a_shared_top_nor_a_solo():
    """"If there is a tie for board-top, there are no extra points" (webDiplomacy's third board, unchanged), and a
    solo stays 28034."""
    shared = by_power(carnage_2023(board({"E": 8, "R": 8, "F": 7, "T": 6, "I": 4, "A": 1}, {"G": 1907}), 1908))
    assert shared == {"E": 6508, "R": 6508, "F": 5007, "T": 4006, "I": 3004, "A": 2001, "G": 1000}
    solo = by_power(carnage_2023(board({"R": 18, "T": 3, "F": 6, "G": 4, "E": 3}, {"I": 1906, "A": 1904}, solo="R"),
                                 1908))
    assert solo["R"] == 28034 and sum(solo.values()) == 28034


def test_centre_count_carnage_example_1():
    """The system document's example 1 (kept in the Visualiser's test_carnage.py): Austria 11, England 10, France
    8, Germany 2, Italy 2, Russia 1, Turkey eliminated 1904: 500 per centre + 7007 … 1001, Germany and Italy
    sharing (4004 + 3003) / 2."""
    points = by_power(carnage_centre_count(board({"A": 11, "E": 10, "F": 8, "G": 2, "I": 2, "R": 1}, {"T": 1904}),
                                           1908))
    assert points == {"A": 11 * 500 + 7007, "E": 10 * 500 + 6006, "F": 8 * 500 + 5005,
                      "G": 2 * 500 + F(4004 + 3003, 2), "I": 2 * 500 + F(4004 + 3003, 2), "R": 500 + 2002,
                      "T": 1001}


def test_centre_count_carnage_example_2_and_a_solo():
    """Example 2: Austria 13, England 7, France 5, Germany 5, Italy 4, Russia out 1905, Turkey out 1904. A solo
    (worked by hand from the Visualiser's definition, "If any power soloed, they get 39028 points and all
    others get 1000"; no published board): 39028 for the winner, 1000 for every other power."""
    points = by_power(carnage_centre_count(board({"A": 13, "E": 7, "F": 5, "G": 5, "I": 4}, {"R": 1905, "T": 1904}),
                                           1908))
    assert points == {"A": 13 * 500 + 7007, "E": 7 * 500 + 6006, "F": 5 * 500 + F(5005 + 4004, 2),
                      "G": 5 * 500 + F(5005 + 4004, 2), "I": 4 * 500 + 3003, "R": 2002, "T": 1001}
    solo = by_power(carnage_centre_count(board({"A": 18, "E": 7, "F": 5, "G": 4}, {"R": 1905, "T": 1904}, solo="A"),
                                         1908))
    assert solo == {"A": 39028, "E": 1000, "F": 1000, "G": 1000, "I": 1000, "R": 1000, "T": 1000}


# Sum of squares (one of the original four) ------------------------------------------------------------------------

def rounded(points: dict, places: int) -> dict:
    return {power: round(float(value), places) for power, value in points.items()}


def test_sum_of_squares_the_embassy_playdiplomacy_game():
    """Published: The Embassy, "Tournament Scoring - Part 4: Supply Centre Scoring",
    https://theembassydip.blogspot.com/2020/03/tournament-scoring-part-4-supply-centre.html, a real Playdiplomacy
    game: England 12, Russia 9, Turkey 8, Italy 5; France, Germany, Austria eliminated. Game score 314; England
    45.86, Russia 25.8, Turkey 20.38, Italy 7.96. (No elimination years given; Sum of squares reads none.)"""
    points = by_power(sum_of_squares(board({"E": 12, "R": 9, "T": 8, "I": 5}, {p: 1906 for p in "AFG"}), 1908))
    assert points == {"A": 0, "E": F(14400, 314), "F": 0, "G": 0, "I": F(2500, 314), "R": F(8100, 314),
                      "T": F(6400, 314)}
    assert rounded(points, 2) == {"A": 0, "E": 45.86, "F": 0, "G": 0, "I": 7.96, "R": 25.8, "T": 20.38}


def test_sum_of_squares_webdiplomacy_examples_shared_top_and_elimination():
    """Published: webDiplomacy forum, https://www.webdiplomacy.net/forum.php?threadID=1335078 ("Sum-Of-Squares"):
    England 8, Russia 8, France 7, Turkey 6, Italy 4, Austria 1, Germany 0 → 27.83, 27.83, 21.3, 15.65, 6.96,
    0.43, 0; "a score of 16 SC against a 9 SC and 9 SC power would give you ... 61.24", "16 SC against the other
    6 powers each having 3 SC ... 82.58"; and 12, 10, 8, 4 of a 210-point pot: "= 93" (100-point board: 144 /
    324). Germany's elimination year is not given (ours 1907, as on the Carnage note's board)."""
    shared = by_power(sum_of_squares(board({"E": 8, "R": 8, "F": 7, "T": 6, "I": 4, "A": 1}, {"G": 1907}), 1908))
    assert rounded(shared, 2) == {"E": 27.83, "R": 27.83, "F": 21.3, "T": 15.65, "I": 6.96, "A": 0.43, "G": 0}
    assert shared["E"] == shared["R"] == F(6400, 230)
    three = by_power(sum_of_squares(board({"R": 16, "T": 9, "A": 9}, {p: 1907 for p in "EFGI"}), 1908))
    assert round(float(three["R"]), 2) == 61.24
    seven = by_power(sum_of_squares(board({"R": 16, **{p: 3 for p in "AEFGIT"}}), 1908))
    assert round(float(seven["R"]), 2) == 82.58
    four = by_power(sum_of_squares(board({"E": 12, "R": 10, "F": 8, "T": 4}, {p: 1907 for p in "AGI"}), 1908))
    assert four["E"] == F(14400, 324) and round(float(four["E"] * F(210, 100))) == 93


def test_sum_of_squares_windy_city_weasels_game_335_three_way_top():
    """Published: Windy City Weasels, Game No. 335 (Ides of March 2017, ended by time limit after Fall 1907),
    http://windycityweasels.org/index.php?option=com_k2&view=itemlist&layout=category&task=category&id=53&Itemid=101
    ("Toga party of three"; the club scored by Sum of Squares): Austria 7 → 16.781; France, Germany, Italy 9 →
    27.740 each; England, Russia, Turkey 0 → 0.000. Σ = 49 + 3 × 81 = 292. (No elimination years given.)"""
    points = by_power(sum_of_squares(board({"A": 7, "F": 9, "G": 9, "I": 9}, {p: 1907 for p in "ERT"}), 1907))
    assert {p: f"{float(v):.3f}" for p, v in points.items()} == {
        "A": "16.781", "E": "0.000", "F": "27.740", "G": "27.740", "I": "27.740", "R": "0.000", "T": "0.000"}
    assert points["F"] == F(8100, 292)


def test_sum_of_squares_solo_takes_100():
    """The World Diplomacy Wiki and the Windy City Weasels' rule: "The winning player will score 100 points. All
    losing players will score zero"; the Visualiser's solo board (test_sum_of_squares.py): Germany 18, 1907."""
    solo = by_power(sum_of_squares(board({"G": 18, "T": 7, "E": 4, "R": 5}, {"A": 1904, "F": 1906, "I": 1906},
                                         solo="G"), 1907))
    assert solo == {"A": 0, "E": 0, "F": 0, "G": 100, "I": 0, "R": 0, "T": 0}


# C-Diplo ---------------------------------------------------------------------------------------------------------

def test_c_diplo_100_reproduces_the_world_diplomacy_database_examples():
    """WDD, C-Diplo 100 (https://world-diplomacy-database.com/php/scoring/scoring_class.php?id_scoring=5): France 9
    → 1 + 9 + 38 = 48, Germany and Italy 7 → 1 + 7 + (14 + 7) / 2 = 18.5, England 0 → 1; and the second board."""
    first = by_power(c_diplo_100(board({"A": 4, "F": 9, "G": 7, "I": 7, "R": 3, "T": 4}, {"E": 1906}), 1908))
    assert first == {"A": 5, "E": 1, "F": 48, "G": F(37, 2), "I": F(37, 2), "R": 4, "T": 5}
    second = by_power(c_diplo_100(board({"A": 5, "E": 9, "F": 4, "G": 5, "I": 3, "R": 1, "T": 7}), 1908))
    assert second == {"A": F(19, 2), "E": 48, "F": 5, "G": F(19, 2), "I": 4, "R": 2, "T": 22}


def test_c_diplo_80_visualiser_boards():
    """Published: the Visualiser, test_cdiplo.py, "CDiplo 80" (solo 80, no participation point, 25 / 14 / 7):
    seven survivors, four on 5 centres sharing 1st to 4th, (25 + 14 + 7 + 0) / 4 + 5 = 16.5 each, three on 4
    scoring their centres only, the board 80 less its 2 neutral centres = 78; and Germany's solo (18 in 1907;
    Austria, France, Italy out): 80, every other power 0."""
    points = by_power(c_diplo_80(board(SEVEN_ALIVE), 1901))
    assert points == {"A": F(33, 2), "E": 4, "F": F(33, 2), "G": F(33, 2), "I": 4, "R": F(33, 2), "T": 4}
    assert sum(points.values()) == 78
    solo = by_power(c_diplo_80(board({"G": 18, "T": 7, "E": 4, "R": 5}, {"A": 1904, "F": 1906, "I": 1906},
                                     solo="G"), 1907))
    assert solo == {"A": 0, "E": 0, "F": 0, "G": 80, "I": 0, "R": 0, "T": 0}


def test_c_diplo_80_on_the_wdd_boards():
    """Worked by hand (not published) on WDD's two C-Diplo 100 boards from the Visualiser's definition (solo 80,
    no participation, 25 / 14 / 7 + 1 per centre):
    first: France 9 + 25 = 34; Germany, Italy 7 + (14 + 7) / 2 = 17.5; Austria 4, Turkey 4, Russia 3; England 0.
    second: England 9 + 25 = 34; Turkey 7 + 14 = 21; Austria, Germany 5 + 7 / 2 = 8.5; France 4, Italy 3, Russia 1.
    Each board sums to 80."""
    first = by_power(c_diplo_80(board({"A": 4, "F": 9, "G": 7, "I": 7, "R": 3, "T": 4}, {"E": 1906}), 1908))
    assert first == {"A": 4, "E": 0, "F": 34, "G": F(35, 2), "I": F(35, 2), "R": 3, "T": 4}
    second = by_power(c_diplo_80(board({"A": 5, "E": 9, "F": 4, "G": 5, "I": 3, "R": 1, "T": 7}), 1908))
    assert second == {"A": F(17, 2), "E": 34, "F": 4, "G": F(17, 2), "I": 3, "R": 1, "T": 21}
    assert sum(first.values()) == sum(second.values()) == 80


def test_c_diplo_80_solo():
    """Worked by hand from the definition ("CDiplo 80": solo 80): a solo scores 80, every other power 0."""
    points = by_power(c_diplo_80(board({"F": 18, "G": 10, "I": 6}, {"A": 1903, "E": 1904, "R": 1906, "T": 1907},
                                       solo="F"), 1909))
    assert points == {"A": 0, "E": 0, "F": 80, "G": 0, "I": 0, "R": 0, "T": 0}


# Draw size and Calhamer draw points --------------------------------------------------------------------------

def test_draw_size_visualiser_boards():
    """Published: the Visualiser, test_draw_size.py ("Draw size": 100 points). Its 1901 board of seven
    survivors (Austria, France, Germany, Russia 5; England, Italy, Turkey 4) scores 100 / 7 each whether no draw
    is recorded or all seven are; a 4-way draw of Austria, England, Germany, Russia on the same board scores 25
    each and 0 for France, Italy and Turkey, though alive; with Austria out (1904; England 5, France 3,
    Germany 13, Italy 3, Russia 4, Turkey 6) and no draw recorded, the six survivors score 100 / 6 each;
    Germany's solo (18, 1907) 100 and 0s."""
    for marked in ("", "AEFGIRT"):
        assert set(draw_size(board(SEVEN_ALIVE, draw=marked), 1901).values()) == {F(100, 7)}
    four = by_power(draw_size(board(SEVEN_ALIVE, draw="AEGR"), 1901))
    assert four == {"A": 25, "E": 25, "F": 0, "G": 25, "I": 0, "R": 25, "T": 0}
    six = by_power(draw_size(board({"E": 5, "F": 3, "G": 13, "I": 3, "R": 4, "T": 6}, {"A": 1904}), 1905))
    assert six == {"A": 0, **{p: F(100, 6) for p in "EFGIRT"}}
    solo = by_power(draw_size(board({"G": 18, "T": 7, "E": 4, "R": 5}, {"A": 1904, "F": 1906, "I": 1906},
                                    solo="G"), 1907))
    assert solo == {"A": 0, "E": 0, "F": 0, "G": 100, "I": 0, "R": 0, "T": 0}


# David Norman, "Scoring Draws" (The Diplomatic Pouch, S1998R, http://www.diplom.org/DipPouch/Zine/S1998R/Norman/
# Draws.html): two real World DipCon 8 boards, published with their centre counts but not with draw-size
# scores: a 2-way draw England 17, Turkey 17, and a 6-way draw 17-6-4-3-2-2 with France on 17 and England out.
# Norman names no other power's count and no elimination year: we give the counts to Austria, Germany, Italy,
# Russia, Turkey in the order published, and 1905 to each eliminated power (neither system reads either).
NORMAN_TWO_WAY = board({"E": 17, "T": 17}, {p: 1905 for p in "AFGIR"})
NORMAN_SIX_WAY = board({"F": 17, "A": 6, "G": 4, "I": 3, "R": 2, "T": 2}, {"E": 1905})


def test_draw_size_and_calhamer_on_norman_s_world_dipcon_boards():
    """Worked by hand from the rule (The Embassy: "If you are part of the draw at the end of the game, you receive
    the points available in the game divided by the number of players in the draw"; the 1998 WDC rule Norman
    quotes: "all the players who still have pieces on the board share equally in a draw") on Norman's two
    published boards: 100 / 2 = 50 and 100 / 6 each, whatever the centres; Calhamer's 1 / 2 and 1 / 6
    (Diplomaticon, "Scoring Diplomacy 1": "a 2-way draw scored 0.5 points for each player, and the others
    scored 0", https://diplomaticon.com/2021/02/14/scoring-diplomacy-1-the-introduction-of-scoring-systems-to-
    diplomacy/)."""
    assert by_power(draw_size(NORMAN_TWO_WAY, 1910)) == {"A": 0, "E": 50, "F": 0, "G": 0, "I": 0, "R": 0, "T": 50}
    assert by_power(calhamer_draw(NORMAN_TWO_WAY, 1910)) == {"A": 0, "E": F(1, 2), "F": 0, "G": 0, "I": 0, "R": 0,
                                                             "T": F(1, 2)}
    six = by_power(draw_size(NORMAN_SIX_WAY, 1910))
    assert six == {"E": 0, **{p: F(100, 6) for p in "AFGIRT"}}
    assert by_power(calhamer_draw(NORMAN_SIX_WAY, 1910)) == {p: value / 100 for p, value in six.items()}


def test_draw_size_splits_100_among_the_draw_and_a_survivor_outside_it_scores_nothing():
    """Worked by hand from the definition (The Embassy, "Draw Size Scoring"): France 12, Germany 11, Turkey 8
    agree a three-way draw; Italy survives on 3 outside it. 100 / 3 each for the three, 0 for Italy and the
    eliminated."""
    points = by_power(draw_size(board({"F": 12, "G": 11, "T": 8, "I": 3}, {"A": 1904, "E": 1905, "R": 1906},
                                      draw="FGT"), 1908))
    assert points == {"A": 0, "E": 0, "F": F(100, 3), "G": F(100, 3), "I": 0, "R": 0, "T": F(100, 3)}


def test_draw_size_at_the_time_limit_draws_all_survivors_and_a_solo_takes_100():
    """Worked by hand: no draw marked when time is called → all four survivors draw, 25 each; a solo 100, rest 0."""
    points = by_power(draw_size(board({"F": 12, "G": 11, "T": 8, "I": 3}, {"A": 1904, "E": 1905, "R": 1906}), 1908))
    assert points == {"A": 0, "E": 0, "F": 25, "G": 25, "I": 25, "R": 0, "T": 25}
    solo = by_power(draw_size(board({"F": 18, "G": 16}, {"A": 1905}, solo="F"), 1910))
    assert solo == {"A": 0, "E": 0, "F": 100, "G": 0, "I": 0, "R": 0, "T": 0}


def test_calhamer_points_four_and_five_way_draws_and_a_solo():
    """Worked by hand from the rule text: The Embassy, "a 4-way draw would provide 0.25 points, a 5-way draw
    0.20 points"; Diplomaticon, "Calhamer Point scoring system": "Solo = 1 point. Everyone else scores 0"."""
    four = by_power(calhamer_draw(board({"F": 12, "G": 11, "T": 8, "I": 3}, {"A": 1904, "E": 1905, "R": 1906},
                                        draw="FGTI"), 1908))
    assert four == {"A": 0, "E": 0, "F": F(1, 4), "G": F(1, 4), "I": F(1, 4), "R": 0, "T": F(1, 4)}
    five = by_power(calhamer_draw(board({"F": 10, "G": 9, "T": 8, "I": 4, "E": 3}, {"A": 1904, "R": 1906}), 1908))
    assert [five[p] for p in "EFGIT"] == [F(1, 5)] * 5 and five["A"] == five["R"] == 0
    solo = by_power(calhamer_draw(board({"R": 18, "T": 16}, solo="R"), 1910))
    assert solo["R"] == 1 and sum(solo.values()) == 1


# Tribute ---------------------------------------------------------------------------------------------------------

def test_tribute_windy_city_weasels_game_398():
    """Published: Windy City Weasels, Game #398 (12 February 2020, the first game scored by Tribute, a five-way
    draw in 1905), https://windycityweasels.org/2020/03/05/sample-game-results-page-in-elementor/ ("They came to
    pay tribute"): Austria 0 and England 0 → 0.000; France 13 → 54.200; Germany 4 and Italy 4 → 10.200;
    Russia 12 → 18.200; Turkey 1 → 7.200. By the rule: share 66 / 5 = 13.2, tribute min(13.2, 13 − 6) = 7 from
    each of four payers; France 13 + 13.2 + 28 = 54.2, Russia 12 + 13.2 − 7 = 18.2. The page gives no
    elimination years (Tribute reads none); ours are 1904 and 1905."""
    points = by_power(tribute(board({"F": 13, "G": 4, "I": 4, "R": 12, "T": 1}, {"A": 1904, "E": 1905}), 1905))
    assert points == {"A": 0, "E": 0, "F": F(271, 5), "G": F(51, 5), "I": F(51, 5), "R": F(91, 5), "T": F(36, 5)}
    assert {p: f"{float(v):.3f}" for p, v in points.items()} == {
        "A": "0.000", "E": "0.000", "F": "54.200", "G": "10.200", "I": "10.200", "R": "18.200", "T": "7.200"}


def test_tribute_visualiser_boards_tied_top_and_big_leads():
    """Published: the Visualiser, test_tribute.py. Germany 8 and Turkey 8 tie on top over England 5, Russia 5,
    France 4, Italy 4 (Austria out 1904): share 66 / 6 = 11, each payer pays 8 − 6 = 2, the toppers split the 8
    collected: 8 + 11 + 4 = 23; 5 + 11 − 2 = 14; 4 + 11 − 2 = 13. Germany 13 alone (England 5, France 3, Italy
    3, Russia 4, Turkey 6; Austria out 1904): tribute 7 from five payers, 13 + 11 + 35 = 59, the others their
    centres + 4. Germany 17 over Turkey 7, England 5, Russia 5 (Austria out 1904, France and Italy 1906): share
    16.5, tribute 11 from three, 17 + 16.5 + 33 = 66.5, Turkey 12.5, England and Russia 10.5. Each board sums
    to 100."""
    tied = by_power(tribute(board({"E": 5, "F": 4, "G": 8, "I": 4, "R": 5, "T": 8}, {"A": 1904}), 1904))
    assert tied == {"A": 0, "E": 14, "F": 13, "G": 23, "I": 13, "R": 14, "T": 23}
    thirteen = by_power(tribute(board({"E": 5, "F": 3, "G": 13, "I": 3, "R": 4, "T": 6}, {"A": 1904}), 1905))
    assert thirteen == {"A": 0, "E": 9, "F": 7, "G": 59, "I": 7, "R": 8, "T": 10}
    seventeen = by_power(tribute(board({"E": 5, "G": 17, "R": 5, "T": 7}, {"A": 1904, "F": 1906, "I": 1906}), 1906))
    assert seventeen == {"A": 0, "E": F(21, 2), "F": 0, "G": F(133, 2), "I": 0, "R": F(21, 2), "T": F(25, 2)}
    assert sum(tied.values()) == sum(thirteen.values()) == sum(seventeen.values()) == 100


def test_tribute_visualiser_seven_survivors_and_solo():
    """Published: the Visualiser, test_tribute.py: seven survivors, no topper over 6 → centres + 66 / 7 each (the
    board 98 with 2 neutral centres); Germany's solo (18, 1907) → 100, every other power 0."""
    points = by_power(tribute(board(SEVEN_ALIVE), 1901))
    assert points == {p: centres + F(66, 7) for p, centres in SEVEN_ALIVE.items()}
    assert sum(points.values()) == 98
    solo = by_power(tribute(board({"G": 18, "T": 7, "E": 4, "R": 5}, {"A": 1904, "F": 1906, "I": 1906}, solo="G"),
                            1907))
    assert solo == {"A": 0, "E": 0, "F": 0, "G": 100, "I": 0, "R": 0, "T": 0}


def test_tribute_survival_share_is_66_over_the_survivors():
    """World Diplomacy Wiki's draw size table: 66 / n is 9.4 (7-way, rounded), 11, 13.2, 16.5, 22, 33. Boards with no
    board top over 6 centres, so no tribute: each survivor scores centres + 66 / n."""
    points = tribute(board({"A": 5, "E": 5, "F": 5, "G": 5, "I": 5, "R": 5, "T": 4}), 1905)
    assert round(float(points[1] - 5), 1) == 9.4
    for size, share in ((6, 11), (5, F(66, 5)), (4, F(33, 2)), (3, 22), (2, 33)):
        alive = {power[0]: 6 for power in POWERS[:size]}
        dead = {power[0]: 1905 for power in POWERS[size:]}
        assert tribute(board(alive, dead), 1908)[1] == 6 + share


def test_tribute_topper_collects_from_every_other_survivor():
    """Worked by hand from the rule text (no published Half-Tribute board was found): Turkey 10, France 8,
    England 6, Germany 5, Austria 5; Italy, Russia out. Share 66 / 5 = 13.2;
    tribute min(13.2, 10 − 6) = 4 from each of four payers. Turkey 10 + 13.2 + 16 = 39.2, France 8 + 13.2 − 4 =
    17.2, England 15.2, Germany and Austria 14.2; the board sums to 100. Half-Tribute (1/2 a point per centre):
    tribute 2: Turkey 31.2, France 19.2, England 17.2, Germany and Austria 16.2."""
    game = board({"T": 10, "F": 8, "E": 6, "G": 5, "A": 5}, {"I": 1905, "R": 1906})
    assert by_power(tribute(game, 1908)) == {"A": F(71, 5), "E": F(76, 5), "F": F(86, 5), "G": F(71, 5), "I": 0,
                                             "R": 0, "T": F(196, 5)}
    assert by_power(tribute(game, 1908, per_centre=F(1, 2))) == {"A": F(81, 5), "E": F(86, 5), "F": F(96, 5),
                                                                 "G": F(81, 5), "I": 0, "R": 0, "T": F(156, 5)}


def test_tribute_tied_toppers_split_it_and_payment_is_capped_by_the_share():
    """Worked by hand from the rule text ("Tribute paid cannot exceed the draw size score"; no published board
    reaches the cap). Austria 9 and England 9 tie on top over France 8 and Germany 8: share 16.5, each payer pays 3,
    the 6 collected split: 9 + 16.5 + 3 = 28.5 for the toppers, 8 + 16.5 − 3 = 21.5 for the others.
    Russia 17 over six survivors (Turkey 12, five on 1): share 66 / 7; tribute would be 11 but is capped at 66 / 7,
    so each payer keeps only its centres and Russia scores 17 + 66 / 7 + 6 × 66 / 7 = 83."""
    tied = by_power(tribute(board({"A": 9, "E": 9, "F": 8, "G": 8}, {"I": 1905, "R": 1906, "T": 1907}), 1908))
    assert tied == {"A": F(57, 2), "E": F(57, 2), "F": F(43, 2), "G": F(43, 2), "I": 0, "R": 0, "T": 0}
    capped = by_power(tribute(board({"R": 17, "T": 12, "A": 1, "E": 1, "F": 1, "G": 1, "I": 1}), 1910))
    assert capped == {"R": 83, "T": 12, "A": 1, "E": 1, "F": 1, "G": 1, "I": 1}


def test_tribute_solo():
    """A solo scores 100, every other power 0 (Diplomaticon, "Tribute Scoring system")."""
    points = by_power(tribute(board({"G": 18, "T": 10, "F": 6}, {"A": 1904, "E": 1905, "I": 1905, "R": 1906},
                                    solo="G"), 1908))
    assert points == {"A": 0, "E": 0, "F": 0, "G": 100, "I": 0, "R": 0, "T": 0}


# ManorCon --------------------------------------------------------------------------------------------------------
# The definition (http://diplom.org/manorcon/dipscore.htm) works no board. The Visualiser's test_manorcon.py
# works four, and its survivors' shares are reproduced here to the fraction. Its eliminated powers differ: it
# scores 0.1 × (year eliminated − 1901), e.g. 0.3 for a power out in 1904, where the definition says "0.10
# points for every year they played, including the year they were eliminated": 1901 to 1904 is four years, 0.4.
# We follow the definition. ManorCon's own published results agree with it: the 2015 tournament, "played to
# 1909, using the traditional ManorCon scoring system" (http://manorcon.org.uk/res15.htm), lists round scores
# of 0.90, which the definition gives a power out in 1909 (or alive at a 1909 solo) and which the Visualiser's
# count (at most 1909 − 1901 = 0.8) cannot reach.

def test_manorcon_visualiser_board_with_a_shared_top():
    """The Visualiser's first board: Germany 8, Turkey 8, England 5, Russia 5, France 4, Italy 4, Austria out in
    1904 (end 1904). P: 8 → 112, 5 → 61, 4 → 48, and 16 for Austria; B = 458. Survivors 100 × P / 458, as
    published; Austria 0.4 by the definition (the Visualiser: 0.3, see above)."""
    points = by_power(manorcon(board({"E": 5, "F": 4, "G": 8, "I": 4, "R": 5, "T": 8}, {"A": 1904}), 1904))
    assert points == {"A": F(4, 10), "E": F(6100, 458), "F": F(4800, 458), "G": F(11200, 458), "I": F(4800, 458),
                      "R": F(6100, 458), "T": F(11200, 458)}


def test_manorcon_visualiser_boards_one_and_three_eliminated():
    """The Visualiser's second and third boards. Germany 13, Turkey 6, England 5, Russia 4, France 3, Italy 3,
    Austria out 1904 (end 1905): P 237, 76, 61, 48, 37, 37, 16, B = 512. Germany 17, Turkey 7, England 5,
    Russia 5; Austria out 1904, France and Italy 1906 (end 1906): P 373, 93, 61, 61, 16 × 3, B = 636.
    Survivors as published; the eliminated 0.4 (1904) and 0.6 (1906) by the definition (the Visualiser: 0.3
    and 0.5)."""
    one = by_power(manorcon(board({"E": 5, "F": 3, "G": 13, "I": 3, "R": 4, "T": 6}, {"A": 1904}), 1905))
    assert one == {"A": F(4, 10), "E": F(6100, 512), "F": F(3700, 512), "G": F(23700, 512), "I": F(3700, 512),
                   "R": F(4800, 512), "T": F(7600, 512)}
    three = by_power(manorcon(board({"E": 5, "G": 17, "R": 5, "T": 7}, {"A": 1904, "F": 1906, "I": 1906}), 1906))
    assert three == {"A": F(4, 10), "E": F(6100, 636), "F": F(6, 10), "G": F(37300, 636), "I": F(6, 10),
                     "R": F(6100, 636), "T": F(9300, 636)}


def test_manorcon_visualiser_solo():
    """The Visualiser's solo: Germany 18 in 1907 scores 75 ("ManorCon") or 100 ("Original ManorCon"), as
    published. The others, by the definition ("every other player who is still alive at the end of the game,
    is scored as if they have been eliminated in the year of the solo"): England, Russia, Turkey 0.7 (1901 to
    1907), France and Italy 0.6 (out 1906), Austria 0.4 (out 1904); the Visualiser: 0.6, 0.5, 0.3."""
    game = board({"G": 18, "T": 7, "E": 4, "R": 5}, {"A": 1904, "F": 1906, "I": 1906}, solo="G")
    rest = {"A": F(4, 10), "E": F(7, 10), "F": F(6, 10), "I": F(6, 10), "R": F(7, 10), "T": F(7, 10)}
    assert by_power(manorcon(game, 1907)) == {"G": 75, **rest}
    assert by_power(manorcon(game, 1907, solo_score=F(100))) == {"G": 100, **rest}


def test_manorcon_survivors_share_by_p_and_the_eliminated_keep_a_tenth_a_year():
    """Worked by hand from http://diplom.org/manorcon/dipscore.htm (no worked board there). France 12, Germany 10,
    Italy 8, Turkey 4; Austria out 1903, England 1905, Russia 1909; end 1910.
    P = S² + 4S + 16: 208, 156, 112, 48, and 16 for each eliminated power; B = 572.
    France 100 × 208 / 572 = 400/11, Germany 300/11, Italy 2800/143, Turkey 1200/143; Austria 3 years × 0.1 = 0.3
    (1901 to 1903), England 0.5, Russia 0.9."""
    points = by_power(manorcon(board({"F": 12, "G": 10, "I": 8, "T": 4}, {"A": 1903, "E": 1905, "R": 1909}), 1910))
    assert points == {"A": F(3, 10), "E": F(1, 2), "F": F(400, 11), "G": F(300, 11), "I": F(2800, 143),
                      "R": F(9, 10), "T": F(1200, 143)}


def test_manorcon_solo_others_scored_as_eliminated_in_the_solo_year():
    """Worked by hand from the definition: France solos in 1909 → 75; Germany and Italy, alive, score as
    eliminated in 1909: 0.9 each; Austria (1903) 0.3, England (1904) 0.4, Russia (1906) 0.6, Turkey (1907) 0.7.
    The original system's 100 is the `ManorCon solo score` option."""
    game = board({"F": 18, "G": 10, "I": 6}, {"A": 1903, "E": 1904, "R": 1906, "T": 1907}, solo="F")
    assert by_power(manorcon(game, 1909)) == {"A": F(3, 10), "E": F(2, 5), "F": 75, "G": F(9, 10), "I": F(9, 10),
                                              "R": F(3, 5), "T": F(7, 10)}
    assert by_power(manorcon(game, 1909, solo_score=F(100)))["F"] == 100


# Bangkok 2020 ----------------------------------------------------------------------------------------------------
# World Diplomacy Wiki, https://world-diplomacy-wiki.fandom.com/wiki/Bangkok_2020_Scoring_System: worked domination
# bonuses for three centre counts; eliminated in 1905 → 5 years × 0.3 = 1.5.

def test_bangkok_lone_topper_takes_the_whole_domination_bonus():
    """12, 6, 6, 5, 5, 0, 0 → the 12-centre power's bonus is 12 × 3 / 3 = 12: 12 + 12 + 3 = 27; the 6s and 5s
    centres + 3; Russia out 1905 → 1.5, Turkey out 1906 → 1.8."""
    points = by_power(bangkok_2020(board({"A": 12, "E": 6, "F": 6, "G": 5, "I": 5}, {"R": 1905, "T": 1906}), 1907))
    assert points == {"A": 27, "E": 9, "F": 9, "G": 8, "I": 8, "R": F(3, 2), "T": F(9, 5)}


def test_bangkok_one_and_two_behind_share_the_bonus():
    """12, 11, 10, 1, 0, 0, 0 → bonuses 12 × 3/6 = 6, 12 × 2/6 = 4, 12 × 1/6 = 2: 12 + 6 + 3 = 21, 11 + 4 + 3 = 18,
    10 + 2 + 3 = 15, 1 + 3 = 4; eliminated in 1904, 1905, 1906 → 1.2, 1.5, 1.8."""
    points = by_power(bangkok_2020(board({"A": 12, "E": 11, "F": 10, "G": 1}, {"I": 1904, "R": 1905, "T": 1906}),
                                   1907))
    assert points == {"A": 21, "E": 18, "F": 15, "G": 4, "I": F(6, 5), "R": F(3, 2), "T": F(9, 5)}


def test_bangkok_shared_top():
    """The wiki's 12, 12, 11 illustration (35 centres: it shows the bonus, not a legal board; the scorer does not
    check totals): 12 × 3 / 8 = 4.5 for each topper, 12 × 2 / 8 = 3 for the 11."""
    points = by_power(bangkok_2020(board({"A": 12, "E": 12, "F": 11}, {"G": 1904, "I": 1905, "R": 1906, "T": 1906}),
                                   1907))
    assert [points[p] - centres - 3 for p, centres in (("A", 12), ("E", 12), ("F", 11))] == [F(9, 2), F(9, 2), 3]


def test_bangkok_visualiser_boards_shared_top_and_a_lone_topper():
    """The Visualiser, test_bangkok.py ("Bangkok": solo 41, losers 0.5 a centre, shares 3 / 2 / 1), two legal
    boards: Germany 8 and Turkey 8 share the top (12 × 3 / 6 = 6 each: 8 + 6 + 3 = 17), England and Russia 5
    and France and Italy 4 are 3 or more behind (centres + 3); Germany 17 over Turkey 7, England 5, Russia 5:
    17 + 12 + 3 = 32, the rest centres + 3. Survivors as published. Eliminated powers differ by a year: the
    Visualiser scores 0.3 × (year eliminated − 1901) (out in 1904: 0.9), the wiki's definition counts the year
    of elimination ("players eliminated in 1905 receive 5yrs x 0.3 pts/yrs = 1.5 pts"), so out in 1904 is 1.2
    and in 1906 1.8 here (the Visualiser: 0.9 and 1.5). We follow the wiki."""
    tied = by_power(bangkok_2020(board({"E": 5, "F": 4, "G": 8, "I": 4, "R": 5, "T": 8}, {"A": 1904}), 1904))
    assert tied == {"A": F(6, 5), "E": 8, "F": 7, "G": 17, "I": 7, "R": 8, "T": 17}
    lone = by_power(bangkok_2020(board({"E": 5, "G": 17, "R": 5, "T": 7}, {"A": 1904, "F": 1906, "I": 1906}), 1906))
    assert lone == {"A": F(6, 5), "E": 8, "F": F(9, 5), "G": 32, "I": F(9, 5), "R": 8, "T": 10}


def test_bangkok_solo():
    """The wiki: a solo winner always gets 41; "Other surviving players get 0,5 points/centre no DB, no SB";
    worked by hand on our board: Turkey 7 → 3.5, France 5 → 2.5, Germany 4 → 2; eliminated powers 0. The
    Visualiser's solo board (Germany 18; England 4, Russia 5, Turkey 7) scores 41, 2, 2.5, 3.5, the rest 0."""
    points = by_power(bangkok_2020(board({"R": 18, "T": 7, "F": 5, "G": 4}, {"A": 1904, "E": 1905, "I": 1906},
                                         solo="R"), 1907))
    assert points == {"A": 0, "E": 0, "F": F(5, 2), "G": 2, "I": 0, "R": 41, "T": F(7, 2)}
    visualiser = by_power(bangkok_2020(board({"G": 18, "T": 7, "E": 4, "R": 5}, {"A": 1904, "F": 1906, "I": 1906},
                                             solo="G"), 1907))
    assert visualiser == {"A": 0, "E": 2, "F": 0, "G": 41, "I": 0, "R": F(5, 2), "T": F(7, 2)}


# The option, the registry and the CLI ----------------------------------------------------------------------------

def test_every_new_system_is_a_scoring_system_choice():
    option = next(o for o in RULESETS["ndc-diplomacy"].game.options if o.key == "scoring_system")
    assert set(NEW_SYSTEMS) <= set(option.choices) == set(SYSTEMS)
    assert option.choices[0] == "ndc-1995" == option.default


def test_compute_board_passes_each_system_its_own_options():
    settings = {"tribute_survival_points": F(66), "tribute_per_centre": F(1, 2), "manorcon_solo_score": F(100)}
    game = board({"T": 10, "F": 8, "E": 6, "G": 5, "A": 5}, {"I": 1905, "R": 1906})
    assert compute_board("tribute", game, 1908, settings.get)[7] == F(156, 5)
    assert compute_board("carnage", game, 1908, settings.get)[7] == 7010


def test_rulesets_lists_the_choices(run):
    line = next(line for line in run("rulesets").stdout.splitlines() if "Scoring system" in line)
    assert all(name in line for name in NEW_SYSTEMS)
    assert all(label in run("rulesets").stdout for label in ("Tribute survival points", "Tribute per centre",
                                                               "ManorCon solo score"))


def test_init_event_sheet_drop_down_offers_every_system(tmp_path, run):
    path = tmp_path / "e.xlsx"
    assert run("init", path, "--ruleset", "ndc-diplomacy", "--seed", 1, "-q").exit_code == 0
    sheet = openpyxl.load_workbook(path)["Event"]
    row = next(cell.row for cell in sheet["A"] if cell.value == "Scoring system")
    formula = next(v.formula1 for v in sheet.data_validations.dataValidation if f"B{row}" in str(v.sqref))
    assert formula == '"' + ",".join(SYSTEMS) + '"' and len(formula) <= 255  # Excel's limit for a typed list


def event(tmp_path, lines, **settings):
    """One board of seven, P1 … P7 playing Austria … Turkey: lines are (centres, eliminated, result)."""
    rows = [[1, power, None, f"P{i}", centres, out, result, None, 1908, None]
            for i, (power, (centres, out, result)) in enumerate(zip(POWERS, lines), start=1)]
    return make_event(tmp_path / "e.xlsx", [f"P{i}" for i in range(1, 8)], [rows], ruleset="ndc-diplomacy",
                      total_rounds=1, round_headers=HEADERS, settings=settings)


HALF_TRIBUTE_BOARD = [(5, None, None), (6, None, None), (8, None, None), (5, None, None), (0, 1905, None),
                      (0, 1906, None), (10, None, None)]


def test_half_tribute_event_standings_json(tmp_path, run):
    """The hand-worked Tribute board above, as an event with `Tribute per centre` 1/2 (Half-Tribute)."""
    path = event(tmp_path, HALF_TRIBUTE_BOARD, **{"Scoring system": "tribute", "Tribute per centre": "1/2"})
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0, result.output

    def row(rank, pid, score, draw):
        return {"rank": rank, "tied": False, "id": pid, "name": f"P{pid}", "team": "", "dropped": False,
                "event_score": score, "random": draw}

    assert json.loads(result.stdout) == [
        row(1, 7, 31.2, 312991), row(2, 3, 19.2, 855171), row(3, 2, 17.2, 755083), row(4, 1, 16.2, 990283),
        row(5, 4, 16.2, 848393), row(6, 6, 0, 712101), row(7, 5, 0, 374620)]


@pytest.mark.parametrize("system, errors", [("draw-size", 0), ("calhamer-draw", 0), ("ndc-1995", 1)])
def test_only_ndc_needs_a_draw_on_equal_centres(tmp_path, run, system, errors):
    """001's equal-centres rule belongs to NDC's prospects; draw-size systems score who is in the draw."""
    lines = [(0, 1904, None), (0, 1905, None), (12, None, "Draw"), (11, None, "Draw"), (3, None, None),
             (0, 1906, None), (8, None, "Draw")]
    report = run("check", event(tmp_path, lines, **{"Scoring system": system})).stdout
    assert report.splitlines()[-1] == f"{errors} error(s), 0 warning(s)."
