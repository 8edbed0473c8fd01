"""A whole swiss-tp event through the CLI, from `init` to final standings checked by hand."""

from __future__ import annotations

import json
from itertools import combinations

import openpyxl
from builder import round_rows

# Each player always scores the same OP and SP, so every game's result follows from who plays.
OP = {"Ann": 5, "Ben": 4, "Cat": 3, "Dov": 3, "Eli": 1}
SP = {"Ann": 1, "Ben": 1, "Cat": 2, "Dov": 1, "Eli": 0}


def play_round(path, number):
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {number}"]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value != "BYE":
            row[4].value, row[5].value = OP[row[3].value], SP[row[3].value]
    book.save(path)


def test_five_rounds_from_init_to_final_standings(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_bytes("\ufeffName;Team\nAnn;\nBen;\nCat;\nDov;\nEli;\n".encode("utf-8"))
    path = tmp_path / "open.xlsx"
    assert run("init", path, "--ruleset", "swiss-tp", "--players", roster, "--rounds", 5, "--seed", 2024,
               "--name", "Spring Open").exit_code == 0
    meetings, byes = [], []
    for number in range(1, 6):
        result = run("pair", path)
        assert result.exit_code == 0, result.output
        assert result.stdout.splitlines()[0] == f"Round {number}: 2 table(s), 1 bye(s)."
        rows = round_rows(path, number)[1:]
        byes += [r[3] for r in rows if r[0] == "BYE"]
        for table in {r[0] for r in rows if r[0] != "BYE"}:
            meetings.append(frozenset(r[3] for r in rows if r[0] == table))
        play_round(path, number)
    # The engine made a full round robin with one bye each, so the totals below hold whatever the order.
    assert sorted(meetings, key=sorted) == sorted(map(frozenset, combinations(OP, 2)), key=sorted)
    assert sorted(byes) == sorted(OP)

    final = run("standings", "--json", path)
    assert final.exit_code == 0
    keys = ("rank", "name", "tp", "op", "sp", "opponents_op")
    table = [{k: row[k] for k in keys} for row in json.loads(final.stdout)]
    # By hand. Ann wins 4 games, each with the offensive bonus: 16, bye 3 -> 19.
    # Ben: loses to Ann by 1 with 4 OP (2), wins 3 with the bonus (12), bye 3 -> 17.
    # Cat and Dov: 0 v Ann, 1 v Ben (lost by 1), 1 for their draw, 3 v Eli, bye 3 -> 8 each.
    # Eli: four defeats by 2 or more, bye 3 -> 3.
    # OP: played total plus the bye as the played average; SP likewise. Total OP of all five is 80.
    assert table == [
        {"rank": 1, "name": "Ann", "tp": 19, "op": 25, "sp": 5, "opponents_op": 80 - 25},
        {"rank": 2, "name": "Ben", "tp": 17, "op": 20, "sp": 5, "opponents_op": 80 - 20},
        {"rank": 3, "name": "Cat", "tp": 8, "op": 15, "sp": 10, "opponents_op": 80 - 15},
        {"rank": 4, "name": "Dov", "tp": 8, "op": 15, "sp": 5, "opponents_op": 80 - 15},
        {"rank": 5, "name": "Eli", "tp": 3, "op": 5, "sp": 0, "opponents_op": 80 - 5},
    ]
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Event", "Players", "Penalties", "Round 1", "Standings after R1", "Round 2",
                               "Standings after R2", "Round 3", "Standings after R3", "Round 4", "Standings after R4",
                               "Round 5", "Standings after R5", "Log"]
    written = [[c.value for c in row] for row in book["Standings after R5"].iter_rows()]
    assert written[0] == ["Rank", "ID", "Player", "Team", "TP", "OP", "SP", "Opp OP", "Draw", "Status"]
    assert [r[:8] for r in written[1:]] == [
        [1, 1, "Ann", None, 19, 25, 5, 55], [2, 2, "Ben", None, 17, 20, 5, 60],
        [3, 3, "Cat", None, 8, 15, 10, 65], [4, 4, "Dov", None, 8, 15, 5, 65],
        [5, 5, "Eli", None, 3, 5, 0, 75]]
    assert [row[1] for row in book["Log"].iter_rows(min_row=2, values_only=True)] == ["pair"] * 5 + ["standings"]
    again = run("pair", path)
    assert again.exit_code == 0
    assert again.stdout.splitlines() == [
        "The event is over: all 5 rounds are played, and Ann is first in the standings.",
        f"Final standings: `sheetrunner standings {path}` writes them as a sheet; `sheetrunner report {path}` prints "
        "them.", "To play another round, raise Rounds in the Event sheet."]
