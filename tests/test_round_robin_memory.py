"""pod-round-robin remembers its schedule (§2, §5.3): a Pod changed after round 1 is an error at its cell, and a
round changed by hand is made up for in the rounds left, or noted and warned about when it cannot be."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import openpyxl
import pytest
from builder import digest, edit_players, make_event, round_rows, seating, type_results

from sheetrunner.model.event import Player
from sheetrunner.pairing import PairingImpossible
from sheetrunner.rulesets.pod_round_robin import check_everyone_placed

SEVEN = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay", "Gus"]


def pod_event(path, names=SEVEN, pods=None, rounds=7):
    pods = pods or {name: "A" for name in names}
    return make_event(path, [(i, name, None, pods[name]) for i, name in enumerate(names, start=1)],
                      ruleset="pod-round-robin", total_rounds=rounds, player_headers=["ID", "Name", "Team", "Pod"])


def play(path, number):
    """The first player of each table wins."""
    results = {}
    for table, names in seating(path, number).items():
        if table != "BYE":
            results[names[0]], results[names[1]] = {"Result": "W"}, {"Result": "L"}
    type_results(path, number, results)


def pair_and_play(run, path, rounds):
    for number in rounds:
        result = run("pair", path)
        assert result.exit_code == 0, result.output
        play(path, number)


def games(path, rounds):
    return Counter(frozenset(names) for number in rounds for table, names in seating(path, number).items()
                   if table != "BYE")


def findings(run, path):
    """What `check` says, without the reminder to print reports again after a hand edit, and its error count."""
    lines = run("check", path).stdout.splitlines()
    return [line for line in lines[:-1] if "The printed reports" not in line], lines[-1].split(",")[0]


def swap(path, number, first, second):
    """Swap two players between tables by hand: Player and ID cells of their rows."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {number}"]
    rows = {sheet.cell(row, 4).value: row for row in range(2, sheet.max_row + 1)}
    a, b = rows[first], rows[second]
    for column in (3, 4):
        sheet.cell(a, column).value, sheet.cell(b, column).value = sheet.cell(b, column).value, \
            sheet.cell(a, column).value
    book.save(path)


# --- 1: a Pod changed after the schedule was fixed --------------------------------------------------------------


def test_a_pod_typo_after_round_2_is_an_error_at_the_pod_cell(tmp_path, run):
    path = pod_event(tmp_path / "e.xlsx")
    pair_and_play(run, path, (1, 2))
    opponents = [n for r in (1, 2) for names in seating(path, r).values() if "Ann" in names and len(names) == 2
                 for n in names if n != "Ann"]  # in the order they met
    edit_players(path, {"Ann": {"Pod": "Z"}})
    message = (f"Players!D2: Ann was moved from pod A to Z after the schedule was fixed (they played "
               f"{' and '.join(opponents)} of pod A). Change it back to A: a pod's round robin is fixed when it "
               "starts.")
    assert run("check", path).stdout.splitlines() == [message, "1 error(s), 0 warning(s)."]
    before = digest(path)
    result = run("pair", path)
    assert result.exit_code == 1 and message in result.output
    assert digest(path) == before  # nothing written, Round 3 not made
    edit_players(path, {"Ann": {"Pod": "A"}})
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"


@pytest.mark.parametrize("names, typed", [(SEVEN, "Z"), (SEVEN + ["Hal"], "B")])
def test_a_pod_typo_after_round_1_is_told_from_the_schedule(tmp_path, run, names, typed):
    """After one round Ann has met one player: the pod of the two is told by which one's schedule gives round 1.
    Typed into a new pod Z (one pod of seven), or into B (pods A and B of four): then A is told the home because
    A's schedule with Ann back gives round 1's games of A's players (B's games, played too, say nothing of it), and
    B's with both in it does not."""
    path = pod_event(tmp_path / "e.xlsx", names, {name: "A" if index < 4 or typed == "Z" else "B"
                                                  for index, name in enumerate(names)}, rounds=3)
    pair_and_play(run, path, (1,))
    opponent = next(n for names in seating(path, 1).values() if "Ann" in names for n in names if n != "Ann")
    edit_players(path, {"Ann": {"Pod": typed}})
    assert run("check", path).stdout.splitlines() == [
        f"Players!D2: Ann was moved from pod A to {typed} after the schedule was fixed (they played {opponent} of pod "
        "A). Change it back to A: a pod's round robin is fixed when it starts.", "1 error(s), 0 warning(s)."]


def test_a_posted_round_without_results_can_be_paired_again_with_new_pods(tmp_path, run):
    path = pod_event(tmp_path / "e.xlsx", SEVEN + ["Hal"], {**{n: "A" for n in SEVEN}, "Hal": "A"})
    assert run("pair", path).exit_code == 0
    edit_players(path, {"Ann": {"Pod": "B"}, "Ben": {"Pod": "B"}, "Cat": {"Pod": "B"}, "Dov": {"Pod": "B"}})
    # Nothing played yet: no error, but the posted round no longer fits the pods, and `--redo` is suggested; two
    # pods of four play three rounds, not seven.
    said = run("check", path).stdout.splitlines()
    assert said[0] == ("Event!B3: warning: Rounds is 7, but every pod's round robin is over after 3 rounds: round 4 "
                       "cannot be paired. Type 3 in Rounds.")
    assert said[-1] == "0 error(s), 3 warning(s)."
    book = openpyxl.load_workbook(path)
    book["Event"]["B3"] = 3
    book.save(path)
    assert run("pair", path, "--redo").exit_code == 0
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    pods = {"Ann": "B", "Ben": "B", "Cat": "B", "Dov": "B", "Eli": "A", "Fay": "A", "Gus": "A", "Hal": "A"}
    assert all(len({pods[n] for n in names}) == 1 for names in seating(path, 1).values())


def test_renaming_a_whole_pod_is_harmless_and_every_pair_still_meets_once(tmp_path, run):
    path = pod_event(tmp_path / "e.xlsx")
    pair_and_play(run, path, (1, 2))
    edit_players(path, {name: {"Pod": "North"} for name in SEVEN})  # the seed's schedule for "North" differs
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    recorded = [round_rows(path, number) for number in (1, 2)]
    pair_and_play(run, path, range(3, 8))
    assert [round_rows(path, number) for number in (1, 2)] == recorded
    assert games(path, range(1, 8)) == Counter(map(frozenset, combinations(SEVEN, 2)))
    assert Counter(n for r in range(1, 8) for n in seating(path, r).get("BYE", [])) == Counter(SEVEN)
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"


def test_a_late_entrys_typed_pod_is_no_move(tmp_path, run):
    path = pod_event(tmp_path / "e.xlsx")
    pair_and_play(run, path, (1, 2))
    edit_players(path, new=[{"ID": 8, "Name": "Hal", "Pod": "A", "Joined in": 3}])
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    assert run("pair", path).exit_code == 0
    assert "Hal" in sum(seating(path, 3).values(), [])


# --- 2: a round changed by hand -------------------------------------------------------------------------------


def test_a_swap_between_tables_is_made_up_for_in_the_rounds_left(tmp_path, run):
    path = pod_event(tmp_path / "e.xlsx")
    pair_and_play(run, path, (1,))
    assert run("pair", path).exit_code == 0
    met = games(path, (1,))
    tables = [names for table, names in seating(path, 2).items() if table != "BYE"]
    x, y = next((x, y) for one, two in combinations(tables, 2) for x in one for y in two
                if frozenset((one[1 - one.index(x)], y)) not in met
                and frozenset((two[1 - two.index(y)], x)) not in met)
    swap(path, 2, x, y)  # two players trade tables, making no rematch
    play(path, 2)
    assert findings(run, path) == ([], "0 error(s)")
    recorded = [round_rows(path, number) for number in (1, 2)]
    pair_and_play(run, path, range(3, 8))
    assert [round_rows(path, number) for number in (1, 2)] == recorded
    assert games(path, range(1, 8)) == Counter(map(frozenset, combinations(SEVEN, 2)))  # each pair exactly once
    assert Counter(n for r in range(1, 8) for n in seating(path, r).get("BYE", [])) == Counter(SEVEN)
    notes = [row[5] for r in range(3, 8) for row in round_rows(path, r)[1:]]
    assert notes == [None] * len(notes)
    assert findings(run, path) == ([], "0 error(s)")


def hand_made_rematch(tmp_path, run):
    """Round 2 by hand: the first two tables of round 1 meet again, their partners play each other."""
    path = pod_event(tmp_path / "e.xlsx")
    pair_and_play(run, path, (1,))
    assert run("pair", path).exit_code == 0
    bye = seating(path, 2)["BYE"][0]
    first = [names for table, names in seating(path, 1).items() if table != "BYE" and bye not in names]
    (a, b), (c, d) = first[0], first[1]
    book = openpyxl.load_workbook(path)
    sheet = book["Round 2"]
    ids = {row[1]: row[0] for row in book["Players"].iter_rows(min_row=2, values_only=True)}
    order = [a, b, c, d, *[n for n in SEVEN if n not in (a, b, c, d, bye)]]
    rows = [(index // 2 + 1, index % 2 + 1, ids[name], name) for index, name in enumerate(order)]
    for row, values in enumerate(rows + [("BYE", 1, ids[bye], bye)], start=2):
        for column, value in enumerate(values, start=1):
            sheet.cell(row, column).value = value
        sheet.cell(row, 5).value = sheet.cell(row, 6).value = None
    book.save(path)
    play(path, 2)
    return path, (a, b, c, d)


def test_a_hand_made_rematch_is_warned_noted_and_the_lost_pairs_named(tmp_path, run):
    path, (a, b, c, d) = hand_made_rematch(tmp_path, run)
    lines, errors = findings(run, path)
    assert errors == "0 error(s)" and len(lines) == 3
    lost = lines[0]
    assert lost.startswith("Round 2!A2: warning: Pod A's round robin can no longer be completed: ")
    assert lost.endswith(" never meet, because round 2 (tables 1, 2 and 3) was changed by hand and the rounds left "
                         "cannot be rearranged to make up for it. If the round has no results yet, `pair --redo` "
                         "pairs it again as scheduled; otherwise these games are not played, and opponents' win % "
                         "counts to the end.")
    assert lines[1] == (f"Round 2!D2: warning: {a} (D2) and {b} (D3) already met in round 1: a rematch made by "
                        "hand. If that is not meant, swap one of them with a player at another table.")
    recorded = [round_rows(path, number) for number in (1, 2)]
    noted = []
    for number in range(3, 8):
        result = run("pair", path)
        assert result.exit_code == 0, result.output
        rows = round_rows(path, number)[1:]
        for row in rows:
            if row[5]:
                noted.append((row[3], row[5]))
                assert row[5] in result.output  # printed as a compromise
        play(path, number)
    assert [round_rows(path, number) for number in (1, 2)] == recorded
    met = games(path, range(1, 8))
    repeats = [pair for pair in games(path, range(3, 8)) if pair in games(path, (1, 2))]  # paired again by the schedule
    assert noted and {name for name, _ in noted} == {n for pair in repeats for n in pair}
    for name, note in noted:
        other = next(n for pair in repeats if name in pair for n in pair if n != name)
        assert note == (f"Meets {other} again (they met in round 2, a round changed by hand): the fixed schedule "
                        "pairs them now, and the rounds left cannot be rearranged so that every pair meets once.")
    never = sorted(" and ".join(sorted(pair)) for pair in map(frozenset, combinations(SEVEN, 2)) if pair not in met)
    final = run("standings", path, "--no-write")
    warned = next(line for line in final.output.splitlines() if "can no longer be completed" in line)
    assert " never meet, because round 2 (tables 1, 2 and 3) was changed by hand" in warned  # the schedule's round
    assert sorted(" and ".join(sorted(p.split(" and "))) for p in
                  warned.split("completed: ")[1].split(" never meet")[0].split(", ")) == never


def test_every_player_of_a_pod_is_placed_once_or_the_round_is_refused():
    players = {pid: Player(pid, name) for pid, name in enumerate(SEVEN, start=1)}
    check_everyone_placed("A", 3, [1, 2, 3, 4, 5, 6, 7], [(1, 2), (3, 4), (5, 6)], [7], players)
    with pytest.raises(PairingImpossible, match="^Pod A's schedule for round 3 leaves out Gus; sheetrunner"):
        check_everyone_placed("A", 3, [1, 2, 3, 4, 5, 6, 7], [(1, 2), (3, 4), (5, 6)], [], players)
    with pytest.raises(PairingImpossible, match="seats Ann twice"):
        check_everyone_placed("A", 3, [1, 2, 3, 4, 5, 6, 7], [(1, 2), (3, 4), (5, 6), (1, 7)], [], players)


def test_the_texts_pod_typed_by_hand_gets_its_own_last_round(tmp_path, run):
    """002's pod was played on paper, not by sheetrunner's seeded schedule: after its six rounds the seventh is
    the only one that completes the round robin, and it is the text's round 7 (the fixed schedule would have
    repeated games)."""
    from test_pod_round_robin import NAMES, POD_ROUNDS, make_pod

    path = make_pod(tmp_path / "pod.xlsx", POD_ROUNDS[:6])
    result = run("pair", path)
    assert result.exit_code == 0 and "Compromises: none." in result.output
    expected = {frozenset((NAMES[a], NAMES[b])) for a, b, _ in POD_ROUNDS[6] if b is not None}
    assert games(path, (7,)) == Counter(expected) and seating(path, 7)["BYE"] == [NAMES["Derek"]]


def test_a_late_entry_with_no_pod_takes_the_first_odd_pods_bye_place(tmp_path, run):
    """Pod A started with four (no bye place), B with three: Hal, joining in round 2 with no Pod typed, is placed
    in B, whose circle has the free place, and plays one of its players."""
    pods = {"Ann": "A", "Ben": "A", "Cat": "A", "Dov": "A", "Eli": "B", "Fay": "B", "Gus": "B"}
    path = pod_event(tmp_path / "e.xlsx", list(pods), pods, rounds=4)
    pair_and_play(run, path, (1,))
    edit_players(path, new=[{"ID": 8, "Name": "Hal", "Joined in": 2}])
    assert run("pair", path).exit_code == 0
    [opponent] = [name for names in seating(path, 2).values() if "Hal" in names for name in names if name != "Hal"]
    assert pods[opponent] == "B"


def test_a_late_entry_no_pod_has_room_for_is_refused_naming_the_last_pod(tmp_path, run):
    """Three pods of four, none with a free place: the late entry goes to the last pod, C, whose fixed schedule
    refuses it: check warns at their Pod cell, and pair says so."""
    names = [f"P{i:02d}" for i in range(1, 13)]
    path = pod_event(tmp_path / "e.xlsx", names, {n: "ABC"[i // 4] for i, n in enumerate(names)}, rounds=3)
    pair_and_play(run, path, (1,))
    edit_players(path, new=[{"ID": 13, "Name": "Late", "Joined in": 2}])
    assert run("check", path).stdout.splitlines() == [
        "Players!D14: warning: Late joins in round 2, but pod C started with 4 players, so it has no free place for "
        "1 late entry: a round robin's schedule is fixed when it starts. Type under Pod a pod that started with an "
        "odd number of players and has no late entry yet, or remove the late entry.",
        "0 error(s), 1 warning(s)."]
    result = run("pair", path)
    assert result.exit_code == 4
    assert result.output.startswith("Players: Pod C started with 4 players, so it has no free place for 1 late "
                                    "entry: a round robin's schedule is fixed when it starts.")


def test_two_pods_half_swapped_cannot_tell_where_anyone_belongs_and_names_whom_each_played(tmp_path, run):
    """Pods A (Ann, Ben, Cat, Dov) and B (Eli, Fay, Gus, Hal) play two rounds; then Cat and Dov are typed into B and
    Eli and Fay into A. Each group that played is split two and two, and neither pod's schedule with the group put
    back gives the games played, so no pod is the home: each player is told whom they played in the other pod, in
    the order they met."""
    names = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay", "Gus", "Hal"]
    path = pod_event(tmp_path / "e.xlsx", names, {name: "A" if index < 4 else "B" for index, name in enumerate(names)},
                     rounds=3)
    pair_and_play(run, path, (1, 2))
    assert [sorted(map(sorted, seating(path, number).values())) for number in (1, 2)] == [
        [["Ann", "Ben"], ["Cat", "Dov"], ["Eli", "Hal"], ["Fay", "Gus"]],
        [["Ann", "Cat"], ["Ben", "Dov"], ["Eli", "Gus"], ["Fay", "Hal"]]]
    edit_players(path, {"Cat": {"Pod": "B"}, "Dov": {"Pod": "B"}, "Eli": {"Pod": "A"}, "Fay": {"Pod": "A"}})
    fix = ("players were moved to another pod after the schedule was fixed. Put the players who played each other "
           "back in one pod: a pod's round robin is fixed when it starts.")
    assert run("check", path).stdout.splitlines() == [
        f"Players!D2: Ann is in pod A but played Cat of pod B: {fix}",
        f"Players!D3: Ben is in pod A but played Dov of pod B: {fix}",
        f"Players!D4: Cat is in pod B but played Ann of pod A: {fix}",
        f"Players!D5: Dov is in pod B but played Ben of pod A: {fix}",
        f"Players!D6: Eli is in pod A but played Hal and Gus of pod B: {fix}",
        f"Players!D7: Fay is in pod A but played Gus and Hal of pod B: {fix}",
        f"Players!D8: Gus is in pod B but played Fay and Eli of pod A: {fix}",
        f"Players!D9: Hal is in pod B but played Eli and Fay of pod A: {fix}",
        "8 error(s), 0 warning(s)."]


def test_two_late_entries_for_an_odd_pods_one_free_place_are_each_warned(tmp_path, run):
    """Pod A starts with three (one bye place, a free place for one late entry); Dov joins it in round 3 and Eli in
    round 2: each is warned, in the order of their IDs."""
    players = [(1, "Ann", None, "A", None), (2, "Ben", None, "A", None), (3, "Cat", None, "A", None),
               (4, "Dov", None, "A", 3), (5, "Eli", None, "A", 2)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="pod-round-robin", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Pod", "Joined in"])
    why = ("pod A started with 3 players, so it has one free place for 2 late entries: a round robin's schedule is "
           "fixed when it starts. Type under Pod a pod that started with an odd number of players and has no late "
           "entry yet, or remove the late entry.")
    assert run("check", path).stdout.splitlines() == [f"Players!D5: warning: Dov joins in round 3, but {why}",
                                                      f"Players!D6: warning: Eli joins in round 2, but {why}",
                                                      "0 error(s), 2 warning(s)."]


def test_late_entries_in_two_pods_without_room_are_each_warned(tmp_path, run):
    """Pods A and B start with four each (no free place); Ida joins A and Jon joins B in round 2: one warning each,
    the first pod's kept beside the second's."""
    names = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon"]
    players = [(i, name, None, "AB"[(i - 1) // 4] if i <= 8 else "AB"[i - 9], 2 if i > 8 else None)
               for i, name in enumerate(names, start=1)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="pod-round-robin", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Pod", "Joined in"])
    fix = ("a round robin's schedule is fixed when it starts. Type under Pod a pod that started with an odd number of "
           "players and has no late entry yet, or remove the late entry.")
    assert run("check", path).stdout.splitlines() == [
        f"Players!D10: warning: Ida joins in round 2, but pod A started with 4 players, so it has no free place for 1 "
        f"late entry: {fix}",
        f"Players!D11: warning: Jon joins in round 2, but pod B started with 4 players, so it has no free place for 1 "
        f"late entry: {fix}",
        "0 error(s), 2 warning(s)."]


def test_rounds_beyond_pods_of_two_says_one_round(tmp_path, run):
    """Pods of two play one round: Rounds 2 is warned in the singular, and round 2 is refused at the Rounds cell."""
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann", None, "A"), (2, "Ben", None, "A"), (3, "Cat", None, "B"),
                                            (4, "Dov", None, "B")],
                      ruleset="pod-round-robin", total_rounds=2, player_headers=["ID", "Name", "Team", "Pod"])
    assert run("check", path).stdout.splitlines() == [
        "Event!B3: warning: Rounds is 2, but every pod's round robin is over after 1 round: round 2 cannot be paired. "
        "Type 1 in Rounds.", "0 error(s), 1 warning(s)."]


def test_a_late_entry_typed_into_a_pod_sheetrunner_made_joins_that_pod(tmp_path, run):
    """No starting player has a Pod, so sheetrunner splits the six into two pods of three (seed 1: A is Ann, Ben,
    Eli; B is Cat, Dov, Fay); Gus, joining in round 2, was typed into B: he takes B's free place there."""
    players = [(i, name, None, None, None) for i, name in enumerate(SEVEN[:6], start=1)] + [(7, "Gus", None, "B", 2)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="pod-round-robin", total_rounds=3, settings={"Pod size": 3},
                      player_headers=["ID", "Name", "Team", "Pod", "Joined in"])
    pair_and_play(run, path, (1,))
    assert run("pair", path).exit_code == 0
    pods = {row[1]: row[3] for row in openpyxl.load_workbook(path)["Players"].iter_rows(min_row=2, values_only=True)}
    assert pods == {"Ann": "A", "Ben": "A", "Eli": "A", "Cat": "B", "Dov": "B", "Fay": "B", "Gus": "B"}
    [opponent] = [name for names in seating(path, 2).values() if "Gus" in names for name in names if name != "Gus"]
    assert pods[opponent] == "B"


def test_a_late_entry_typed_into_a_full_pod_before_pods_are_made_is_warned(tmp_path, run):
    """No starting player has a Pod yet: sheetrunner will make two pods of four (Pod size 4), neither with a free
    place, and Ida, joining in round 2, was typed into A: `check` says so before round 1 is paired."""
    names = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay", "Gus", "Hal"]
    players = [(i, name, None, None, None) for i, name in enumerate(names, start=1)] + [(9, "Ida", None, "A", 2)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="pod-round-robin", total_rounds=3, settings={"Pod size": 4},
                      player_headers=["ID", "Name", "Team", "Pod", "Joined in"])
    assert run("check", path).stdout.splitlines() == [
        "Players!D10: warning: Ida joins in round 2, but pod A started with 4 players, so it has no free place for 1 "
        "late entry: a round robin's schedule is fixed when it starts. Type under Pod a pod that started with an odd "
        "number of players and has no late entry yet, or remove the late entry.", "0 error(s), 1 warning(s)."]


def test_a_pod_typo_is_told_from_the_two_pods_it_touches_whatever_a_third_pods_hand_edits(tmp_path, run):
    """Pods A, B and C of four. In round 1 two of C's players trade tables by hand (C's games then differ from its
    schedule); after it, Ann's Pod is typed B. Whether A is Ann's home is told by A's and B's schedules alone: C's
    own hand edit says nothing of where Ann belongs."""
    names = [f"P{i:02d}" for i in range(1, 13)]
    names[0] = "Ann"
    path = pod_event(tmp_path / "e.xlsx", names, {name: "ABC"[index // 4] for index, name in enumerate(names)},
                     rounds=3)
    assert run("pair", path).exit_code == 0
    (first, _), (second, _) = [seated for seated in seating(path, 1).values() if set(seated) <= set(names[8:])]
    swap(path, 1, first, second)
    play(path, 1)
    opponent = next(n for names in seating(path, 1).values() if "Ann" in names for n in names if n != "Ann")
    edit_players(path, {"Ann": {"Pod": "B"}})
    assert findings(run, path) == ([
        f"Players!D2: Ann was moved from pod A to B after the schedule was fixed (they played {opponent} of pod A). "
        "Change it back to A: a pod's round robin is fixed when it starts."], "1 error(s)")
