"""The bundled sample events: valid, as documented, and rebuilt identically by their script."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import openpyxl

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_events"


def sheets(path):
    book = openpyxl.load_workbook(path)
    return {title: [[c.value for c in row] for row in book[title].iter_rows()] for title in book.sheetnames}


def test_swiss_tp_sample_is_16_players_5_rounds_3_played(run, tmp_path):
    path = SAMPLES / "swiss-tp-16-players.xlsx"
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    content = sheets(path)
    settings = {row[0]: row[1] for row in content["Event"][1:]}
    assert settings["Rounds"] == 5 and settings["Ruleset"] == "swiss-tp"
    assert len(content["Players"]) == 17
    assert [t for t in content if t.startswith("Round")] == ["Round 1", "Round 2", "Round 3"]
    assert all(row[4] is not None for row in content["Round 3"][1:])
    result = run("pair", path, "-o", tmp_path / "next.xlsx")
    assert result.stdout.startswith("Round 4: 8 table(s), 0 bye(s).")


def test_sample_script_rebuilds_the_same_sheets(tmp_path):
    spec = importlib.util.spec_from_file_location("make_samples", ROOT / "scripts" / "make_sample_events.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for made in module.make_all(tmp_path):
        assert sheets(made) == sheets(SAMPLES / made.name), made.name


def test_pod_sample_is_the_texts_pod_with_final_standings(run):
    content = sheets(SAMPLES / "pod-round-robin-7-players.xlsx")
    assert [t for t in content if t.startswith("Round")] == [f"Round {n}" for n in range(1, 8)]
    final = content["Standings after R7"]
    assert final[0][:5] == ["Pod", "Overall", "Rank", "ID", "Player"]
    assert [row[4].split()[0] for row in final[1:]] == ["Scott", "Tino", "Andy", "Derek", "Bernie", "Jorge",
                                                        "Mariano"]


def test_card_game_sample_is_32_players_with_3_rounds_played(run, tmp_path):
    path = SAMPLES / "swiss-card-game-32-players.xlsx"
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    content = sheets(path)
    assert len(content["Players"]) == 33
    assert [t for t in content if t.startswith("Round")] == ["Round 1", "Round 2", "Round 3"]
    assert run("pair", path, "-o", tmp_path / "next.xlsx").stdout.startswith("Round 4: 16 table(s), 0 bye(s).")


def test_chits_sample_has_dealt_cards_and_two_rounds(run, tmp_path):
    path = SAMPLES / "chits-and-cards-8-players.xlsx"
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    content = sheets(path)
    card = content["Players"][0].index("Card")
    assert sorted(row[card] for row in content["Players"][1:]) == list(range(1, 9))
    assert run("pair", path, "-o", tmp_path / "next.xlsx").stdout.startswith("Round 3: 4 table(s), 0 bye(s).")


def test_allegiance_sample_reproduces_the_texts_example():
    content = sheets(SAMPLES / "allegiance-9-players.xlsx")
    games: dict = {}
    for row in content["Round 2"][1:]:
        games.setdefault(row[0], set()).add(row[2])
    assert list(games.values()) == [{2, 5, 4}, {3, 1, 8}, {6, 7, 9}]
    megan = next(row for row in content["Round 2"][1:] if row[2] == 6)
    assert megan[4] == 19 and megan[7].startswith("Source 000 lists 19 VI here but its final table adds 25")
    assert [row[1] for row in content["Standings after R2"][1:]] == [2, 3, 5, 1, 4, 6, 8, 9, 7]


def test_diplomacy_sample_has_three_boards_and_two_scored_rounds(run):
    path = SAMPLES / "ndc-diplomacy-21-players.xlsx"
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    content = sheets(path)
    for number in (1, 2):
        rows = content[f"Round {number}"]
        assert rows[0][:5] == ["Board", "Power", "ID", "Player", "Centres"]
        assert sorted({row[0] for row in rows[1:]}) == [1, 2, 3]
        assert all(row[4] is not None and row[8] in (1909, 1910) for row in rows[1:])
    assert len(content["Standings after R2"]) == 22


def test_top_8_sample_is_a_finished_event_with_its_final_standings(run):
    path = SAMPLES / "swiss-top-8-24-players.xlsx"
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    content = sheets(path)
    assert list(content)[-6:] == ["Standings after R5", "Top 8", "Top 4", "Final", "Final standings", "Log"]
    final = content["Final standings"]
    assert final[0][:6] == ["Place", "ID", "Player", "Team", "Reached", "Rank after the rounds"]
    assert [row[4] for row in final[1:10]] == ["Champion", "Final", "Top 4", "Top 4"] + ["Top 8"] * 4 + [None]
    assert len(final) == 25
    over = run("pair", path)
    assert (over.exit_code, over.stdout.splitlines()[0]) == (0, f"The event is over: {final[1][2]} is the champion.")
