"""Penalties (issue 21, §2): the optional `Penalties` sheet, applied in scoring so every tiebreaker sees it."""

from __future__ import annotations

import json
from fractions import Fraction as F

import openpyxl
from builder import make_event, round_rows, seating

from sheetrunner import api

SWISS_ROUND = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]
PENALTY_HEADERS = ["Round", "Player", "Kind", "Points", "Note"]


def add_penalties(path, rows, headers=PENALTY_HEADERS):
    """A `Penalties` sheet as a TO would type it."""
    book = openpyxl.load_workbook(path)
    sheet = book.create_sheet("Penalties")
    for row in [headers, *rows]:
        sheet.append(list(row))
    book.save(path)
    return path


def swiss_event(tmp_path, name="e.xlsx", soft=True):
    """Five players, two rounds typed by hand; Eve is invited with a bye in round 1 (Byes = 1).

    R1: Ann 1 - 1 Ben, Cat 2 - 0 Dov, Eve BYE.  R2: Ann 2 - 0 Cat, Ben 2 - 1 Eve, Dov BYE.
    """
    players = [(1, "Ann", None, None, 5), (2, "Ben", None, None, 9), (3, "Cat", None, None, 7),
               (4, "Dov", None, None, 7), (5, "Eve", None, 1, 3)]
    r1 = [(1, 1, 1, "Ann", 1, None, None), (1, 2, 2, "Ben", 1, None, None), (2, 1, 3, "Cat", 2, None, None),
          (2, 2, 4, "Dov", 0, None, None), ("BYE", None, 5, "Eve", None, None, None)]
    r2 = [(1, 1, 1, "Ann", 2, None, None), (1, 2, 3, "Cat", 0, None, None), (2, 1, 2, "Ben", 2, None, None),
          (2, 2, 5, "Eve", 1, None, None), ("BYE", None, 4, "Dov", None, None, None)]
    return make_event(tmp_path / name, players, [r1, r2], ruleset="swiss", total_rounds=3,
                      settings={"Soft scores": "Sportsmanship"} if soft else {},
                      player_headers=["ID", "Name", "Team", "Byes", "Sportsmanship"], round_headers=SWISS_ROUND)


EVERY_KIND = [(1, "Ann", "game loss", None, "decklist"), (1, 3, "Match loss", None, "tardy"),
              (1, "Dov", "warning", None, "slow play"), (2, "Ben", "DQ", None, "cheating"),
              (2, "Eve", "point deduction", 1, None)]


def test_swiss_event_with_every_kind_of_penalty(tmp_path, run):
    """Defaults: 3/1/0 match points, bye 3 and 2-0, game points 3/1/0, floors 1/3, best of 3.

    Penalties: R1 Ann game loss (1-1 becomes Ben's 2-1 win: IPG, a game the opponent won), R1 Cat (by ID 3)
    match loss (the typed 2-0 becomes Dov's 2-0 win), R1 Dov warning (nothing), R2 Ben disqualified (his 2-1
    win stands; dropped after round 2), R2 Eve point deduction of 1 (off her round-2 match points).

    Per player (MP; games won / played):
        Ann  R1 loss 0, 1/3;  R2 win 3, 2/2    -> MP 3, games 3/5
        Ben  R1 win 3, 2/3;   R2 win 3, 2/3    -> MP 6, games 4/6
        Cat  R1 loss 0, 0/2;  R2 loss 0, 0/2   -> MP 0, games 0/4
        Dov  R1 win 3, 2/2;   R2 bye 3, 2/2    -> MP 6, games 4/4
        Eve  R1 bye 3, 2/2;   R2 loss 0 - 1, 1/3 -> MP 2, games 3/5
    MW% (MP over 3 per round, at least 1/3): Ann 1/2, Ben 1, Cat 1/3, Dov 1, Eve 2/6 = 1/3.
    GW% (3 per game won over 3 per game played): Ann 9/15 = 3/5, Ben 2/3, Cat 0 -> 1/3, Dov 1, Eve 3/5.
    OMW% (byes are not opponents): Ann (Ben, Cat) (1 + 1/3)/2 = 2/3; Ben (Ann, Eve) (1/2 + 1/3)/2 = 5/12;
        Cat (Dov, Ann) (1 + 1/2)/2 = 3/4; Dov (Cat) 1/3; Eve (Ben) 1.
    OGW%: Ann (2/3 + 1/3)/2 = 1/2; Ben (3/5 + 3/5)/2 = 3/5; Cat (1 + 3/5)/2 = 4/5; Dov 1/3; Eve 2/3.
    Order: Ben and Dov on 6 (OMW% 5/12 > 1/3), Ann 3, Eve 2, Cat 0.
    Sportsmanship award (top 3, Ben out as disqualified): Cat and Dov =1 on 7, Ann 3rd on 5.
    """
    path = add_penalties(swiss_event(tmp_path), EVERY_KIND)
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(r["name"], r["match_points"], r["dropped"], r["disqualified"], r["soft_sportsmanship"], r["deducted"])
            for r in table] == [("Ben", 6, True, True, 9, 0), ("Dov", 6, False, False, 7, 0),
                                ("Ann", 3, False, False, 5, 0), ("Eve", 2, False, False, 3, 1),
                                ("Cat", 0, False, False, 7, 0)]
    exact = {row.player.name: tuple(row.values[key] for key in ("opponents_match_win_pct", "game_win_pct",
                                                                 "opponents_game_win_pct"))
             for row in api.current_standings(path, write=False).standings.rows}
    assert exact == {"Ben": (F(5, 12), F(2, 3), F(3, 5)), "Dov": (F(1, 3), F(1), F(1, 3)),
                     "Ann": (F(2, 3), F(3, 5), F(1, 2)), "Eve": (F(1), F(3, 5), F(2, 3)),
                     "Cat": (F(3, 4), F(1, 3), F(4, 5))}
    text = run("standings", "--no-write", path).stdout
    assert "Ben (disqualified)" in text
    assert "  Penalty: Points deducted by penalties (Penalties sheet), already taken off the score." in text
    result = run("pair", path)
    assert result.exit_code == 0, result.output
    assert "Ben" not in [name for names in seating(path, 3).values() for name in names]
    book = openpyxl.load_workbook(path, read_only=True)
    status = {row[2]: row[-1] for row in book["Standings after R2"].iter_rows(min_row=2, values_only=True)}
    assert status["Ben"] == "disqualified" and status["Ann"] is None
    reports = path.parent / "e-reports" / "round-3"
    history = (reports / "history.html").read_text(encoding="utf-8")
    for line in ("Penalty: game loss (decklist)", "Penalty: match loss (tardy)", "Penalty: warning (slow play)",
                 "Penalty: disqualification (cheating)", "Penalty: point deduction of 1"):
        assert line in history
    standings = (reports / "standings.html").read_text(encoding="utf-8")
    award = standings[standings.index("<caption>Sportsmanship</caption>"):]
    assert [line.strip() for line in award.splitlines() if line.strip().startswith("<tr><td")] == [
        '<tr><td class="number rank">1</td><td class="player">Cat</td><td class="number value">7</td></tr>',
        '<tr><td class="number rank">1</td><td class="player">Dov</td><td class="number value">7</td></tr>',
        '<tr><td class="number rank">3</td><td class="player">Ann</td><td class="number value">5</td></tr>']
    assert "(disqualified)" in standings


def test_without_a_penalties_sheet_nothing_changes(tmp_path, run):
    """No Penalties sheet (or one with headers only) and no Soft scores: the same standings and columns as
    before issue 21. Ann 1-1 Ben is a drawn match; Cat's 2-0 stands."""
    plain = swiss_event(tmp_path, "plain.xlsx", soft=False)
    empty = add_penalties(swiss_event(tmp_path, "empty.xlsx", soft=False), [])
    first = json.loads(run("standings", "--json", "--no-write", plain).stdout)
    assert json.loads(run("standings", "--json", "--no-write", empty).stdout) == first
    assert list(first[0]) == ["rank", "tied", "id", "name", "team", "dropped", "match_points",
                              "opponents_match_win_pct", "game_win_pct", "opponents_game_win_pct"]
    assert {row["name"]: row["match_points"] for row in first} == {"Ann": 4, "Ben": 4, "Cat": 3, "Dov": 3, "Eve": 3}
    assert "Penalty" not in run("standings", "--no-write", plain).stdout


def test_penalty_cells_are_checked(tmp_path, run):
    """Each bad row is an error (or a warning) at its cell, all listed at once; the workbook is not touched."""
    path = add_penalties(swiss_event(tmp_path), [
        (1, "Anne", "warning"), (3, "Ben", "warning"), (1, "Ann", "yellow card"), (1, "Ann", "point deduction"),
        (1, "Ann", "point deduction", -2), (1, "Eve", "game loss"), (1, 99, "warning"), (2, "Cat", "game loss"),
        (1, "Ben", "disqualification"), (1, "Ann", "warning", 3)])
    result = run("check", path)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        'Penalties!B2: "Anne" is not on the roster. Did you mean "Ann"?',
        "Penalties!A3: Round 3 has not been played yet (the last round paired is 2). A penalty applies to a round "
        "that has been paired: type its number, or add the row once that round is paired.",
        'Penalties!C4: Kind needs one of warning, game loss, match loss, disqualification, point deduction, found '
        '"yellow card". Type warning, game loss, match loss, disqualification or point deduction.',
        "Penalties!D5: A point deduction needs its Points. Type the points a point deduction takes off, a number "
        "above 0.",
        "Penalties!D6: Points must be above 0, found -2. Type the points taken off as a positive number: 2 takes 2 "
        "points off.",
        "Penalties!B7: Eve has a bye in Round 1, so there is no match for a game loss. Type the round of the match "
        "the penalty applies to (IPG: the player's next match when theirs had ended).",
        "Penalties!B8: No player has ID 99. Use an ID from the Players sheet, or type the name.",
        "Penalties!A10: Ben is disqualified in round 1 but is seated in Round 2. A disqualification drops the "
        "player after its round: type the last round they played, or remove them from the later round.",
        "Penalties!D11: warning: Points are ignored for a warning. Clear them, or make the Kind point deduction.",
        "Penalties!C9: Ann already won 2 of the best-of-3 match at Round 2 table 1; a game loss on top makes 3, "
        "which cannot happen. The round sheet holds the games played at the table: type the score without the "
        "game loss, or give it in the player's next round.",
        "9 error(s), 1 warning(s)."]


def test_kinds_a_ruleset_does_not_have(tmp_path, run):
    """Game losses need games won (swiss only); match losses need two-player games."""
    path = make_event(tmp_path / "tp.xlsx", ["Ann", "Ben"], [[(1, "Ann", 3, 1), (1, "Ben", 2, 0)]], total_rounds=2)
    add_penalties(path, [(1, "Ann", "game loss")])
    assert run("check", path).output.splitlines()[0] == (
        "Penalties!C2: A game loss does not apply in swiss-tp: its results do not count games won (only swiss "
        "does). Use one of: warning, point deduction, disqualification, match loss.")
    path = allegiance_event(tmp_path, [(1, "Ann", "match loss")])
    assert run("check", path).output.splitlines()[0] == (
        "Penalties!C2: A match loss does not apply in allegiance: its games have more than two players, so there "
        "is no opponent to win the match. Use one of: warning, point deduction, disqualification.")


def test_swiss_tp_match_loss_and_point_deduction(tmp_path, run):
    """004 defaults (victory 3, tie 1, defeat 0; +1 at 4 OP; +1 for losing by 1).

    R1: Ann 5 v Ben 3 (Ann 3+1 = 4, Ben 0); Cat 2 v Dov 2 (1 each).
    R2: Ann 4 v Cat 3 (Ann 4, Cat 0+1 = 1); Ben 6 v Dov 1, but Ben has a match loss: Ben 0 (a defeat earns no
    bonus), Dov a victory 3 (OP 1: no offensive bonus). OP and SP stay as typed.
    Ann loses 2 points in round 1: TP Ann 2+4 = 6, Ben 0, Cat 2, Dov 4.
    OP Ann 9, Ben 9, Cat 5, Dov 3; opponents' OP Ann 9+5 = 14, Ben 9+3 = 12, Cat 3+9 = 12, Dov 5+9 = 14.
    """
    rounds = [[(1, "Ann", 5, 2), (1, "Ben", 3, 1), (2, "Cat", 2, 0), (2, "Dov", 2, 3)],
              [(1, "Ann", 4, 1), (1, "Cat", 3, 2), (2, "Ben", 6, 0), (2, "Dov", 1, 1)]]
    path = make_event(tmp_path / "tp.xlsx", ["Ann", "Ben", "Cat", "Dov"], rounds, total_rounds=3)
    add_penalties(path, [(2, "Ben", "match loss", None, "outside assistance"), (1, "Ann", "point deduction", 2)])
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(r["name"], r["tp"], r["op"], r["opponents_op"], r["deducted"]) for r in table] == [
        ("Ann", 6, 9, 14, 2), ("Dov", 4, 3, 14, 0), ("Cat", 2, 5, 12, 0), ("Ben", 0, 9, 12, 0)]


def test_a_swiss_tp_match_loss_gives_the_opponent_the_offensive_bonus_its_own_op_reached(tmp_path, run):
    """004: the forced victory is 3 TP, +1 when the winner's own OP reached the threshold (4). Ann 4 v Ben 6 and
    Cat 2 v Dov 5, Ben and Dov given match losses: Ann 3+1 = 4, Cat 3 (2 OP), Ben and Dov 0; and a win and a loss
    for every tiebreaker that counts them (win %: Ann and Cat 1, Ben and Dov 0)."""
    rounds = [[(1, "Ann", 4, 0), (1, "Ben", 6, 0), (2, "Cat", 2, 0), (2, "Dov", 5, 0)]]
    path = make_event(tmp_path / "tp.xlsx", ["Ann", "Ben", "Cat", "Dov"], rounds, total_rounds=3,
                      settings={"Tiebreakers": "tp, win_pct"})
    add_penalties(path, [(1, "Ben", "match loss", None, None), (1, "Dov", "match loss", None, None)])
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert {r["name"]: (r["tp"], r["win_pct"]) for r in table} == {"Ann": (4, 1), "Cat": (3, 1), "Ben": (0, 0),
                                                                   "Dov": (0, 0)}


def allegiance_event(tmp_path, penalties):
    """Game 1: Ann 20 VI won, Ben 12, Cat eliminated. Game 2: Dov 21 won, Eve 15, Fay 9."""
    headers = ["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"]
    rows = [(1, 1, 1, "Ann", 20, "Y", None, None), (1, 2, 2, "Ben", 12, None, None, None),
            (1, 3, 3, "Cat", 0, None, "Y", None), (2, 1, 4, "Dov", 21, "Y", None, None),
            (2, 2, 5, "Eve", 15, None, None, None), (2, 3, 6, "Fay", 9, None, None, None)]
    path = make_event(tmp_path / "al.xlsx", ["Ann", "Ben", "Cat", "Dov", "Eve", "Fay"], [rows],
                      ruleset="allegiance", total_rounds=3, round_headers=headers)
    return add_penalties(path, penalties)


def test_allegiance_point_deduction_takes_victory_influence(tmp_path, run):
    """Ann loses 5 VI in round 1 (wins are games won, so a deduction takes VI): VI Ann 15, Ben 12, Cat 0,
    Dov 21, Eve 15, Fay 9. Opponents' VI sees it: Ann 12+0 = 12, Ben 15+0 = 15, Cat 15+12 = 27, Dov 15+9 = 24,
    Eve 21+9 = 30, Fay 21+15 = 36. Order: wins (Dov, Ann), then VI."""
    path = allegiance_event(tmp_path, [(1, "Ann", "point deduction", 5, "late result slip")])
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(r["name"], r["wins"], r["vi"], r["opponents_vi"], r["deducted"]) for r in table] == [
        ("Dov", 1, 21, 24, 0), ("Ann", 1, 15, 12, 5), ("Eve", 0, 15, 30, 0), ("Ben", 0, 12, 15, 0),
        ("Fay", 0, 9, 36, 0), ("Cat", 0, 0, 27, 0)]
    assert round_rows(path, 1)[1][4] == 20  # the round sheet is never changed


def test_a_match_loss_in_a_best_of_five_is_the_opponents_3_0_win(tmp_path):
    """The forced result takes the majority of Best of (3 of 5, not a best of three's 2), whatever was typed: Cat's
    typed 3-0 win over Dov becomes Dov's 3-0 win, three games played; Ann's 3-1 over Ben stands."""
    players = [(1, "Ann", None), (2, "Ben", None), (3, "Cat", None), (4, "Dov", None)]
    r1 = [(1, 1, 1, "Ann", 3, None, None), (1, 2, 2, "Ben", 1, None, None), (2, 1, 3, "Cat", 3, None, None),
          (2, 2, 4, "Dov", 0, None, None)]
    path = make_event(tmp_path / "e.xlsx", players, [r1], ruleset="swiss", total_rounds=3, settings={"Best of": 5},
                      round_headers=SWISS_ROUND)
    add_penalties(path, [(1, "Cat", "match loss", None, "tardy")])
    scores = {s.player_id: (s.outcome, s.values) for s in api.current_standings(path, write=False).standings.scores}
    assert scores == {1: ("win", {"mp": 3, "games_won": 3, "games_drawn": 0, "games_played": 4}),
                      2: ("loss", {"mp": 0, "games_won": 1, "games_drawn": 0, "games_played": 4}),
                      3: ("loss", {"mp": 0, "games_won": 0, "games_drawn": 0, "games_played": 3}),
                      4: ("win", {"mp": 3, "games_won": 3, "games_drawn": 0, "games_played": 3})}
