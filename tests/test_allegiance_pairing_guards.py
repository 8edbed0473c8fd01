"""Mutation guards for `Allegiance.pair`: it hands the engine each player's wins (mutant 27: scores all 0), the
team rule of this round (mutants 10, 19) and the round number (mutant 35). See docs/mutation.md."""

from __future__ import annotations

import json

from builder import make_event, seating

HEADERS = ["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"]
NAMES = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida"]


def test_allegiance_round_2_keeps_the_winners_together_as_their_wins_say(tmp_path, run):
    """000: games are filled down the standings and the spread of wins in a game kept small. Ann and Ben both won
    game 1, Dee won game 2, nobody won game 3. Round 2 can repeat nobody only with one player of each round-1 game
    per game, so Ann and Ben sit apart; Dee then joins one of them (two games span a win) rather than Cal (three
    games would). The engine reads each player's wins from the standings, where they lead every ranking: given no
    score key, the pairing stops rather than taking every score as 0."""
    games = [(1, "Ann", 25, "Y"), (1, "Ben", 22, "Y"), (1, "Cal", 30, None), (2, "Dee", 21, "Y"), (2, "Eve", 12, None),
             (2, "Fay", 9, None), (3, "Gus", 15, None), (3, "Hal", 14, None), (3, "Ida", 13, None)]
    rows = [(game, seat, NAMES.index(name) + 1, name, vi, won, None, None)
            for seat, (game, name, vi, won) in enumerate(games, start=1)]
    path = make_event(tmp_path / "e.xlsx", NAMES, [rows], ruleset="allegiance", round_headers=HEADERS,
                      settings={"Tiebreakers": "wins, vi, random"})
    assert run("pair", path, "--no-reports").exit_code == 0
    tables = [set(names) for label, names in seating(path, 2).items() if label != "BYE"]
    dee = next(table for table in tables if "Dee" in table)
    assert "Ann" in dee or "Ben" in dee


def test_allegiance_keeps_team_mates_apart_as_the_setting_says_for_this_round(tmp_path, run):
    """`Keep teams apart`: with `round 1 only` Ann and Ben (one team) never share a round-1 game, whatever the
    seed; with `never` the seeded draw puts them together in some (mutants 10 and 19 of `Allegiance.pair`)."""
    players = [(i, name, "Red" if i <= 2 else None) for i, name in enumerate(NAMES[:6], start=1)]
    together = {}
    for rule in ("round 1 only", "never"):
        together[rule] = 0
        for seed in range(8):
            path = make_event(tmp_path / f"{rule}-{seed}.xlsx", players, ruleset="allegiance", seed=seed,
                              settings={"Keep teams apart": rule})
            assert run("pair", path, "--no-reports").exit_code == 0
            together[rule] += any({"Ann", "Ben"} <= set(names) for names in seating(path, 1).values())
    assert together["round 1 only"] == 0 and together["never"] > 0


def test_a_large_allegiance_field_is_searched_with_its_round_number(run):
    """The tabu search of a field too large to enumerate reads the round (its seed, its recency bound): the
    ruleset passes it on (mutant 35 of `Allegiance.pair` passed none, which broke the search at 40 players)."""
    result = run("simulate", "--ruleset", "allegiance", "--players", "40", "--rounds", "4", "--runs", "1",
                 "--seed", "3", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["runs"] == 1
