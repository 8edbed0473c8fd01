"""Issue 20's frictions, each replayed through the command line: what a TO read, and what they read now."""

from __future__ import annotations

import datetime
import json
import shutil
import zipfile
from pathlib import Path

import openpyxl
from builder import digest, edit_players, enter_results, make_event, round_rows

from sheetrunner.commands.console import aligned_lines
from sheetrunner.teams.tiebreakers import FOR_TEAMS
from sheetrunner.scoring.tiebreakers import TIEBREAKERS

ROOT = Path(__file__).resolve().parent.parent
TEAMS_ONLY = {"game_points", "buchholz", "buchholz_cut1", "buchholz_median", "buchholz_gp", "sonneborn_berger",
              "sonneborn_berger_cut1", "sonneborn_berger_gp", "sonneborn_berger_results"}
NAMES = ["Ann", "Ben", "Cat", "Dan"]
NO_BONUSES = {"Offensive bonus": "No", "Defensive bonus": "No"}


def only_backup(path: Path) -> str:
    """The one backup made of `path`, as `pair` and `standings` name it: relative to the workbook's folder."""
    (backup,) = (p for p in path.with_name(f"{path.stem}-backups").iterdir() if p.is_file())
    return f"{backup.parent.name}/{backup.name}"


# --- 1. the end of an event is a success -------------------------------------------------------------------------


def test_pair_after_the_final_names_the_champion_and_exits_0(tmp_path, run):
    path = Path(shutil.copy(ROOT / "sample_events" / "swiss-top-8-24-players.xlsx", tmp_path / "spring.xlsx"))
    first = json.loads(run("standings", path, "--json", "--no-write").stdout)[0]
    assert (first["place"], first["reached"]) == (1, "Champion")
    before = digest(path)
    result = run("pair", path)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        f"The event is over: {first['name']} is the champion.",
        f"Final standings: `sheetrunner standings {path}` writes them as a sheet; `sheetrunner report {path}` "
        "prints them."]
    as_json = run("pair", path, "--json")
    assert as_json.exit_code == 0
    assert json.loads(as_json.stdout) == {
        "event_over": True, "workbook": str(path), "decided_by": "top cut",
        "winners": [{"id": first["id"], "name": first["name"]}],
        "message": f"The event is over: {first['name']} is the champion."}
    assert digest(path) == before and sorted(p.name for p in tmp_path.iterdir()) == ["spring.xlsx"]


def played_event(tmp_path: Path, settings: dict | None = None) -> Path:
    """Two rounds, every result in: Ann and Cat win, then draw with each other (4 TP each); Ben and Dan 1 TP."""
    rounds = [[(1, "Ann", 3, 0), (1, "Ben", 1, 0), (2, "Cat", 3, 0), (2, "Dan", 1, 0)],
              [(1, "Ann", 2, 0), (1, "Cat", 2, 0), (2, "Ben", 2, 0), (2, "Dan", 2, 0)]]
    return make_event(tmp_path / "e.xlsx", NAMES, rounds, total_rounds=2, settings={**NO_BONUSES, **(settings or {})})


def test_pair_after_the_last_round_names_the_winner_and_exits_0(tmp_path, run):
    path = played_event(tmp_path)
    first = json.loads(run("standings", path, "--json", "--no-write").stdout)[0]["name"]
    before = digest(path)
    result = run("pair", path, "--no-reports")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        f"The event is over: all 2 rounds are played, and {first} is first in the standings.",
        f"Final standings: `sheetrunner standings {path}` writes them as a sheet; `sheetrunner report {path}` "
        "prints them.",
        "To play another round, raise Rounds in the Event sheet."]
    assert digest(path) == before


def test_players_sharing_first_place_are_all_named(tmp_path, run):
    path = played_event(tmp_path, {"Tiebreakers": "tp"})  # no draw to split Ann and Cat
    result = run("pair", path, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "event_over": True, "workbook": str(path), "decided_by": "standings",
        "winners": [{"id": 1, "name": "Ann"}, {"id": 3, "name": "Cat"}],
        "message": "The event is over: all 2 rounds are played, and Ann and Cat share first place in the standings."}


# --- 2. a player dropped after the round was posted ---------------------------------------------------------------


def test_a_dropped_player_still_seated_is_told_about_pair_redo(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path, "--no-reports").exit_code == 0
    enter_results(path, 1, {"Ann": (3, 0), "Ben": (1, 0), "Cat": (2, 0), "Dan": (2, 0)})
    assert run("pair", path, "--no-reports").exit_code == 0
    edit_players(path, {"Ann": {"Dropped after": 1}})
    row = next(index for index, values in enumerate(round_rows(path, 2), start=1) if values[3] == "Ann")
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"Round 2!D{row}: Ann dropped after round 1 (Players row 2) but is seated here. Clear Dropped after to "
        "reinstate them, or remove this row. While Round 2 has no results, `pair --redo` pairs it again without "
        "them.", "1 error(s), 0 warning(s)."]
    assert run("pair", path, "--redo", "--no-reports").exit_code == 0
    assert "Ann" not in [values[3] for values in round_rows(path, 2)]


def test_once_the_round_has_results_the_hint_does_not_offer_redo(tmp_path, run):
    players = [(1, "Ann", None, 0), (2, "Ben", None, None), (3, "Cat", None, None), (4, "Dan", None, None)]
    rows = [(1, "Ann", 3, 0), (1, "Ben", 1, 0), (2, "Cat", 2, 0), (2, "Dan", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", players, [rows], player_headers=["ID", "Name", "Team", "Dropped after"])
    assert run("check", path).stdout.splitlines()[0] == (
        "Round 1!D2: Ann dropped after round 0 (Players row 2) but is seated here. Clear Dropped after to reinstate "
        "them, or remove this row.")


# --- 3. stale printouts: only the round being played --------------------------------------------------------------


def test_stale_printouts_are_reported_for_the_round_being_played_only(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path).exit_code == 0
    enter_results(path, 1, {"Ann": (3, 0), "Ben": (1, 0), "Cat": (2, 0), "Dan": (2, 0)})
    assert run("pair", path).exit_code == 0
    book = openpyxl.load_workbook(path)  # a name corrected everywhere: every round's printouts show the old one
    for sheet in ("Players", "Round 1", "Round 2"):
        for row in book[sheet].iter_rows():
            for cell in row:
                if cell.value == "Ann":
                    cell.value = "Anne"
    book.save(path)
    assert run("check", path).stdout.splitlines() == [
        "Round 2: warning: The printed reports in e-reports/round-2 were made before Round 2 changed. Print them "
        "again: sheetrunner report --round 2 e.xlsx", "0 error(s), 1 warning(s)."]


# --- 4. init with a roster ----------------------------------------------------------------------------------------


def test_init_with_a_roster_says_the_next_step_is_pair(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\nAnn\nBen\nCat\n", encoding="utf-8")
    path = tmp_path / "spring.xlsx"
    result = run("init", path, "-r", "swiss-tp", "-p", roster)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["Imported 3 player(s) from roster.csv: Name.",
                                          f"Made {path} (swiss-tp) with the 3 player(s) imported. Next: sheetrunner "
                                          f"pair {path}"]
    empty = run("init", tmp_path / "empty.xlsx", "-r", "swiss-tp")
    assert empty.stdout == (f"Made {tmp_path / 'empty.xlsx'} (swiss-tp). Type the roster into Players, then run: "
                            f"sheetrunner pair {tmp_path / 'empty.xlsx'}\n")


# --- 5. the backup where it is --------------------------------------------------------------------------------


def test_pair_names_the_backup_in_its_folder(tmp_path, run):
    path = make_event(tmp_path / "spring.xlsx", NAMES)
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0
    assert only_backup(path).startswith("spring-backups/spring.")
    assert result.stdout.splitlines()[-1] == f"Wrote Round 1 to {path} (backup: {only_backup(path)})."


# --- 6. standings says what it wrote --------------------------------------------------------------------------


def test_standings_says_which_sheet_it_wrote_and_where_the_backup_is(tmp_path, run):
    rows = [(1, "Ann", 3, 0), (1, "Ben", 1, 0), (2, "Cat", 2, 0), (2, "Dan", 2, 0)]
    path = make_event(tmp_path / "spring.xlsx", NAMES, [rows])
    printed = run("standings", path, "--no-write")
    assert printed.exit_code == 0 and not (tmp_path / "spring-backups").exists()
    assert [line for line in printed.stdout.splitlines() if "rote" in line] == []
    result = run("standings", path)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:-1] == printed.stdout.splitlines()
    assert result.stdout.splitlines()[-1] == (f"Wrote Standings after R1 to {path} (backup: "
                                              f"{only_backup(path)}).")


def test_standings_before_any_result_says_nothing_was_written(tmp_path, run):
    path = make_event(tmp_path / "spring.xlsx", NAMES)
    result = run("standings", path)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == ("No round has every result yet, so no standings sheet was written. "
                                              f"`sheetrunner outstanding {path}` lists the results still to type.")


# --- 7. other spreadsheets' files -----------------------------------------------------------------------------


def test_an_opendocument_spreadsheet_is_named_with_how_to_save_it_as_xlsx(tmp_path, run):
    path = tmp_path / "spring.ods"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<office:document-content/>")
        archive.writestr("META-INF/manifest.xml", "<manifest:manifest/>")
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "spring.ods: This is an OpenDocument spreadsheet (.ods), not an Excel workbook (.xlsx). In LibreOffice: "
        "File > Save As…, file type Excel 2007-365 (.xlsx); then use that .xlsx file.", "1 error(s), 0 warning(s)."]


def test_a_numbers_file_is_named_with_how_to_export_it(tmp_path, run):
    path = tmp_path / "spring.numbers"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("Index/Document.iwa", b"\x00\x01")
        archive.writestr("Metadata/Properties.plist", b"bplist00")
    result = run("pair", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "spring.numbers: This is an Apple Numbers spreadsheet (.numbers), not an Excel workbook (.xlsx). In Numbers: "
        "File > Export To > Excel…; then use that .xlsx file.", "Error: 1 problem(s) to fix; nothing was written."]


# --- 8. what the spreadsheet made of a typed number -----------------------------------------------------------------


def test_a_date_in_a_score_cell_says_the_spreadsheet_made_it(tmp_path, run):
    rows = [(1, "Ann", datetime.datetime(2026, 3, 2), 0), (1, "Ben", 1, 0), (2, "Cat", 2, 1), (2, "Dan", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", NAMES, [rows])
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "Round 1!E2: OP needs a whole number, found the date 2 March 2026 (the spreadsheet turned what was typed "
        "into a date: format the column as Text and type it again). Type the objective points this player scored, "
        "a whole number (0 or more).", "1 error(s), 0 warning(s)."]


def test_a_fraction_setting_typed_as_1_3_and_made_a_date_says_so(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES, ruleset="swiss",
                      settings={"Match-win % floor": datetime.datetime(2026, 1, 3)})
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "Event!B6: Match-win % floor needs a percentage, found the date 3 January 2026 (the spreadsheet turned what "
        "was typed into a date: format the column as Text and type it again). Type a percentage from 0 % to 100 %, "
        "e.g. 33 % or 1/3.",
        "1 error(s), 0 warning(s)."]


# --- 9. the tiebreakers listing -------------------------------------------------------------------------------


def test_tiebreakers_are_aligned_to_the_longest_name(run):
    lines = run("tiebreakers").stdout.splitlines()
    name_width = max(len(key) for key in TIEBREAKERS)
    column = name_width + 2 + max(len("Column"), *(len(tb.label) for tb in TIEBREAKERS.values())) + 2
    assert lines[0] == "Name".ljust(name_width) + "  " + "Column".ljust(column - name_width - 4) + "  Meaning"
    assert len(lines) == len(TIEBREAKERS) + 1  # one line each in a pipe: nothing wrapped
    for line, tiebreaker in zip(lines[1:], TIEBREAKERS.values()):
        mark = "(teams only) " if tiebreaker.key in TEAMS_ONLY else "(teams too) " if tiebreaker.key in FOR_TEAMS else ""
        assert line == (tiebreaker.key.ljust(name_width) + "  " + tiebreaker.label.ljust(column - name_width - 4)
                        + "  " + mark + tiebreaker.meaning)
    assert "(teams only) Buchholz" in "\n".join(lines) and "(teams too) A random draw" in "\n".join(lines)


def test_meanings_wrap_under_themselves_on_a_narrow_terminal():
    rows = [("opponents_win_pct", "OWP", "Mean of each opponent's win %, each at least the floor (default 33%).")]
    assert aligned_lines(("Name", "Column", "Meaning"), rows, 65) == [
        "Name               Column  Meaning",
        "opponents_win_pct  OWP     Mean of each opponent's win %, each at",
        "                           least the floor (default 33%)."]
    assert aligned_lines(("Name", "Column", "Meaning"), rows, 56)[1:] == [  # under 30 left: not wrapped
        "opponents_win_pct  OWP     Mean of each opponent's win %, each at least the floor (default 33%)."]


# --- 10. one table per compromise line ------------------------------------------------------------------------


def test_each_compromise_line_names_one_table_and_its_players(tmp_path, run):
    # After round 1: Eve and Fay 3 TP; Ann and Dan drew (1 TP each); Ben and Cat 0. Ann and Dan have met, so both
    # play a 0 TP player: two tables across the same two score groups.
    rows = [(1, "Ann", 2, 0), (1, "Dan", 2, 0), (2, "Eve", 3, 0), (2, "Cat", 1, 0), (3, "Ben", 1, 0), (3, "Fay", 3, 0)]
    path = make_event(tmp_path / "e.xlsx", NAMES + ["Eve", "Fay"], [rows], settings=NO_BONUSES)
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0
    tables = {values[0]: [] for values in round_rows(path, 2)[1:]}
    for values in round_rows(path, 2)[1:]:
        tables[values[0]].append(values[3])
    crossed = [(number, players) for number, players in tables.items() if {"Ann", "Dan"} & set(players)]
    assert len(crossed) == 2
    lines = result.stdout.splitlines()
    assert lines[lines.index("Compromises:") + 1:-1] == [
        f"  - Table {number} ({' v '.join(players)}): Paired across score groups (1 v 0)."
        for number, players in crossed]
    written = json.loads(run("pair", path, "--redo", "--no-reports", "--json").stdout)
    assert [(c["table"], [p["name"] for p in c["players"]], c["note"]) for c in written["compromises"]] == [
        (t["table"], [p["name"] for p in t["players"]], "Paired across score groups (1 v 0).")
        for t in written["tables"] if {"Ann", "Dan"} & {p["name"] for p in t["players"]}]


def test_a_long_simulation_says_it_started_when_its_output_is_piped(run):
    """A pipe or a log gets no progress bar; one line on stderr says the work began, so it never looks hung."""
    result = run("simulate", "--ruleset", "swiss", "--players", "8", "--runs", "3", "--seed", "1")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == ["Simulating: 3 to do…"]
