"""chits-and-cards (source 003): an 8-player, 4-round event worked by hand, and its invariants."""

from __future__ import annotations

import json
import random

import openpyxl
import pytest
from builder import make_event, round_rows
from hypothesis import given, settings, strategies as st

from sheetrunner.model.history import compute_history
from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.model.options import COMMON_OPTIONS
from sheetrunner.rulesets import all_rulesets
from sheetrunner.rulesets.chits_and_cards import current_cards
from sheetrunner.rules.tournament import standings_after
from test_swiss_engine import all_matchings

RULESETS = all_rulesets()

RULES = RULESETS["chits-and-cards"]
PLAYERS = [(i, name, None, i) for i, name in enumerate("ABCDEFGH", start=1)]  # card i for the i-th player

# By hand, following 003. Each round: the pairs the procedure must make, then the results typed.
ROUNDS = [
    # Round 1: lowest card v highest.
    ({"AH", "BG", "CF", "DE"}, {"A": "W", "H": "L", "B": "W", "G": "L", "C": "D", "F": "D", "E": "W", "D": "L"}),
    # Chits 5: A1 B2 E4 -> A v B, E left over takes C3 (chits 4; E met D); F6 left over takes D5; G v H.
    ({"AB", "CE", "DF", "GH"}, {"A": "W", "B": "L", "C": "W", "E": "L", "D": "W", "F": "L", "H": "W", "G": "L"}),
    # Chits 6: A; 5: C3; 4: B2 E4 D5 H7; 3: F6; 2: G8 -> A v C, B v E, D v H, F v G.
    ({"AC", "BE", "DH", "FG"}, {"A": "D", "C": "D", "B": "W", "E": "L", "H": "W", "D": "L", "G": "W", "F": "L"}),
    # Chits 6: A; 5: B2 C3 H5; 3: E4 G6 D7; 2: F8. A has met B, C and H, so takes E4 from the group below;
    # B v C; H has met G and D, so takes F8; G v D.
    ({"AE", "BC", "FH", "DG"}, {"A": "W", "E": "L", "B": "W", "C": "L", "H": "W", "F": "L", "D": "W", "G": "L"}),
]
# (chits, card) after each round, by hand: the winner takes a chit and ends up with the lower card.
AFTER = [
    {"A": (5, 1), "B": (5, 2), "C": (4, 3), "D": (3, 5), "E": (5, 4), "F": (4, 6), "G": (3, 7), "H": (3, 8)},
    {"A": (6, 1), "B": (4, 2), "C": (5, 3), "D": (4, 5), "E": (4, 4), "F": (3, 6), "G": (2, 8), "H": (4, 7)},
    {"A": (6, 1), "B": (5, 2), "C": (5, 3), "D": (3, 7), "E": (3, 4), "F": (2, 8), "G": (3, 6), "H": (5, 5)},
    {"A": (7, 1), "B": (6, 2), "C": (4, 3), "D": (4, 6), "E": (2, 4), "F": (1, 8), "G": (2, 7), "H": (6, 5)},
]


def type_results(path, number, results):
    book = openpyxl.load_workbook(path)
    for row in book[f"Round {number}"].iter_rows(min_row=2):
        row[4].value = results[row[3].value]
    book.save(path)


def pairs_in(path, number):
    tables: dict = {}
    for row in round_rows(path, number)[1:]:
        tables.setdefault(row[0], []).append(row[3])
    return {"".join(sorted(names)) for names in tables.values()}


def test_eight_players_four_rounds_by_hand(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", PLAYERS, ruleset="chits-and-cards", total_rounds=4,
                      player_headers=["ID", "Name", "Team", "Card"])
    for number, (pairs, results) in enumerate(ROUNDS, start=1):
        result = run("pair", path)
        assert result.exit_code == 0, result.output
        assert pairs_in(path, number) == pairs, f"round {number}"
        assert "Compromises: none." in result.stdout or "Same table" in result.stdout
        type_results(path, number, results)
        table = json.loads(run("standings", "--json", "--no-write", path).stdout)
        assert {r["name"]: (r["chits"], r["card"]) for r in table} == AFTER[number - 1], f"after round {number}"
    assert [r["name"] for r in table] == ["A", "B", "H", "C", "D", "E", "G", "F"]
    assert {r["name"]: r["swiss_rank"] for r in table} == {"A": 1, "B": 2, "H": 3, "D": 4, "C": 5, "E": 6, "G": 7,
                                                           "F": 8}


def test_cards_are_dealt_by_the_seed_and_written_into_players(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", list("ABCDEF"), ruleset="chits-and-cards", total_rounds=3, seed=4)
    assert run("pair", path).exit_code == 0
    rows = list(openpyxl.load_workbook(path)["Players"].iter_rows(values_only=True))
    assert rows[0][3] == "Card"
    cards = {row[1]: row[3] for row in rows[1:]}
    assert sorted(cards.values()) == [1, 2, 3, 4, 5, 6]
    lowest, highest = min(cards, key=cards.get), max(cards, key=cards.get)
    assert "".join(sorted(lowest + highest)) in pairs_in(path, 1)


def test_odd_field_bye_is_a_win_with_a_chit_from_the_bank_and_no_swap(tmp_path, run):
    players = [(i, name, None, i) for i, name in enumerate("ABCDE", start=1)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Card"])
    assert run("pair", path).exit_code == 0
    assert [row[3] for row in round_rows(path, 1)[1:] if row[0] == BYE] == ["E"]  # lowest ranked: highest card
    type_results(path, 1, {"A": "W", "D": "L", "B": "L", "C": "W", "E": None})
    table = {r["name"]: (r["chits"], r["card"]) for r in
             json.loads(run("standings", "--json", "--no-write", path).stdout)}
    assert table == {"A": (4, 1), "B": (2, 3), "C": (4, 2), "D": (2, 4), "E": (4, 5)}


def test_cards_typed_twice_are_an_error(tmp_path, run):
    players = [(1, "A", None, 1), (2, "B", None, 1)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards",
                      player_headers=["ID", "Name", "Team", "Card"])
    assert run("check", path).stdout.splitlines()[0] == ("Players!B3: B and A both hold card 1. Each card is dealt "
                                                         "once: correct one of them.")


def event_settings(rounds, seed):
    values = {o.key: o.default for o in COMMON_OPTIONS + RULES.game.all_options}
    values.update(rounds=rounds, seed=seed)
    return Settings("chits-and-cards", rounds, seed, options=values, tiebreakers=RULES.game.tiebreakers)


def play(event, number, rng):
    pairing = RULES.pairer.pair(event, standings_after(event, RULES), compute_history(event.rounds), number)
    tables = []
    for table in pairing.tables:
        first = rng.choice("WLD")
        other = {"W": "L", "L": "W", "D": "D"}[first]
        tables.append(Table(table.number, (Seat(table.player_ids[0], 1, {"result": first}),
                                           Seat(table.player_ids[1], 2, {"result": other}))))
    tables += [Table(BYE, (Seat(pid, 1, {"result": None}),)) for pid in pairing.byes]
    return pairing, Round(number, tuple(tables))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(1, 5), st.integers(0, 10**6))
def test_invariants_over_random_events(count, rounds, seed):
    rng = random.Random(seed)
    event = Event(event_settings(rounds, seed), tuple(Player(i, f"P{i}") for i in range(1, count + 1)))
    byes = 0
    for number in range(1, rounds + 1):
        history = compute_history(event.rounds)
        pairing, round_ = play(event, number, rng)
        seated = [p for t in pairing.tables for p in t.player_ids] + pairing.byes
        assert sorted(seated) == list(range(1, count + 1))
        rematches = [t for t in pairing.tables if t.player_ids[1] in history.met.get(t.player_ids[0], {})]
        if rematches:  # only when no pairing of the same players avoids one
            ids = [p for t in pairing.tables for p in t.player_ids]
            assert all(any(b in history.met.get(a, {}) for a, b in m) for m in all_matchings(ids))
        byes += len(pairing.byes)
        event = event.with_rounds(event.rounds + (round_,))
        assert sorted(current_cards(event).values()) == list(range(1, count + 1))
        standings = standings_after(event, RULES)
        assert sum(row.values["chits"] for row in standings.rows) == count * rounds + byes


def test_when_the_procedure_needs_a_rematch_the_swiss_engine_pairs_the_round_and_says_so():
    from sheetrunner.model.history import History
    from sheetrunner.pairing.chits import ChitHolder, pair_by_cards
    from sheetrunner.pairing.chits import FALLBACK

    chits = {1: 3, 2: 2, 3: 4, 4: 2, 5: 2, 6: 2}
    cards = {1: 4, 2: 1, 3: 3, 4: 5, 5: 2, 6: 6}
    met = {1: {3, 4, 5, 6}, 2: {6}, 3: {1, 6}, 4: {1}, 5: {1}, 6: {1, 2, 3}}
    holders = [ChitHolder(p, chits[p], cards[p], frozenset(met[p])) for p in chits]
    # 3 (4 chits) cannot meet 1 (3 chits) and takes 2; 1 has met everyone else left; 5 v 4; 1 and 6 have met.
    assert pair_by_cards(holders, first_round=False) is None
    history = History()
    for player, others in met.items():
        history.met[player].update({other: 1 for other in others})
    event = Event(event_settings(4, 1), tuple(Player(i, f"P{i}", fixed_table=3 if i == 5 else None) for i in chits))
    pairing = RULES.game._fallback(event, sorted(holders, key=lambda h: (-h.chits, h.card)), history, 3,
                                   False).explain({})
    pairs = [t.player_ids for t in pairing.tables]
    assert not any(b in met[a] for a, b in pairs)
    assert all(FALLBACK in pairing.notes[p] for p in chits)
    assert next(t.number for t in pairing.tables if 5 in t.player_ids) == 3  # P5's fixed table, kept


def test_team_mates_are_skipped_like_opponents_already_met(tmp_path, run):
    """Carmen and Siobhán are both South: 003's order would pair them (1 v 4); sheetrunner skips the team mate."""
    players = [(1, "Carmen Ortega", "South", 1), (2, "Ben Ho", None, 2), (3, "Ann Lee", None, 3),
               (4, "Siobhán O'Brien", "South", 4)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Card"])
    result = run("pair", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:4] == ["  Table 1: Carmen Ortega v Ann Lee", "  Table 2: Ben Ho v Siobhán O'Brien",
                                               "Compromises: none."]


def test_fixed_tables_an_invited_bye_and_a_late_entry_in_round_1(tmp_path, run):
    """003's first round pairs lowest card with highest: Ann v Gus, Ben v Flo, Cy v Di; Ed's invited bye (Byes 1)
    takes the odd place. Gus and Flo both want table 1: Gus's game comes first and gets it, Flo's game sits at Ben's
    fixed table 3, and the rest take the first free number. Hal joins in round 2: no card is written for him yet
    (he is dealt one when he plays)."""
    headers = ["ID", "Name", "Team", "Card", "Fixed table", "Byes", "Joined in"]
    players = [(1, "Ann", None, 1, None, None, None), (2, "Ben", None, 2, 3, None, None),
               (3, "Cy", None, 3, None, None, None), (4, "Di", None, 4, None, None, None),
               (5, "Ed", None, 5, None, 1, None), (6, "Flo", None, 6, 1, None, None),
               (7, "Gus", None, 7, 1, None, None), (8, "Hal", None, None, None, None, 2)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards", total_rounds=3, player_headers=headers)
    result = run("pair", path)
    assert result.stdout.splitlines()[:8] == [
        "Round 1: 3 table(s), 1 bye(s).", "  Table 1: Ann v Gus", "  Table 2: Cy v Di", "  Table 3: Ben v Flo",
        "  Bye: Ed", "Compromises:", "  - Table 3 (Flo): Could not sit at fixed table 1: it went to another fixed player.",
        "  - Bye (Ed): Invited: bye 1 of 1 before round 1 (Byes in Players)."]
    cards = {row[1]: row[3] for row in openpyxl.load_workbook(path)["Players"].iter_rows(min_row=2, values_only=True)}
    assert cards == {"Ann": 1, "Ben": 2, "Cy": 3, "Di": 4, "Ed": 5, "Flo": 6, "Gus": 7, "Hal": None}


def test_the_bye_goes_to_the_lowest_ranked_player_without_one_then_to_the_lowest_ranked(tmp_path, run):
    """Three players, four rounds, each game won by seat 1. Round 1: C (highest card) sits out. Round 2: B is last
    (3 chits). Round 3: B and C have had theirs, so A, first on 6 chits, takes it. Round 4: everyone has had one, so
    the lowest-ranked, C (3 chits), has a second."""
    path = make_event(tmp_path / "e.xlsx", [(1, "A", None, 1), (2, "B", None, 2), (3, "C", None, 3)],
                      ruleset="chits-and-cards", total_rounds=4, player_headers=["ID", "Name", "Team", "Card"])
    byes = []
    for number in range(1, 5):
        result = run("pair", path)
        assert result.exit_code == 0, result.output
        rows = round_rows(path, number)[1:]
        byes += [row[3] for row in rows if row[0] == BYE]
        type_results(path, number, {row[3]: None if row[0] == BYE else "W" if row[1] == 1 else "L" for row in rows})
    assert byes == ["C", "B", "A", "C"]
    assert result.stdout.splitlines()[1:3] == ["  Table 1: A (Chits 7) v B (Chits 5)", "  Bye: C (Chits 3)"]


@pytest.mark.parametrize("rule, first_table", [
    ("always", "Carmen Ortega v Ann Lee"), ("round 1 only", "Carmen Ortega v Ann Lee"),
    ("never", "Carmen Ortega v Siobhán O'Brien")])
def test_keep_teams_apart_decides_whether_003s_order_skips_a_team_mate(tmp_path, run, rule, first_table):
    """Carmen (card 1) and Siobhán (card 4) are both South: 003's first round pairs card 1 with card 4."""
    players = [(1, "Carmen Ortega", "South", 1), (2, "Ben Ho", None, 2), (3, "Ann Lee", None, 3),
               (4, "Siobhán O'Brien", "South", 4)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Card"], settings={"Keep teams apart": rule})
    result = run("pair", path)
    assert result.stdout.splitlines()[1:4:2] == [f"  Table 1: {first_table}", "Compromises: none."]


def test_results_that_disagree_or_name_the_wrong_player_are_said_at_their_cells(tmp_path, run):
    """Round 1 (A v H, B v G, C v F, D v E), typed: W on both rows of table 1; C's name on B's row; each of C and F
    naming themselves; and only E's name on D's row, which is the whole match (E won)."""
    path = make_event(tmp_path / "e.xlsx", PLAYERS, ruleset="chits-and-cards", total_rounds=4,
                      player_headers=["ID", "Name", "Team", "Card"])
    assert run("pair", path).exit_code == 0
    type_results(path, 1, {"A": "W", "H": "W", "B": "C", "G": None, "C": "C", "F": "F", "D": "E", "E": None})
    assert run("check", path).stdout.splitlines() == [
        "Round 1!E3: Table 1: results W and W do not agree. One player wins (W) and the other loses (L), or both draw "
        "(D).",
        'Round 1!E4: Table 2: "C" names C, who does not play at this table (B and G). Type W, L or D, or the name of '
        "the player at this table who won.",
        "Round 1!E7: Table 3: F's row says F won (F), but C's row says C won (C). Correct one of the two rows, or "
        "clear one of them: one row says the whole match.",
        "Round 1: warning: 3 of 4 tables have results so far. The standings leave this round out until every result "
        "is in.",
        "3 error(s), 1 warning(s)."]


def test_a_card_above_the_number_of_players_is_an_error_at_the_players_name(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann", None, 1), (2, "Ben", None, 5), (3, "Cat", None, 3)],
                      ruleset="chits-and-cards", total_rounds=3, player_headers=["ID", "Name", "Team", "Card"])
    assert run("check", path).stdout.splitlines() == [
        "Players!B3: Ben's card 5 is above the number of players (3). Cards run from 1 to the number of players.",
        "1 error(s), 0 warning(s)."]


def test_a_match_loss_decides_the_game_for_chits_and_cards_alike(tmp_path, run):
    """Round 1 as by hand, but A (who won against H) is given a match loss: H wins, takes A's chit and keeps the
    lower card (1), A ends with H's 8; round 2 is paired on those."""
    from test_penalties import add_penalties

    path = make_event(tmp_path / "e.xlsx", PLAYERS, ruleset="chits-and-cards", total_rounds=4,
                      player_headers=["ID", "Name", "Team", "Card"])
    assert run("pair", path).exit_code == 0
    type_results(path, 1, ROUNDS[0][1])
    add_penalties(path, [(1, "A", "Match loss", None, "tardy")])
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert {r["name"]: (r["chits"], r["card"]) for r in table} == {**AFTER[0], "A": (3, 8), "H": (5, 1)}
    assert run("pair", path).stdout.splitlines()[1:5] == [
        "  Table 1: H (Chits 5) v B (Chits 5)", "  Table 2: E (Chits 5) v C (Chits 4)",
        "  Table 3: F (Chits 4) v D (Chits 3)", "  Table 4: G (Chits 3) v A (Chits 3)"]


@pytest.mark.parametrize("tiebreakers", [None, "chits, random"])
def test_the_table_cards_show_each_players_chits_and_card_as_the_round_starts(tmp_path, run, tiebreakers):
    """Round 1: everyone holds Rounds (4) chits and the card dealt; round 2: the chits and cards after round 1, as
    worked by hand (AFTER[0]); the same when the standings show no Card column (it stopped `pair` after writing
    the round, with an internal error)."""
    import html
    import re

    path = make_event(tmp_path / "e.xlsx", PLAYERS, ruleset="chits-and-cards", total_rounds=4,
                      player_headers=["ID", "Name", "Team", "Card"], settings={"Tiebreakers": tiebreakers})
    assert run("pair", path).exit_code == 0
    type_results(path, 1, ROUNDS[0][1])
    assert run("pair", path).exit_code == 0

    def seats(number):
        page = (tmp_path / "e-reports" / f"round-{number}" / "table_cards.html").read_text(encoding="utf-8")
        words = re.sub(r"\s+", " ", html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", page, flags=re.S)))
        return re.findall(r"Table (\d) Player Chits Card (\w) (\d) (\d) (\w) (\d) (\d)", words)

    dealt = [("1", "A", "4", "1", "H", "4", "8"), ("2", "B", "4", "2", "G", "4", "7"),
             ("3", "C", "4", "3", "F", "4", "6"), ("4", "D", "4", "4", "E", "4", "5")]
    assert seats(1) == dealt
    after = {name: (str(chits), str(card)) for name, (chits, card) in AFTER[0].items()}
    assert [(a, *after[a], b, *after[b]) for _, a, _, _, b, _, _ in seats(2)] == [row[1:] for row in seats(2)]
    assert [row[1] + row[4] for row in seats(2)] == ["AB", "EC", "FD", "GH"]
    assert run("report", path, "--round", 1).exit_code == 0  # printed again once its results are in: as it started
    assert seats(1) == dealt


def test_a_dropped_player_and_an_added_soft_score_in_the_standings(tmp_path, run):
    """D drops after round 1; Painting is added to Chits (A and C painted 2). After 003's round 1 (`AFTER`): A
    5 + 2 = 7 chits, C 4 + 2 = 6; D is marked dropped; the Swiss columns beside are the games' alone."""
    players = [(i, name, None, card, 2 if name in "AC" else None, 1 if name == "D" else None)
               for i, name, _, card in PLAYERS]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards", total_rounds=4,
                      player_headers=["ID", "Name", "Team", "Card", "Painting", "Dropped after"],
                      settings={"Soft scores": "Painting (add)"})
    assert run("pair", path).exit_code == 0
    type_results(path, 1, ROUNDS[0][1])
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(row["name"], row["chits"], row["card"], row["match_points"], row["swiss_rank"], row["dropped"])
            for row in table] == [
        ("A", 7, 1, 3, 1, False), ("C", 6, 3, 1, 4, False), ("B", 5, 2, 3, 1, False), ("E", 5, 4, 3, 1, False),
        ("F", 4, 6, 1, 4, False), ("D", 3, 5, 0, 6, True), ("G", 3, 7, 0, 6, False), ("H", 3, 8, 0, 6, False)]


def test_with_no_card_typed_the_starters_are_dealt_by_the_seed_and_a_late_entry_the_next_card(tmp_path, run):
    """Nobody typed a card: round 1 deals 1 to 8 to the starting players by the seed; Hal, joining in round 2,
    is dealt 9 when he plays, and nobody's card changes for it."""
    players = [(i, name, None, None, None) for i, name in enumerate("ABCDEFGH", start=1)] + [(9, "Hal", None, None, 2)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Card", "Joined in"])

    def cards():
        return {row[1]: row[3] for row in openpyxl.load_workbook(path)["Players"].iter_rows(min_row=2, values_only=True)}

    assert run("pair", path).exit_code == 0
    dealt = cards()
    assert sorted(dealt[name] for name in "ABCDEFGH") == list(range(1, 9)) and dealt["Hal"] is None
    type_results(path, 1, {name: "W" if names[0] == name else "L" for names in pairs_in(path, 1) for name in names})
    assert run("pair", path).exit_code == 0
    assert cards() == {**dealt, "Hal": 9}
