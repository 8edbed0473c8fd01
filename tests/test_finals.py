"""Finals after the last round, through the command line: a top cut to a champion, byes for a cut that is not a
power of two, a drop during the cut, an allegiance final game and a Diplomacy top board (both ways), and the
mistakes a TO can make in them."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import openpyxl
from builder import digest, edit_players
from simulation import allegiance_game, diplomacy_board, games_of, games_won, ndc_board, read_sheets

# The bracket as the rule states it: 1 v 8, 4 v 5, 2 v 7, 3 v 6 (seeds), then the winners of neighbouring matches.
TOP_8 = [(1, 8), (4, 5), (2, 7), (3, 6)]


def rows_of(path: Path, title: str) -> list[dict]:
    book = openpyxl.load_workbook(path, read_only=True)
    values = list(book[title].iter_rows(values_only=True))
    book.close()
    return [{**dict(zip(values[0], row)), "_row": index} for index, row in enumerate(values[1:], start=2)]


def type_into(path: Path, title: str, results: dict[int, dict]) -> None:
    book = openpyxl.load_workbook(path)
    sheet = book[title]
    columns = {cell.value: cell.column for cell in sheet[1]}
    for row, values in results.items():
        for header, value in values.items():
            sheet.cell(row=row, column=columns[header]).value = value
    book.save(path)


def new_event(tmp_path: Path, run, ruleset: str, count: int, rounds: int, cut: int, typist, seed: int = 5) -> Path:
    """An event of `count` players through every round, results drawn by `typist`."""
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\n" + "".join(f"Player {i:02d}\n" for i in range(1, count + 1)), encoding="utf-8")
    path = tmp_path / "event.xlsx"
    assert run("init", path, "-r", ruleset, "-p", roster, "-n", rounds, "--seed", seed, "--top-cut", cut,
               "-q").exit_code == 0
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        assert run("pair", path, "--no-reports", "-q").exit_code == 0
        for table in games_of(read_sheets(path).rounds[number]).values():
            type_into(path, f"Round {number}", typist(table, rng))
    return path


def lower_id_wins(path: Path, title: str) -> None:
    """Every match of a stage: the player with the lower ID wins 2-0."""
    matches: dict = {}
    for row in rows_of(path, title):
        if row["Match"] != "BYE":
            matches.setdefault(row["Match"], []).append(row)
    for match in matches.values():
        winner = min(row["ID"] for row in match)
        type_into(path, title, {row["_row"]: {"Games won": 2 if row["ID"] == winner else 0} for row in match})


def matches(path: Path, title: str) -> tuple[list[tuple[int, ...]], list[int]]:
    """A stage as (seed, seed) per match in sheet order, and the seeds with a bye."""
    rows = rows_of(path, title)
    tables: dict = {}
    for row in rows:
        if row["Match"] != "BYE":
            tables.setdefault(row["Match"], []).append(row["Seed"])
    return [tuple(seeds) for seeds in tables.values()], [row["ID"] for row in rows if row["Match"] == "BYE"]


def swiss_seeds(run, path: Path) -> list[int]:
    return [row["id"] for row in json.loads(run("standings", path, "--json", "--no-write").stdout)]


def play(run, path: Path, title: str) -> list[str]:
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0, result.output
    lower_id_wins(path, title)
    return result.stdout.splitlines()


def test_a_top_8_from_a_finished_swiss_to_a_champion(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 12, 4, 8, games_won)
    order = swiss_seeds(run, path)
    seed = {pid: number for number, pid in enumerate(order[:8], start=1)}
    lines = play(run, path, "Top 8")
    assert lines[0] == "Top 8: 4 match(es), 0 bye(s)."
    assert lines[-1].startswith(f"Wrote Top 8 to {path}")
    assert matches(path, "Top 8") == (TOP_8, [])
    assert [row["ID"] for row in rows_of(path, "Top 8")] == [order[s - 1] for pair in TOP_8 for s in pair]
    won = {pair: min(order[s - 1] for s in pair) for pair in TOP_8}
    play(run, path, "Top 4")
    semi = [(won[TOP_8[0]], won[TOP_8[1]]), (won[TOP_8[2]], won[TOP_8[3]])]
    assert matches(path, "Top 4")[0] == [tuple(sorted((seed[a], seed[b]))) for a, b in semi]
    finalists = [min(pair) for pair in semi]
    play(run, path, "Final")
    assert matches(path, "Final")[0] == [tuple(sorted(seed[p] for p in finalists))]
    before = digest(path)
    over = run("pair", path)
    assert over.exit_code == 0 and digest(path) == before
    champion = min(finalists)
    names = {row["id"]: row["name"] for row in json.loads(run("standings", path, "--json", "--no-write").stdout)}
    assert over.stdout.splitlines()[0] == f"The event is over: {names[champion]} is the champion."
    # Placings: champion, finalist, then each stage's losers by seed, then the rest by the standings.
    semi_losers = sorted((max(pair) for pair in semi), key=seed.get)
    quarter_losers = sorted((max(order[s - 1] for s in pair) for pair in TOP_8), key=seed.get)
    expected = [champion, max(finalists)] + semi_losers + quarter_losers + order[8:]
    reached = ["Champion", "Final", "Top 4", "Top 4"] + ["Top 8"] * 4 + [""] * 4
    result = run("standings", path, "--json")
    placed = json.loads(result.stdout)
    assert [(row["place"], row["id"], row["reached"]) for row in placed] == list(zip(range(1, 13), expected, reached))
    sheet = rows_of(path, "Final standings")
    assert [(r["Place"], r["ID"], r["Reached"]) for r in sheet] == [
        (place, pid, text or None) for place, pid, text in zip(range(1, 13), expected, reached)]
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"


def test_a_top_6_gives_the_top_two_seeds_byes(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 10, 4, 6, games_won)
    order = swiss_seeds(run, path)
    lines = play(run, path, "Top 6")
    assert lines[0] == "Top 6: 2 match(es), 2 bye(s)."
    assert matches(path, "Top 6") == ([(4, 5), (3, 6)], [order[0], order[1]])
    notes = {row["ID"]: row["Note"] for row in rows_of(path, "Top 6")}
    assert notes[order[0]] == notes[order[1]] == "Bye (top seed)."
    won = {pair: min(order[s - 1] for s in pair) for pair in [(4, 5), (3, 6)]}
    seed = {pid: number for number, pid in enumerate(order, start=1)}
    play(run, path, "Top 4")
    assert matches(path, "Top 4")[0] == [(1, seed[won[(4, 5)]]), (2, seed[won[(3, 6)]])]
    play(run, path, "Final")
    placed = json.loads(run("standings", path, "--json", "--no-write").stdout)
    assert [row["reached"] for row in placed][:7] == ["Champion", "Final", "Top 4", "Top 4", "Top 6", "Top 6", ""]


def test_a_player_who_drops_in_the_cut_concedes(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 8, 3, 8, games_won)
    order = swiss_seeds(run, path)
    seed = {pid: number for number, pid in enumerate(order, start=1)}
    play(run, path, "Top 8")
    winners = [min(order[s - 1] for s in pair) for pair in TOP_8]
    leaving = winners[0]  # won match 1 (seeds 1 v 8), then leaves: Top 8 is round 4 of this event
    names = {row["ID"]: row["Player"] for row in rows_of(path, "Top 8")}
    edit_players(path, {names[leaving]: {"Dropped after": 4}})
    lines = play(run, path, "Top 4")
    assert lines[0] == "Top 4: 1 match(es), 1 bye(s)."
    rows = rows_of(path, "Top 4")
    assert [(row["Match"], row["ID"], row["Note"]) for row in rows] == [
        (1, winners[2], None), (1, winners[3], None), ("BYE", winners[1], f"Advances: {names[leaving]} dropped.")]
    assert leaving not in [row["ID"] for row in rows]
    play(run, path, "Final")
    placed = json.loads(run("standings", path, "--json", "--no-write").stdout)
    top4_out = sorted([leaving, max(winners[2], winners[3])], key=seed.get)
    assert [row["id"] for row in placed][2:4] == top4_out
    assert next(row for row in placed if row["id"] == leaving)["reached"] == "Top 4"


def test_mistakes_in_the_cut_are_named_by_cell_and_nothing_is_written(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 10, 3, 8, games_won)
    assert run("pair", path, "--no-reports", "-q").exit_code == 0
    rows = rows_of(path, "Top 8")
    type_into(path, "Top 8", {rows[0]["_row"]: {"Games won": 1, "Games drawn": 1},
                              rows[1]["_row"]: {"Games won": 1, "Games drawn": 1},
                              rows[2]["_row"]: {"Games won": 2}, rows[3]["_row"]: {"Games won": 0}})
    before = digest(path)
    result = run("pair", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("Top 8!E2: Match 1 is a draw; a playoff match needs a winner. Play it "
                                             "out and type the result so one player wins.")
    assert result.stderr.splitlines()[-1] == "Error: 1 problem(s) to fix; nothing was written."
    assert digest(path) == before
    type_into(path, "Top 8", {rows[0]["_row"]: {"Games won": 2, "Games drawn": None},
                              rows[1]["_row"]: {"Games won": 0, "Games drawn": None}})
    result = run("pair", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[:3] == [
        "Top 8: Top 8 is not finished, so the next stage cannot be paired. Enter the results listed below.",
        "Top 8!A6: Match 3 has no result yet. Type the result for every seat at this table.",
        "Top 8!A8: Match 4 has no result yet. Type the result for every seat at this table."]
    # Someone out of the cut seated by hand in the next stage.
    lower_id_wins(path, "Top 8")
    assert run("pair", path, "--no-reports", "-q").exit_code == 0
    loser = max(rows[0]["ID"], rows[1]["ID"])
    outsider = rows_of(path, "Top 4")[0]
    name = next(r["Player"] for r in rows if r["ID"] == loser)
    type_into(path, "Top 4", {outsider["_row"]: {"ID": loser, "Player": name}})
    lines = run("check", path).stdout.splitlines()
    assert f"Top 4!D{outsider['_row']}: {name} is out of the cut since Top 8, so cannot play in Top 4. Seat the " \
           "players still in, or use `pair --redo` while Top 4 has no results." in lines


def test_a_cut_larger_than_the_field_is_an_error_at_its_cell(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\nAnn\nBen\nCat\nDan\nEve\nFay\n", encoding="utf-8")
    path = tmp_path / "event.xlsx"
    run("init", path, "-r", "swiss", "-p", roster, "-n", 3, "--top-cut", 8, "-q")
    lines = run("check", path).stdout.splitlines()
    assert lines == ["Event!B10: Top cut is 8, but only 6 players are still in after round 3. Type a cut of at most "
                     "6, or none.", "1 error(s), 0 warning(s)."]
    before = digest(path)
    assert run("pair", path).exit_code == 1 and digest(path) == before
    result = run("init", Path(path).with_name("a.xlsx"), "-r", "allegiance", "--top-cut", 8)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("A allegiance final is one game, so Top cut must be 3 or 4, not 8. "
                                             "Type 3 or 4, or none.")


def test_an_allegiance_final_game_decides_places_outright(tmp_path, run):
    path = new_event(tmp_path, run, "allegiance", 9, 2, 4, allegiance_game)
    order = swiss_seeds(run, path)
    lines = run("pair", path, "--no-reports").stdout.splitlines()
    assert lines[0] == "Final: 1 game(s), 0 bye(s)."
    rows = rows_of(path, "Final")
    assert [(row["Game"], row["Seat"], row["ID"]) for row in rows] == [(1, n, order[n - 1]) for n in range(1, 5)]
    # Seed 3 wins with 22 VI; seeds 1 and 4 tie on 12 VI (the higher seed places first); seed 2 is eliminated.
    typed = {3: (22, "Y", None), 1: (12, None, None), 4: (12, None, None), 2: (0, None, "Y")}
    type_into(path, "Final", {row["_row"]: dict(zip(("VI", "Won", "Eliminated"), typed[row["Seat"]]))
                              for row in rows})
    placed = json.loads(run("standings", path, "--json").stdout)
    assert [(row["place"], row["id"], row["reached"]) for row in placed][:5] == [
        (1, order[2], "Champion"), (2, order[0], "Final"), (3, order[3], "Final"), (4, order[1], "Final"),
        (5, order[4], "")]


DIPLOMACY_FINAL = {  # seed: (centres, eliminated), the board ending in 1908
    1: (10, None), 2: (8, None), 3: (0, 1905), 4: (6, None), 5: (9, None), 6: (1, None), 7: (0, 1906)}


def top_board(tmp_path: Path, run, decides: str) -> tuple[Path, list[int], list[dict]]:
    path = new_event(tmp_path, run, "ndc-diplomacy", 21, 2, 7, diplomacy_board, seed=7)
    book = openpyxl.load_workbook(path)
    sheet = book["Event"]
    for row in range(1, sheet.max_row + 1):
        if sheet.cell(row=row, column=1).value == "Final decides":
            sheet.cell(row=row, column=2).value = decides
    book.save(path)
    order = swiss_seeds(run, path)
    assert run("pair", path, "--no-reports").stdout.splitlines()[0] == "Top board: 1 board(s), 0 sit-out(s)."
    rows = rows_of(path, "Top board")
    seed = {pid: number for number, pid in enumerate(order[:7], start=1)}
    type_into(path, "Top board", {row["_row"]: {"Centres": DIPLOMACY_FINAL[seed[row["ID"]]][0],
                                                "Eliminated": DIPLOMACY_FINAL[seed[row["ID"]]][1], "End year": 1908}
                                  for row in rows})
    return path, order, rows_of(path, "Top board")


def test_the_top_board_takes_the_top_7_with_the_powers_they_played_least(tmp_path, run):
    path, order, rows = top_board(tmp_path, run, "places")
    assert sorted(row["ID"] for row in rows) == sorted(order[:7])
    played: dict = {}
    for number, round_rows in read_sheets(path).rounds.items():
        for row in round_rows:
            if row.get("Power"):
                played.setdefault(row["ID"], []).append(row["Power"])
    powers = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    free = list(powers)
    for pid in order[:7]:  # in seed order, each takes the free power they have played least
        best = min(free, key=lambda p: (played.get(pid, []).count(p), powers.index(p)))
        assert next(row["Power"] for row in rows if row["ID"] == pid) == best
        free.remove(best)


def test_a_top_board_that_decides_places_orders_its_players_by_the_board(tmp_path, run):
    path, order, rows = top_board(tmp_path, run, "places")
    board = ndc_board(rows)
    finalists = sorted(order[:7], key=lambda pid: (-board[next(r["Player"] for r in rows if r["ID"] == pid)],
                                                   order.index(pid)))
    placed = json.loads(run("standings", path, "--json").stdout)
    assert [row["id"] for row in placed] == finalists + order[7:]
    assert [row["reached"] for row in placed][:8] == ["Champion"] + ["Top board"] * 6 + [""]


def test_a_top_board_that_adds_to_the_score_ranks_its_players_with_it(tmp_path, run):
    path, order, rows = top_board(tmp_path, run, "score")
    sheets = read_sheets(path)
    boards: dict = {}
    for number in sheets.rounds:
        for table in games_of(sheets.rounds[number]).values():
            for name, points in ndc_board(table).items():
                boards.setdefault(name, []).append(points)
    top = ndc_board(rows)
    names = {row["ID"]: row["Player"] for row in rows}

    def event_score_plus_top_board(pid: int):
        played = boards[names[pid]]
        return -(sum(played) / len(played) + top[names[pid]]), order.index(pid)

    finalists = sorted(order[:7], key=event_score_plus_top_board)
    placed = json.loads(run("standings", path, "--json").stdout)
    assert [row["id"] for row in placed] == finalists + order[7:]
    by_board_alone = sorted(order[:7], key=lambda pid: (-top[names[pid]], order.index(pid)))
    assert finalists != by_board_alone  # on this event the two ways differ, so the setting is seen to matter


def test_the_cut_prints_a_bracket_poster_and_the_final_placings(tmp_path, run):
    sample = Path(__file__).resolve().parent.parent / "sample_events" / "swiss-top-8-24-players.xlsx"
    placed = json.loads(run("standings", sample, "--json", "--no-write").stdout)
    names = {row["id"]: row["name"] for row in placed}
    result = run("report", sample, "--out", tmp_path / "final")
    assert result.stdout.splitlines()[0] == f"Final: 10 file(s) in {tmp_path / 'final'}"
    poster = (tmp_path / "final" / "bracket.html").read_text(encoding="utf-8")
    assert "body { page: poster;" in poster  # one landscape page, as the standings poster
    assert f'Champion: <span class="name">{names[placed[0]["id"]]}</span>' in poster
    for stage in ("Top 8", "Top 4", "Final"):
        assert f"<h2>{stage}</h2>" in poster
    seeds = [int(seed) for seed in re.findall(r'<span class="seed">(\d+)</span>', poster)]
    assert seeds[:8] == [seed for pair in TOP_8 for seed in pair]
    page = (tmp_path / "final" / "placings.html").read_text(encoding="utf-8")
    assert re.findall(r'<td class="player">([^<]+)</td><td>[^<]*</td><td class="reached">([^<]*)</td>', page) == [
        (row["name"], row["reached"]) for row in placed]
    top8 = run("report", sample, "--round", 6, "--out", tmp_path / "top8")
    assert top8.stdout.splitlines()[0] == f"Top 8: 10 file(s) in {tmp_path / 'top8'}"
    assert "The final placings are printed once the final has its result." in \
        (tmp_path / "top8" / "placings.html").read_text(encoding="utf-8")
    slips = (tmp_path / "top8" / "result_slips.html").read_text(encoding="utf-8")
    assert slips.count('class="slip-table">Match ') == 4
