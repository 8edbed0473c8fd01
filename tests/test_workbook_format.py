"""The workbook format of §2, feature by feature, through the CLI."""

from __future__ import annotations

import json
import zipfile

import openpyxl
from builder import add_round, enter_results, make_event, round_rows

from sheetrunner.api import load_event

NAMES = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay"]


def seats(path, number):
    """{player: table} of a round sheet."""
    return {row[3]: row[0] for row in round_rows(path, number)[1:]}


def opponents(path, number):
    rows = round_rows(path, number)[1:]
    tables = {}
    for row in rows:
        tables.setdefault(row[0], []).append(row[3])
    return {frozenset(names) for table, names in tables.items() if table != "BYE"}


def test_blank_ids_are_assigned_and_never_reused(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(None, "Ann", None), (7, "Ben", None), (None, "Cat", None)])
    assert run("pair", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    assert [r[:2] for r in book["Players"].iter_rows(min_row=2, values_only=True)] == [(8, "Ann"), (7, "Ben"),
                                                                                       (9, "Cat")]
    book["Players"].delete_rows(4)  # Cat leaves the roster and a new player arrives
    book["Players"].append([None, "Dov"])
    book.save(path)
    assert run("pair", "--redo", path).exit_code == 0
    ids = {r[1]: r[0] for r in openpyxl.load_workbook(path)["Players"].iter_rows(min_row=2, values_only=True)}
    assert ids == {"Ann": 8, "Ben": 7, "Dov": 10}


def test_header_aliases_case_spaces_empty_rows_and_text_numbers(tmp_path, run):
    headers = ["  game ", "SEAT", "player id", " player ", "Objective Points", "survival points", "Notes"]
    rows = [(1, 1, 1, "Ann", "3", 1, None), (None, None, None, None, None, None, None),
            (1, 2, 2, "Ben", 1, "0", None), (2, 1, 3, "Cat", 2, 2, None), (2, 2, 4, "Dov", 2, 0, "late")]
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], total_rounds=3)
    book = openpyxl.load_workbook(path)
    sheet = book.create_sheet("round 1")
    sheet.append([])
    sheet.append(headers)
    for row in rows:
        sheet.append(list(row))
    for name in ("Event", "Players"):
        book[name].insert_rows(1)  # a blank first row: the header is the first non-empty row
    book.save(path)
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0, result.output
    assert run("pair", path).exit_code == 0


def test_formula_cells_are_read_by_their_saved_values(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:2], [[(1, "Ann", 0, 1), (1, "Ben", 2, 0)]])
    patched = tmp_path / "saved-by-excel.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(patched, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet3.xml":  # Round 1: E2 becomes =1+2 with its saved value 3
                data = data.replace(b'<c r="E2" t="n"><v>0</v></c>', b'<c r="E2"><f>1+2</f><v>3</v></c>')
                assert b"<f>1+2</f>" in data
            target.writestr(item, data)
    loaded = load_event(patched)
    assert loaded.event.rounds[0].tables[0].seats[0].result == {"op": 3, "sp": 1}


def test_team_mates_are_kept_apart(tmp_path, run):
    players = [(1, "Ann", "Red"), (2, "Ben", "Red"), (3, "Cat", "Red"), (4, "Dov", None), (5, "Eli", None),
               (6, "Fay", None)]
    for seed in range(5):
        path = make_event(tmp_path / f"e{seed}.xlsx", players, seed=seed)
        assert run("pair", path).exit_code == 0
        for pair in opponents(path, 1):
            assert len(pair & {"Ann", "Ben", "Cat"}) == 1


def test_keep_teams_apart_never(tmp_path, run):
    """With `never`, team mates meet as any two players would (some seeds pair Ann with Ben); with the default
    (`always`) the same seeds never do. A misspelled setting would be ignored with a warning, and fail here."""
    players = [(1, "Ann", "Red"), (2, "Ben", "Red"), (3, "Cat", None), (4, "Dov", None)]
    met = {}
    for keep_apart in ("never", "always"):
        met[keep_apart] = []
        for seed in range(8):
            path = make_event(tmp_path / f"{keep_apart}-{seed}.xlsx", players, seed=seed,
                              settings={"Keep teams apart": keep_apart})
            result = run("pair", path, "--no-reports")
            assert (result.exit_code, result.stderr) == (0, "")
            assert result.stdout.splitlines()[-2] == "Compromises: none."
            if frozenset({"Ann", "Ben"}) in opponents(path, 1):
                met[keep_apart].append(seed)
    assert met["never"] != [] and met["always"] == []
    check = run("check", tmp_path / "never-0.xlsx")
    assert (check.exit_code, check.stdout, check.stderr) == (0, "0 error(s), 0 warning(s).\n", "")


def test_fixed_table_is_honoured(tmp_path, run):
    players = [(i, name, None, 2 if name == "Eli" else None) for i, name in enumerate(NAMES, start=1)]
    path = make_event(tmp_path / "e.xlsx", players, player_headers=["ID", "Name", "Team", "Fixed table"])
    assert run("pair", path).exit_code == 0
    assert seats(path, 1)["Eli"] == 2
    enter_results(path, 1, {name: (i % 3, 1) for i, name in enumerate(NAMES)})
    assert run("pair", path).exit_code == 0
    assert seats(path, 2)["Eli"] == 2


def test_dropped_player_is_not_paired_and_clearing_reinstates(tmp_path, run):
    players = [(i, name, None, 1 if name == "Fay" else None) for i, name in enumerate(NAMES, start=1)]
    round1 = [(1, "Ann", 3, 0), (1, "Ben", 1, 0), (2, "Cat", 3, 0), (2, "Dov", 1, 0), (3, "Eli", 3, 0),
              (3, "Fay", 1, 0)]
    path = make_event(tmp_path / "e.xlsx", players, [round1], player_headers=["ID", "Name", "Team", "Dropped after"])
    assert run("pair", path).exit_code == 0
    assert "Fay" not in seats(path, 2) and list(seats(path, 2).values()).count("BYE") == 1
    standings = openpyxl.load_workbook(path)["Standings after R1"]
    assert [r[-1] for r in standings.iter_rows(min_row=2, values_only=True) if r[2] == "Fay"] == ["dropped"]
    book = openpyxl.load_workbook(path)
    book["Players"]["D7"] = None
    book.save(path)
    assert run("pair", path, "--redo").exit_code == 0
    assert "Fay" in seats(path, 2) and "BYE" not in seats(path, 2).values()


def test_late_entry_joins_at_their_round(tmp_path, run):
    players = [(i, name, None, 2 if name == "Fay" else None) for i, name in enumerate(NAMES, start=1)]
    path = make_event(tmp_path / "e.xlsx", players, player_headers=["ID", "Name", "Team", "Joined in"])
    assert run("pair", path).exit_code == 0
    assert "Fay" not in seats(path, 1)
    enter_results(path, 1, {name: (3 if i % 2 else 1, 0) for i, name in enumerate(NAMES)})
    assert run("pair", path).exit_code == 0
    assert "Fay" in seats(path, 2)
    fay = [r for r in openpyxl.load_workbook(path)["Standings after R1"].iter_rows(values_only=True) if r[2] == "Fay"]
    assert fay[0][4:8] == (0, 0, 0, 0)


def test_manual_edit_of_a_round_is_accepted_and_used(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], seed=3)
    assert run("pair", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    for row, (table, name) in zip(sheet.iter_rows(min_row=2), [(1, "Ann"), (1, "Dov"), (2, "Ben"), (2, "Cat")]):
        row[0].value, row[2].value, row[3].value = table, None, name
    sheet["G2"] = "TO swapped tables: Ann asked to play Dov"
    book.save(path)
    enter_results(path, 1, {"Ann": (3, 0), "Dov": (1, 0), "Ben": (3, 0), "Cat": (1, 0)})
    assert run("pair", path).exit_code == 0
    assert opponents(path, 2) == {frozenset({"Ann", "Ben"}), frozenset({"Cat", "Dov"})}
    assert openpyxl.load_workbook(path)["Round 1"]["G2"].value == "TO swapped tables: Ann asked to play Dov"


def test_compromises_are_written_in_the_note_column(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:2], [[(1, "Ann", 3, 0), (1, "Ben", 1, 0)]])
    result = run("pair", path)
    assert result.exit_code == 0
    assert "  - Table 1 (Ann v Ben): Rematch (last met in round 1): no pairing avoids it." in result.stdout.splitlines()
    notes = [r[6] for r in round_rows(path, 2)[1:]]
    # Only real compromises: sitting at table 1 again is none (two players, one table).
    assert notes == ["Rematch (last met in round 1): no pairing avoids it. Paired across score groups (3 v 0)."] * 2


def test_changed_earlier_results_are_reported_with_their_tables(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], seed=5)
    assert run("pair", path).exit_code == 0
    enter_results(path, 1, {name: (i, 1) for i, name in enumerate(NAMES[:4])})
    assert run("pair", path).exit_code == 0
    first_table = round_rows(path, 1)[1][3]
    enter_results(path, 1, {first_table: (9, 1)})
    result = run("check", path)
    assert result.stdout.splitlines()[0] == ("Round 1: warning: Results changed after Round 2 was paired: table 1. "
                                             "Check these rows; standings now use the new results, but the later "
                                             "rounds were paired with the old ones. Round 2 has no results yet: "
                                             "`sheetrunner pair --redo` pairs it again on the new results.")
    assert result.exit_code == 0


def test_redo_regenerates_only_a_round_without_results(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path).exit_code == 0
    first = round_rows(path, 1)
    assert run("pair", path, "--redo").exit_code == 0
    assert round_rows(path, 1) == first
    assert openpyxl.load_workbook(path).sheetnames == ["Event", "Players", "Round 1", "Log"]
    enter_results(path, 1, {first[1][3]: (1, 1), first[2][3]: (2, 0)})
    result = run("pair", path, "--redo")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("Round 1!E2: Round 1 holds 4 values sheetrunner did not write, which "
                                             "`pair --redo` would lose: OP E2, E3; SP F2, F3. If you mean to pair "
                                             "Round 1 again, delete those values, then run pair --redo again; to "
                                             "keep them, leave the round as it is.")  # issue 28: the cells named


def test_a_round_added_by_hand_is_read_like_ours(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4])
    add_round(path, [(1, "Ann", 2, 2), (1, "Ben", 2, 1), (2, "Cat", 0, 0), (2, "Dov", 4, 0)])
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0
    rows = json.loads(result.stdout)  # Dov won 4-0 (3 and the offensive bonus); Ann and Ben tied 2-2
    assert [(r["name"], r["tp"], r["op"], r["sp"], r["opponents_op"]) for r in rows] == [
        ("Dov", 4, 4, 0, 0), ("Ann", 1, 2, 2, 2), ("Ben", 1, 2, 1, 2), ("Cat", 0, 0, 0, 4)]
