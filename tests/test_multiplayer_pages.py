"""The pages players read at a glance (issue 20): a board's repeat meetings once, as a footnote under the board, not
on every seat; the scoring system in use named; Diplomacy standings that explain a score; Allegiance's VI beside its
wins; and on the Swiss wall, no routine float notes and a shared note once per table."""

from __future__ import annotations

import random
import re
from pathlib import Path

import openpyxl
import pytest
from builder import make_event, round_rows, type_results
from simulation import diplomacy_board, games_of, read_sheets
from test_reports import Classes

from sheetrunner import api
from sheetrunner.rules.tournament import standings_after
from sheetrunner.rulesets.diplomacy import attendance_detail

SEVEN = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus"]
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
BOARD_HEADERS = ["Board", "Power", "ID", "Player", "Centres", "Eliminated", "Result", "Yellow cards", "End year",
                 "Note"]
PROVEN = "no arrangement avoids it."


def page(folder: Path, name: str) -> Classes:
    return Classes((folder / f"{name}.html").read_text(encoding="utf-8"))


def board_of_seven(tmp_path: Path, notes: dict[str, str], settings: dict | None = None) -> Path:
    """Seven players: round 1 played on one board, round 2 seated by hand on the same board with `notes` in the
    Note column (as `pair` words them)."""
    played = [(1, power, index, name, 5 if index < 7 else 4, None, None, None, 1905, None)
              for index, (name, power) in enumerate(zip(SEVEN, POWERS), start=1)]
    seated = [(1, power, index, name, None, None, None, None, None, notes.get(name))
              for index, (name, power) in enumerate(zip(SEVEN, POWERS[1:] + POWERS[:1]), start=1)]
    return make_event(tmp_path / "board.xlsx", SEVEN, [played, seated], ruleset="ndc-diplomacy", total_rounds=3,
                      settings=settings, round_headers=BOARD_HEADERS)


def test_a_boards_repeat_meetings_are_one_footnote_under_the_board_not_notes_on_every_seat(tmp_path):
    notes = {"Ann": f"Meets Ben again (last met in round 1): {PROVEN} Meets Cid again (last met in round 1): {PROVEN}",
             "Ben": f"Meets Ann again (last met in round 1): {PROVEN} Plays France again (played it 1 time(s) before): "
                    "no other power was free.",
             "Cid": f"Meets Ann again (last met in round 1): {PROVEN}",
             "Dee": f"Meets Eve for the third time (last met in round 1): {PROVEN}",
             "Eve": f"Meets Dee for the third time (last met in round 1): {PROVEN}"}
    folder = api.report(board_of_seven(tmp_path, notes), out=tmp_path / "out").folder
    pairings = page(folder, "pairings_by_table")
    assert pairings.texts("footnote") == [
        "Repeat meetings: Ann–Ben (round 1), Ann–Cid (round 1), Dee–Eve (third meeting, last in round 1); no "
        "arrangement avoids them."]
    # A seat keeps only what is its own: the power it plays again. No seat carries a repeat meeting.
    assert [note for note in pairings.texts("note") if note not in pairings.texts("footnote")] == [
        "Plays France again (played it 1 time(s) before): no other power was free."]
    # The round sheet's Note column is the workbook's record and keeps every note.
    rows = round_rows(tmp_path / "board.xlsx", 2)
    assert sum(1 for row in rows[1:] if row[-1] and "Meets" in row[-1]) == 5


def test_one_repeat_the_search_could_not_rule_out_is_said_so(tmp_path):
    unproven = "the search found no arrangement that avoids it."
    notes = {"Fay": f"Meets Gus again (last met in round 1): {unproven}",
             "Gus": f"Meets Fay again (last met in round 1): {unproven}"}
    folder = api.report(board_of_seven(tmp_path, notes), out=tmp_path / "out").folder
    assert page(folder, "pairings_by_table").texts("footnote") == [
        "Repeat meeting: Fay–Gus (round 1); the search found no arrangement that avoids it."]


def play_diplomacy(path: Path, number: int, seed: int = 7) -> None:
    """Type a plausible board result for every board of round `number`."""
    rng = random.Random(seed + number)
    sheets = read_sheets(path)
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {number}"]
    headers = {cell.value: cell.column for cell in sheet[1]}
    for table in games_of(sheets.rounds[number]).values():
        for row, values in diplomacy_board(table, rng).items():
            for header, value in values.items():
                sheet.cell(row=row, column=headers[header]).value = value
    book.save(path)


def test_paired_boards_list_each_repeat_once_and_no_seat_carries_one(tmp_path):
    path = make_event(tmp_path / "dip.xlsx", [f"Player {i:02d}" for i in range(1, 15)], ruleset="ndc-diplomacy",
                      total_rounds=3, seed=5)
    for number in (1, 2):
        api.pair_next(path, reports=False)
        play_diplomacy(path, number)
    folder = api.pair_next(path).reports.folder
    rows = read_sheets(path).rounds
    met = {frozenset((a["Player"], b["Player"])): number for number in (1, 2)
           for table in games_of(rows[number]).values() for a in table for b in table if a is not b}
    pairings = page(folder, "pairings_by_table")
    assert not any("Meets" in note for note in pairings.texts("note") if note not in pairings.texts("footnote"))
    footnotes = iter(pairings.texts("footnote"))
    boards = list(games_of(rows[3]).values())
    assert any(len(board) == 7 for board in boards)
    for board in boards:
        names = [row["Player"] for row in board]
        repeats = [frozenset((a, b)) for i, a in enumerate(names) for b in names[i + 1:] if frozenset((a, b)) in met]
        if not repeats:
            continue
        footnote = next(footnotes)
        listed = re.findall(r"(Player \d\d)–(Player \d\d) \((?:\w+ meeting, last in )?round (\d)\)", footnote)
        assert sorted(tuple(sorted(pair[:2])) for pair in listed) == sorted(tuple(sorted(r)) for r in repeats), footnote
        assert all(met[frozenset(pair[:2])] == int(pair[2]) for pair in listed)
    assert next(footnotes, None) is None


def test_the_subtitle_names_the_scoring_system_in_use(tmp_path):
    folder = api.report(board_of_seven(tmp_path, {}, {"Scoring system": "carnage"}), out=tmp_path / "out").folder
    html = (folder / "pairings_by_table.html").read_text(encoding="utf-8")
    subtitle = re.search(r"<header class=\"report\">.*?<p>(.*?)</p>", html, re.S)[1]
    assert subtitle == "Test Open · Diplomacy boards scored by Carnage · Round 2 of 3"
    assert "NDC" not in subtitle and "C-Diplo" not in subtitle
    # The list of rulesets still says what the ruleset offers.
    from sheetrunner.rulesets import get_ruleset
    assert "C-Diplo" in get_ruleset("ndc-diplomacy").game.title


def test_the_score_column_does_not_wrap(tmp_path):
    folder = api.report(board_of_seven(tmp_path, {}), out=tmp_path / "out").folder
    html = (folder / "pairings_by_table.html").read_text(encoding="utf-8")
    assert "td.points, th.points { white-space: nowrap; }" in html
    # NDC 1995 on round 1's board: prospects 5/13 for six powers, 4/14 for one, 100 shared by them, +0.5 for five
    # years survived.
    prospects = 6 * 5 / 13 + 4 / 14
    five, four = 100 * 5 / 13 / prospects + 0.5, 100 * 4 / 14 / prospects + 0.5
    pairings = page(folder, "pairings_by_table")
    by_name = dict(zip(pairings.texts("name"), pairings.texts("points")[1:]))
    assert by_name == {**{name: f"Score {five:.2f}" for name in SEVEN[:6]}, "Gus": f"Score {four:.2f}"}


def test_diplomacy_standings_show_boards_sit_outs_and_the_attendance_factor(tmp_path):
    """Eight players, Hal joining in round 2: round 1 one board (Hal away), round 2 one board and a sit-out. After
    round 2 two rounds count: Hal attended one, so the partial attendance factor (1/3) multiplies his score. Ivy,
    joining in round 3, has attended nothing yet: no factor is shown for her."""
    players = [(index, name, None) for index, name in enumerate(SEVEN, start=1)] + [(8, "Hal", 2), (9, "Ivy", 3)]
    path = make_event(tmp_path / "dip.xlsx", players, ruleset="ndc-diplomacy", total_rounds=3, seed=5,
                      player_headers=["ID", "Name", "Joined in"])
    for number in (1, 2):
        api.pair_next(path, reports=False)
        play_diplomacy(path, number)
    folder = api.pair_next(path).reports.folder
    standings = page(folder, "standings")
    html = (folder / "standings.html").read_text(encoding="utf-8")
    assert re.findall(r'<th class="number detail-head">([^<]*)</th>', html) == ["Boards", "Sat out", "Factor"]
    loaded = api.load_event(path)
    table = standings_after(loaded.event, loaded.ruleset)
    assert standings.texts("player") == [row.player.name for row in table.rows]  # the order is the standings'
    detail = standings.texts("detail")
    by_name = {name: detail[3 * i:3 * i + 3] for i, name in enumerate(standings.texts("player"))}
    sat_out = read_sheets(path).rounds[2]
    sitter = next(row["Player"] for row in sat_out if row["Board"] == "Sits out")
    assert by_name["Hal"] == (["1", "0", "0.33"] if sitter != "Hal" else ["0", "1", "0.33"])
    if sitter != "Hal":
        assert by_name[sitter] == ["1", "1", "1"]
    assert by_name["Ivy"] == ["0", "0", ""]
    assert all(cells[2] == "1" for name, cells in by_name.items() if name not in ("Hal", "Ivy"))
    legend = " ".join(standings.texts("legend"))
    assert "Boards played in the rounds counted so far." in legend
    assert "Rounds sat out: attended, scored by the Sit-out score option" in legend
    assert "On the score: 1 for a player who attended (played or sat out) 2 round(s) or more, else the partial " \
           "attendance factor (0.33)." in legend


@pytest.mark.parametrize("counting, hal", [(None, "0.33"), (1, "1")])
def test_the_attendance_detail_counts_the_rounds_the_event_score_counts(tmp_path, counting, hal):
    """Boards, sit-outs and factor beside the Diplomacy standings: the complete rounds up to the one asked for;
    a player needs `Counting rounds` of them (else the event's rounds, at most those played) for the factor 1; a
    round sat out is attended; a player who attended nothing has no factor. Ann volunteers to sit out round 2,
    Hal joins in round 2 and Ivy in round 3; round 3 is paired, not played."""
    players = [(i, name, None, 2 if name == "Ann" else None) for i, name in enumerate(SEVEN, start=1)]
    path = make_event(tmp_path / "dip.xlsx", [*players, (8, "Hal", 2, None), (9, "Ivy", 3, None)],
                      ruleset="ndc-diplomacy", total_rounds=3, seed=5, settings={"Counting rounds": counting},
                      player_headers=["ID", "Name", "Joined in", "Sits out"])
    for number in (1, 2):
        api.pair_next(path, reports=False)
        play_diplomacy(path, number)
    api.pair_next(path, reports=False)
    event = api.load_event(path).event

    def detail(round_number: int) -> dict[str, list[str]]:
        found = attendance_detail(event, round_number)
        return {p.name: found["rows"][p.id] for p in event.players} if found else {}

    after_one = {**{name: ["1", "0", "1"] for name in SEVEN}, "Hal": ["0", "0", ""], "Ivy": ["0", "0", ""]}
    assert detail(1) == after_one
    assert detail(2) == detail(3) == {**{name: ["2", "0", "1"] for name in SEVEN}, "Ann": ["1", "1", "1"],
                                      "Hal": ["1", "0", hal], "Ivy": ["0", "0", ""]}
    assert [column["label"] for column in attendance_detail(event, 3)["columns"]] == ["Boards", "Sat out", "Factor"]


def test_allegiance_pairings_show_vi_beside_wins(tmp_path):
    names = [f"Player {i:02d}" for i in range(1, 10)]
    path = make_event(tmp_path / "al.xlsx", names, ruleset="allegiance", seed=3)
    api.pair_next(path, reports=False)
    rows = read_sheets(path).rounds[1]
    typed = {}
    for table in games_of(rows).values():
        for place, row in enumerate(table):
            typed[row["Player"]] = {"VI": 22 - 5 * place, "Won": "Y" if place == 0 else None}
    type_results(path, 1, typed)
    folder = api.pair_next(path).reports.folder
    points = page(folder, "pairings_by_table").texts("points")[1:]
    seated = page(folder, "pairings_by_table").texts("name")
    expected = {name: f"Wins {1 if values['Won'] else 0} · VI {values['VI']}" for name, values in typed.items()}
    assert [p for p in points if p != "Points"] == [expected[name] for name in seated]
    assert re.findall(r'<th class="number">(Wins|VI)</th>', (folder / "standings.html").read_text(encoding="utf-8")) \
        == ["Wins", "VI"]


SWISS_HEADERS = ["Table", "Seat", "ID", "Player", "OP", "SP", "Note"]


def test_swiss_wall_pairings_leave_out_floats_and_say_a_rematch_once_per_table(tmp_path):
    names = ["Ann", "Ben", "Cid", "Dee"]
    played = [(1, 1, 1, "Ann", 6, 1, None), (1, 2, 2, "Ben", 0, 0, None),
              (2, 1, 3, "Cid", 3, 1, None), (2, 2, 4, "Dee", 3, 1, None)]
    rematch = "Rematch (last met in round 1): no pairing avoids it."
    paired = [(1, 1, 1, "Ann", None, None, f"{rematch} Paired across score groups (3 v 0)."),
              (1, 2, 2, "Ben", None, None, f"{rematch} Paired across score groups (3 v 0)."),
              (2, 1, 3, "Cid", None, None, "Paired across score groups (1 v 1)."),
              (2, 2, 4, "Dee", None, None, "Paired across score groups (1 v 1).")]
    path = make_event(tmp_path / "sw.xlsx", names, [played, paired], round_headers=SWISS_HEADERS)
    folder = api.report(path, out=tmp_path / "out").folder
    pairings = page(folder, "pairings_by_table")
    assert pairings.texts("note") == [rematch]
    assert pairings.texts("table-note") == [rematch]
    assert "Paired across" not in (folder / "pairings_by_name.html").read_text(encoding="utf-8")


def test_a_real_swiss_round_carries_no_cross_group_note_and_at_most_one_note_per_table(tmp_path):
    names = [f"Player {i:02d}" for i in range(1, 21)]
    path = make_event(tmp_path / "sw.xlsx", names, seed=4)
    api.pair_next(path, reports=False)
    rows = read_sheets(path).rounds[1]
    type_results(path, 1, {row["Player"]: {"OP": (6, 0, 3, 2)[i % 4], "SP": 1} for i, row in enumerate(rows)})
    folder = api.pair_next(path).reports.folder
    sheet_notes = [row["Note"] for row in read_sheets(path).rounds[2] if row.get("Note")]
    assert any("Paired across score groups" in note for note in sheet_notes)  # the round sheet keeps them
    html = (folder / "pairings_by_table.html").read_text(encoding="utf-8")
    assert "Paired across score groups" not in html
    for line in re.findall(r'<tr class="game-line">.*?</tr>', html, re.S):
        assert line.count('class="note') <= 1
