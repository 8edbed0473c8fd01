"""Mirrors `sheetrunner/commands/output.py`: what the command line shows of a result, from hand-built standings and a
hand-built paired round. The exports' formula neutralisation and encodings are in tests/test_exports.py; here are
the JSON rows (numbers as numbers: whole as integers, others to 6 decimals), the CSV text around the fields, the
temporary file of an export, the standings and placings as the terminal prints them, a paired round's lines and
JSON, the `Wrote` line with the backup where it really is, and the event-over lines."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path
from types import SimpleNamespace

import openpyxl
import pytest

from sheetrunner.rulesets.parts import Layout
from sheetrunner.model.event import Event, Player, Settings
from sheetrunner.commands.output import (csv_text, event_over_json, event_over_lines, export_standings, json_number,
                                         percent, placings_text, round_json, standings_rows, standings_text)
from sheetrunner.reports.round_summary import round_lines, wrote_line
from sheetrunner.workbook.xlsx.files import backup_path
from sheetrunner.pairing import Flag, PairedTable, Pairing
from sheetrunner.model.problems import EventOver, warning
from sheetrunner.scoring.standings import Standings, StandingsRow
from sheetrunner.scoring.tiebreakers import Tiebreaker

MP = Tiebreaker("mp", "MP", "Match points.", lambda table: {})
OMW = Tiebreaker("omw", "OMW%", "Opponents' match-win %.", lambda table: {}, percent=True)
ROWS = (StandingsRow(1, True, Player(1, "Ann", team="Red"), {"mp": F(6), "omw": F(1, 3)}),
        StandingsRow(1, True, Player(2, "Benedict"), {"mp": F(6), "omw": F(1, 3)}),
        StandingsRow(3, False, Player(3, "Cat", dropped_after=1), {"mp": F(7, 2), "omw": F(2, 3)}, dropped=True),
        StandingsRow(4, False, Player(4, "Dan"), {"mp": F(0), "omw": F(0)}))
STANDINGS = Standings(2, (MP, OMW), ROWS)
PLACINGS = [SimpleNamespace(place=1, player_id=2, reached="Champion"),
            SimpleNamespace(place=2, player_id=1, reached="Final"),
            SimpleNamespace(place=3, player_id=3, reached="")]


@pytest.mark.parametrize("value, number", [(F(6), 6), (F(1, 3), 0.333333), (F(-1, 7), -0.142857), (F(7, 2), 3.5),
                                           (F(0), 0)])
def test_json_numbers_whole_as_integers_others_to_6_decimals(value, number):
    assert json_number(value) == number and type(json_number(value)) is type(number)


def test_standings_rows_in_rank_order_one_key_per_tiebreaker():
    assert standings_rows(STANDINGS) == [
        {"rank": 1, "tied": True, "id": 1, "name": "Ann", "team": "Red", "dropped": False, "mp": 6, "omw": 0.333333},
        {"rank": 1, "tied": True, "id": 2, "name": "Benedict", "team": "", "dropped": False, "mp": 6, "omw": 0.333333},
        {"rank": 3, "tied": False, "id": 3, "name": "Cat", "team": "", "dropped": True, "mp": 3.5, "omw": 0.666667},
        {"rank": 4, "tied": False, "id": 4, "name": "Dan", "team": "", "dropped": False, "mp": 0, "omw": 0}]


def test_a_disqualified_key_follows_dropped_only_when_someone_is():
    rows = (ROWS[0], StandingsRow(2, False, Player(9, "Zed", disqualified_in=1), {"mp": F(0), "omw": F(0)}, True))
    found = standings_rows(Standings(1, (MP, OMW), rows))
    assert [list(row)[5:7] for row in found] == [["dropped", "disqualified"]] * 2
    assert [row["disqualified"] for row in found] == [False, True]


def test_rows_ranked_in_groups_carry_the_group_and_the_overall_rank():
    rows = (StandingsRow(1, False, Player(1, "Ann"), {"mp": F(3)}, group="A", overall_rank=2),)
    [row] = standings_rows(Standings(1, (MP,), rows, group_label="Pod"))
    assert list(row) == ["rank", "tied", "id", "name", "team", "dropped", "pod", "overall_rank", "mp"]
    assert (row["pod"], row["overall_rank"]) == ("A", 2)


def test_after_a_top_cut_rows_come_in_final_place_order_with_place_and_reached_first():
    rows = standings_rows(STANDINGS, PLACINGS)
    assert [(row["place"], row["reached"], row["name"], row["rank"]) for row in rows] == [
        (1, "Champion", "Benedict", 1), (2, "Final", "Ann", 1), (3, "", "Cat", 3)]
    assert list(rows[0])[:3] == ["place", "reached", "rank"]


def test_csv_text_a_header_line_then_rows_with_crlf_and_nothing_for_no_rows():
    assert csv_text(standings_rows(STANDINGS)[2:]) == ("rank,tied,id,name,team,dropped,mp,omw\r\n"
                                                       "3,FALSE,3,Cat,,TRUE,3.5,0.666667\r\n"
                                                       "4,FALSE,4,Dan,,FALSE,0,0\r\n")
    assert csv_text([]) == ""


def test_an_export_leaves_no_temporary_file_and_follows_the_suffix(tmp_path):
    assert export_standings(STANDINGS, tmp_path / "s.csv") == tmp_path / "s.csv"
    assert (tmp_path / "s.csv").read_bytes().startswith(b"\xef\xbb\xbfrank,tied,")
    export_standings(STANDINGS, tmp_path / "S.XLSX")
    assert openpyxl.load_workbook(tmp_path / "S.XLSX").sheetnames == ["After round 2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["S.XLSX", "s.csv"]


def test_an_export_to_a_missing_folder_is_an_os_error_naming_it(tmp_path):
    with pytest.raises(OSError, match=r"^Cannot save file into a non-existent directory: '.*gone'$"):
        export_standings(STANDINGS, tmp_path / "gone" / "s.csv")


def test_an_export_that_fails_leaves_nothing(tmp_path):
    with pytest.raises(UnicodeEncodeError):
        export_standings(Standings(1, (MP,), (StandingsRow(1, False, Player(1, "Łukasz"), {"mp": F(0)}),)),
                         tmp_path / "s.csv", encoding="cp1252")
    assert list(tmp_path.iterdir()) == []


def test_the_standings_as_the_terminal_prints_them():
    assert standings_text(STANDINGS) == "\n".join([
        "Standings after round 2",
        "Rank  ID  Player         Team  MP    OMW%",
        "=1    1   Ann            Red   6     33.33%",
        "=1    2   Benedict             6     33.33%",
        "3     3   Cat (dropped)        3.50  66.67%",
        "4     4   Dan                  0     0.00%",
        "Tiebreakers, in order:",
        "  MP: Match points.",
        "  OMW%: Opponents' match-win %."])


def test_team_standings_have_no_id_or_team_column_and_extras_are_listed_apart():
    extra = Tiebreaker("paint", "Paint", "Painting score (not ranked).", lambda table: {})
    rows = (StandingsRow(1, False, Player(1, "Red Team"), {"mp": F(6), "paint": F(9)}),)
    assert standings_text(Standings(3, (MP,), rows, extras=(extra,)), of_teams=True) == "\n".join([
        "Team standings after round 3",
        "Rank  Team      MP  Paint",
        "1     Red Team  6   9",
        "Tiebreakers, in order:",
        "  MP: Match points.",
        "Also shown:",
        "  Paint: Painting score (not ranked)."])


def test_final_placings_above_the_standings():
    assert placings_text(PLACINGS, STANDINGS) == "\n".join([
        "Final placings",
        "Place  Player    Reached",
        "1      Benedict  Champion",
        "2      Ann       Final",
        "3      Cat"])


def paired(backup: Path | None = Path("/ev/spring-backups/spring.20261125-101500.xlsx"), byes=()):
    event = Event(Settings("swiss", 3, 1), tuple(row.player for row in ROWS) + (Player(5, "Eve"),))
    pairing = Pairing([PairedTable(1, (1, 2)), PairedTable(2, (3, 4))], list(byes))
    for pid in (1, 2):
        pairing.flag(Flag("rematch", pid, describe=lambda flag, names: "Rematch (1 v 2)."))
    pairing.flag(Flag("float", 4, describe=lambda flag, names: "Paired across score groups (3.5 v 0)."))
    pairing.explain({})
    rows = ROWS + (StandingsRow(5, False, Player(5, "Eve"), {"mp": F(0), "omw": F(0)}),)
    return SimpleNamespace(event=event, standings=Standings(2, (MP, OMW), rows), pairing=pairing, title="Round 3",
                           ruleset=SimpleNamespace(layout=Layout()), round=3,
                           output=Path("/ev/spring.xlsx"), backup=backup, reports=None,
                           warnings=[warning("Players", "B6", "Eve has no team.")])


def test_a_paired_round_for_people():
    assert round_lines(paired(byes=[5])) == [
        "Round 3: 2 table(s), 1 bye(s).",
        "  Table 1: Ann (MP 6) v Benedict (MP 6)",
        "  Table 2: Cat (MP 3.50) v Dan (MP 0)",  # as the standings show it (issue 31)
        "  Bye: Eve (MP 0)",
        "Compromises:",
        "  - Table 1 (Ann v Benedict): Rematch (1 v 2).",
        "  - Table 2 (Dan): Paired across score groups (3.5 v 0).",
        "Wrote Round 3 to /ev/spring.xlsx (backup: spring-backups/spring.20261125-101500.xlsx)."]


def test_a_paired_round_for_scripts():
    assert round_json(paired()) == {
        "round": 3, "sheet": "Round 3", "workbook": "/ev/spring.xlsx",
        "backup": "/ev/spring-backups/spring.20261125-101500.xlsx",
        "tables": [{"table": 1, "players": [{"id": 1, "name": "Ann", "seat": 1},
                                            {"id": 2, "name": "Benedict", "seat": 2}]},
                   {"table": 2, "players": [{"id": 3, "name": "Cat", "seat": 1}, {"id": 4, "name": "Dan", "seat": 2}]}],
        "byes": [],
        "compromises": [{"table": 1, "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Benedict"}],
                         "note": "Rematch (1 v 2)."},
                        {"table": 2, "players": [{"id": 4, "name": "Dan"}],
                         "note": "Paired across score groups (3.5 v 0)."}],
        "warnings": [{"sheet": "Players", "cell": "B6", "message": "Eve has no team.", "hint": "",
                      "severity": "warning"}],
        "reports": None}


def test_the_wrote_line_with_and_without_a_backup():
    assert wrote_line("Round 4", Path("/ev/spring.xlsx"), None) == "Wrote Round 4 to /ev/spring.xlsx."
    assert backup_path(Path("/ev/spring.xlsx"), Path("/elsewhere/spring.1.xlsx")) == "/elsewhere/spring.1.xlsx"


def test_the_event_over_decided_by_the_standings_with_shared_first_place():
    over = EventOver([(1, "Ann"), (2, "Ben")], False, 3)
    assert event_over_lines(over, Path("e.xlsx")) == [
        "The event is over: all 3 rounds are played, and Ann and Ben share first place in the standings.",
        "Final standings: `sheetrunner standings e.xlsx` writes them as a sheet; `sheetrunner report e.xlsx` prints "
        "them.",
        "To play another round, raise Rounds in the Event sheet."]
    assert event_over_json(over, Path("e.xlsx")) == {
        "event_over": True, "workbook": "e.xlsx", "decided_by": "standings",
        "winners": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}], "message": over.message}


def test_the_event_over_decided_by_the_cut_has_no_advice_to_add_rounds():
    over = EventOver([(2, "Ben")], True, 5)
    assert event_over_lines(over, Path("e.xlsx"))[0] == "The event is over: Ben is the champion."
    assert len(event_over_lines(over, Path("e.xlsx"))) == 2
    assert event_over_json(over, Path("e.xlsx"))["decided_by"] == "top cut"


@pytest.mark.parametrize("share, shown", [(0.12345, "12.3%"), (1, "100.0%"), (0, "0.0%"), (0.9996, "100.0%")])
def test_a_simulated_chance_to_a_tenth_of_a_percent(share, shown):
    assert percent(share) == shown
