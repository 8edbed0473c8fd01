"""Every Event setting is read as a person means it (issue 28, SPEC §7): each declared setting states its range, and
a value outside it is an error at its cell saying what the value reads as and what to type. A percentage (a floor,
a factor) is a share from 0 to 1: `33%` or `33 %` typed as text and a percent-formatted cell (which holds 0.33) are
33 %; a plain 33 would be 3300 %, so it is refused, never read."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from sheetrunner.model.options import DECLARED, PERCENT_RANGE, event_options
from sheetrunner.rulesets import RULESET_NAMES, all_rulesets
from sheetrunner.scoring.tiebreakers import TIEBREAKERS, fitting_tiebreakers
from sheetrunner.model.values import BadValue, as_percentage

SAMPLE = Path(__file__).resolve().parent.parent / "sample_events" / "swiss-card-game-32-players.xlsx"
FLOOR_CELL = "B18"  # the sample's `Match-win % floor` (1/3)
RULESETS = all_rulesets()
PERCENTAGES = sorted((option for option in DECLARED.values() if option.kind == "percent"), key=lambda o: o.key)


def sample_with_floor(tmp_path: Path, value, number_format: str = "General") -> Path:
    """The played swiss sample (3 rounds of 5) with its Match-win % floor typed as `value`."""
    path = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, path)
    book = openpyxl.load_workbook(path)
    cell = book["Event"][FLOOR_CELL]
    assert book["Event"]["A18"].value == "Match-win % floor"
    cell.value, cell.number_format = value, number_format
    book.save(path)
    return path


def standings(run, path: Path) -> list[dict]:
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def event_reading(tmp_path: Path, run, option) -> tuple[Path, int]:
    """A new workbook (`init`) of a ruleset that reads `option`, and the Event row it is typed in: a ruleset's own
    setting is written by init; a tiebreaker's is added with a Tiebreakers row that chooses it."""
    path = tmp_path / f"{option.key}.xlsx"
    owner = next((name for name, rules in RULESETS.items() if option in rules.game.all_options), None)
    chosen = ""
    if owner is None:
        owner, chosen = next((name, key) for name, rules in RULESETS.items()
                             for key in fitting_tiebreakers(rules.game.provides) if option in TIEBREAKERS[key].options)
    assert run("init", path, "--ruleset", owner, "--seed", 1).exit_code == 0
    book = openpyxl.load_workbook(path)
    sheet = book["Event"]
    labels = [row[0].value for row in sheet.iter_rows()]
    if chosen:
        sheet.cell(labels.index("Tiebreakers") + 1, 2, f"{RULESETS[owner].game.tiebreakers[0]}, {chosen}")
        sheet.append([option.label, None])
        labels.append(option.label)
    book.save(path)
    return path, labels.index(option.label) + 1


def settings_said(result) -> tuple[int, list[str], str]:
    """A `check`'s exit code, its lines about Event cells and its count of errors: the settings' own problems,
    whatever else sheetrunner warns about in the workbook (a near-miss name in Players)."""
    lines = result.stdout.splitlines()
    return result.exit_code, [line for line in lines if line.startswith("Event!")], lines[-1].split(",")[0]


def type_setting(path: Path, row: int, value) -> None:
    book = openpyxl.load_workbook(path)
    book["Event"].cell(row, 2, value)
    book.save(path)


def assert_refused_at_its_cell(tmp_path: Path, run, option, typed, said: str) -> None:
    """`option` typed as `typed` in a new workbook: `check` names its cell, the label and `said`, as its one error,
    and leaves the file as it was."""
    path, row = event_reading(tmp_path, run, option)
    type_setting(path, row, typed)
    before = path.read_bytes()
    result = run("check", path)
    assert settings_said(result) == (1, [f"Event!B{row}: {option.label} {said}"], "1 error(s)")
    assert path.read_bytes() == before


# --- the finding: 33 typed for 33 % -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", [("check",), ("standings",), ("standings", "--no-write"), ("pair",)])
def test_a_floor_typed_33_is_an_error_at_its_cell_saying_what_it_reads_as(tmp_path, run, command):
    path = sample_with_floor(tmp_path, 33)
    before = path.read_bytes()
    result = run(*command, path)
    assert result.exit_code == 1
    assert "Event!B18: Match-win % floor is 33, which reads as 3300 %. Type 33 %, 0.33 or 1/3." in \
        result.output.splitlines()
    assert path.read_bytes() == before


def test_check_lists_the_floor_typed_33_as_its_one_error(tmp_path, run):
    result = run("check", sample_with_floor(tmp_path, 33))
    assert settings_said(result) == (1, [
        "Event!B18: Match-win % floor is 33, which reads as 3300 %. Type 33 %, 0.33 or 1/3."], "1 error(s)")


@pytest.mark.parametrize("typed, message", [
    ("33", 'Match-win % floor is "33", which reads as 3300 %. Type 33 %, 0.33 or 1/3.'),
    (50, "Match-win % floor is 50, which reads as 5000 %. Type 50 % or 0.5."),
    (66.67, "Match-win % floor is 66.67, which reads as 6667 %. Type 66.67 %, 0.6667 or 2/3."),
    (150, "Match-win % floor is 150, which reads as 15000 %. Type a percentage from 0 % to 100 %, e.g. 33 % or 1/3."),
    ("150%", "Match-win % floor is 150 %, more than 100 %. Type a percentage from 0 % to 100 %, e.g. 33 % or 1/3."),
    ("-5 %", "Match-win % floor is -5 %, less than 0 %. Type a percentage from 0 % to 100 %, e.g. 33 % or 1/3."),
    ("a third %", 'Match-win % floor needs a percentage, found "a third %". Type a percentage from 0 % to 100 %, '
                  "e.g. 33 % or 1/3."),
])
def test_each_value_out_of_range_says_what_it_reads_as_and_what_to_type(tmp_path, run, typed, message):
    result = run("check", sample_with_floor(tmp_path, typed))
    assert settings_said(result) == (1, [f"Event!B18: {message}"], "1 error(s)")


# --- a percentage typed as people type one ----------------------------------------------------------------------


def test_a_floor_of_33_hundredths_is_not_the_default_third(tmp_path, run):
    """The comparisons below could not fail if 0.33 ranked this event as 1/3 does: it does not."""
    as_typed = standings(run, sample_with_floor(tmp_path, 0.33))
    assert as_typed != standings(run, SAMPLE)
    assert all(0 <= row["opponents_match_win_pct"] <= 1 for row in as_typed)


@pytest.mark.parametrize("typed", ["33%", "33 %", " 33 % ", "33\u00a0%", "３３％", "33,0%", "33,000 %"])
def test_a_percentage_typed_as_text_is_that_percentage(tmp_path, run, typed):
    (tmp_path / "decimal").mkdir()
    expected = standings(run, sample_with_floor(tmp_path / "decimal", 0.33))
    path = sample_with_floor(tmp_path, typed)
    assert settings_said(run("check", path)) == (0, [], "0 error(s)")
    assert standings(run, path) == expected


def test_a_percent_formatted_cell_is_read_as_the_percentage_it_shows(tmp_path, run):
    """Excel stores 33 % typed into a percent-formatted cell as 0.33 (calamine reads that number)."""
    (tmp_path / "decimal").mkdir()
    expected = standings(run, sample_with_floor(tmp_path / "decimal", 0.33))
    path = sample_with_floor(tmp_path, 0.33, number_format="0%")
    assert settings_said(run("check", path)) == (0, [], "0 error(s)")
    assert standings(run, path) == expected


def test_a_percent_formatted_cell_showing_3300_percent_is_refused(tmp_path, run):
    """33 typed before the cell was formatted as a percentage: Excel shows 3300 %, and so does the message."""
    result = run("check", sample_with_floor(tmp_path, 33, number_format="0%"))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == \
        "Event!B18: Match-win % floor is 33, which reads as 3300 %. Type 33 %, 0.33 or 1/3."


# --- every declared percentage, and the listing ------------------------------------------------------------------


def test_the_floors_and_factors_are_declared_as_percentages():
    """A new percentage setting declared as a plain number would escape the tests below: these four are known."""
    assert {"match_win_floor", "game_win_floor", "win_pct_floor", "partial_attendance_factor"} <= \
        {option.key for option in PERCENTAGES}


@pytest.mark.parametrize("option", PERCENTAGES, ids=lambda option: option.key)
@pytest.mark.parametrize("typed, message, hint", [
    (2, "is 2, which reads as 200 %.", "Type 2 % or 0.02."),
    (1.5, "is 1.5, which reads as 150 %.", "Type 1.5 % or 0.015."),
    ("101%", "is 101 %, more than 100 %.", "Type a percentage from 0 % to 100 %, e.g. 33 % or 1/3."),
], ids=["2", "1.5", "101%"])
def test_every_percentage_setting_refuses_a_value_above_100_percent(tmp_path, run, option, typed, message, hint):
    assert_refused_at_its_cell(tmp_path, run, option, typed, f"{message} {hint}")


@pytest.mark.parametrize("option", PERCENTAGES, ids=lambda option: option.key)
@pytest.mark.parametrize("typed, message, hint", [
    ("0.33%", "is 0.33 %, less than 1 %.", "Type 33 %, 0.33 or 1/3; 0 for none."),
    ("0,5 %", "is 0.5 %, less than 1 %.", "Type 50 % or 0.5; 0 for none."),
    (0.0033, "is 0.0033, which reads as 0.33 %, less than 1 %.", "Type 33 %, 0.33 or 1/3; 0 for none."),
], ids=["0.33%", "0,5 %", "0.0033"])
def test_every_percentage_setting_refuses_a_share_typed_with_a_percent_sign(tmp_path, run, option, typed, message,
                                                                             hint):
    """0.33 % for the MTR's 0.33 would be a floor (or factor) of a three-hundredth: no floor in practice, so the
    event would rank differently with no word of it. Below 1 % and above 0 is refused, with what was meant."""
    assert_refused_at_its_cell(tmp_path, run, option, typed, f"{message} {hint}")


@pytest.mark.parametrize("option", PERCENTAGES, ids=lambda option: option.key)
@pytest.mark.parametrize("typed", [0, 1, "100%", "0 %", "1 %", 0.01, "1/3", 0.5])
def test_every_percentage_setting_takes_0_to_100_percent(tmp_path, run, option, typed):
    path, row = event_reading(tmp_path, run, option)
    type_setting(path, row, typed)
    assert settings_said(run("check", path)) == (0, [], "0 error(s)")


@pytest.mark.parametrize("option", PERCENTAGES, ids=lambda option: option.key)
def test_the_rulesets_listing_shows_each_percentage_settings_range(run, option):
    lines = [line for line in run("rulesets").stdout.splitlines() if line.startswith(f"    {option.label} = ")]
    assert lines and all(f"  ({PERCENT_RANGE}): " in line for line in lines)
    assert PERCENT_RANGE == "0, or a percentage from 1 % to 100 %: 33 %, 0.33 or 1/3"


def test_round_minutes_typed_in_seconds_is_refused(tmp_path, run):
    path = tmp_path / "e.xlsx"
    assert run("init", path, "--ruleset", "swiss", "--seed", 1).exit_code == 0
    book = openpyxl.load_workbook(path)
    row = [cell.value for cell in book["Event"]["A"]].index("Round minutes") + 1
    book["Event"].cell(row, 2, 3000)
    book.save(path)
    result = run("check", path)
    assert settings_said(result) == (1, [
        f"Event!B{row}: Round minutes needs a whole number of at most 600, found 3000. Type a whole number from 1 to "
        "600."], "1 error(s)")
    assert "    Round minutes = 50  (a whole number from 1 to 600): " in run("rulesets").stdout


# --- init writes only what its check takes ----------------------------------------------------------------------


def init_cases() -> list[tuple[str, tuple]]:
    """Every ruleset made bare and with a roster; with the top cut each takes; and the team events."""
    cut = {"ndc-diplomacy": 7}
    cases = [(name, extra) for name in RULESET_NAMES for extra in ((), ("--players",))]
    cases += [(name, ("--players", "--top-cut", cut.get(name, 4))) for name in RULESET_NAMES]
    return cases + [(name, ("--players", "--team-size", 3)) for name in ("swiss", "swiss-tp")]


@pytest.mark.parametrize("name, extra", [pytest.param(name, extra, id=" ".join([name, *map(str, extra)]))
                                         for name, extra in init_cases()])
def test_init_never_writes_a_value_its_own_check_refuses(tmp_path, run, name, extra):
    roster = tmp_path / "roster.csv"  # 24 players in teams of three (a team event's teams; apart elsewhere)
    names = [chr(65 + i) + chr(122 - i) + "ham" for i in range(24)]  # two letters apart: no near-miss names
    roster.write_text("Name,Team\n" + "".join(f"{name},T{i // 3}\n" for i, name in enumerate(names)),
                      encoding="utf-8")
    path = tmp_path / "e.xlsx"
    options = [given for arg in extra for given in ((arg, roster) if arg == "--players" else (arg,))]
    made = run("init", path, "--ruleset", name, *options)
    assert made.exit_code == 0, made.output
    written = {row[0]: row[1] for row in openpyxl.load_workbook(path)["Event"].iter_rows(min_row=2, values_only=True)}
    assert list(written) == [option.label for option in event_options(RULESETS[name].game.all_options)]
    result = run("check", path)
    assert settings_said(result) == (0, [], "0 error(s)"), (written, result.stdout)


@pytest.mark.parametrize("option", list(DECLARED.values()), ids=lambda option: option.key)
def test_every_declared_default_reads_back_as_written(option):
    """Also the settings init does not write (a chosen tiebreaker's floor): typed as init would, read the same."""
    if option.default is None:
        pytest.skip("required: no default")
    written = option.cell_value(option.default)
    assert option.read(written) == (Fraction(option.default) if isinstance(option.default, Fraction)
                                    else option.default)


# --- the reader itself ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed, share", [(" 12.5 % ", Fraction(1, 8)), ("0,5", Fraction(1, 2)), (1, Fraction(1)),
                                         ("100 %", Fraction(1)), ("1/3", Fraction(1, 3)), (0.0, Fraction(0))])
def test_a_percentage_reads_as_its_share(typed, share):
    assert as_percentage(typed) == share


@pytest.mark.parametrize("typed, said, hint", [
    ("34.33", 'is "34.33", which reads as 3433 %', "Type 34.33 %, 0.3433 or 1/3."),  # within 1 point of a third
    ("103/3", 'is "103/3", which reads as 3433.33 %', "Type 34.33 % or 103/300."),  # a point from it: not named
    (100, "is 100, which reads as 10000 %", "Type 100 % or 1."),
    (100.5, "is 100.5, which reads as 10050 %", ""),  # no percentage either: the setting's own hint
    ("0.01%", "is 0.01 %, less than 1 %", "Type 1 % or 0.01; 0 for none."),
    ("0.005 %", "is 0.005 %, less than 1 %", ""),  # 0.005 is below 1 % too: nothing to offer
    ("3³%", 'needs a percentage in the digits 0-9, found "3³%" ("³" is a superscript three, not a digit)', ""),
])
def test_a_percentage_refused_says_what_it_reads_as_and_what_may_be_meant(typed, said, hint):
    with pytest.raises(BadValue) as refused:
        as_percentage(typed)
    assert (str(refused.value), refused.value.hint) == (said, hint)


def test_a_number_far_above_a_third_names_the_third_it_may_mean():
    with pytest.raises(BadValue) as refused:
        as_percentage("100/3")
    assert (str(refused.value), refused.value.hint) == ('is "100/3", which reads as 3333.33 %', "Type 33.33 % or 1/3.")


@pytest.mark.parametrize("sample, typed, said", [
    ("swiss-card-game-32-players", "OMW%, GW%", "Tiebreakers does not list MP: swiss ranks by MP first, "
     "the tiebreakers after it. Type MP, OMW%, GW%, or leave the cell blank for the order of swiss (MP, OMW%, GW%, "
     "OGW%)."),
    ("chits-and-cards-8-players", "match_points, card", "Tiebreakers does not list Chits: chits-and-cards ranks by "
     "Chits first, the tiebreakers after it. Type Chits, match_points, card, or leave the cell blank for the order of "
     "chits-and-cards (Chits, Card)."),
])
def test_tiebreakers_typed_as_those_after_the_score_are_said_not_ranked_and_paired_without_it(tmp_path, run, sample,
                                                                                               typed, said):
    """A TO types the tiebreakers they know, the ones after the points (`OMW%, GW%`). Read as the whole order, the
    standings would rank without the points and the next round would be paired as if every score were equal (the
    Swiss engine's score groups, chits and cards' chit groups: a round paired from a table of 0s, with no word of
    it). Said at the cell with the list meant; `pair` changes nothing."""
    path = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE.parent / f"{sample}.xlsx", path)
    book = openpyxl.load_workbook(path)
    sheet = book["Event"]
    row = next(cell.row for cell in sheet["A"] if cell.value == "Tiebreakers")
    sheet.cell(row, 2, typed)
    book.save(path)
    before = path.read_bytes()
    code, lines, errors = settings_said(run("check", path))
    assert (code, lines, errors) == (1, [f"Event!B{row}: {said}"], "1 error(s)")
    assert run("pair", path, "--no-reports").exit_code == 1 and path.read_bytes() == before


def test_a_number_setting_typed_with_a_comma_before_three_digits_is_refused_at_its_cell(tmp_path, run):
    """ManorCon's solo score typed `1,000` in a cell kept as text: a thousand (one convention) or 1 (the decimal
    comma, as `2,5` is read): never read as 1 of its own accord."""
    assert_refused_at_its_cell(tmp_path, run, DECLARED["manorcon_solo_score"], "1,000",
                               'is "1,000", which is 1000 in some countries and 1 in others. Type 1000 or 1.')
