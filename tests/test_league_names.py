"""Names across a season's events are matched as people read them (issue 28, `sheetrunner league`).

Each season here is two one-round swiss-tp events, Autumn (a.xlsx) and Winter (b.xlsx), scored by match points (a
win 3, a loss 0) with `events` as the only tiebreaker, so each player's season points are 3 per win and players
equal on points and events share the rank:

- Latin letters: Autumn types Çağla Yılmaz, Łukasz Nowak, Søren Berg, Anja Strauß, Æsa Dahl; Winter types them on
  a plain keyboard (Cagla Yilmaz, Lukasz Nowak, Soren Berg, Anja Strauss, Aesa Dahl). Autumn: Çağla beats Ann Lee,
  Łukasz beats Anja, Søren beats Æsa. Winter: Cagla beats Soren, Lukasz beats Aesa, Anja beats Ann. Season: Çağla
  6, Łukasz 6 (=1), Anja 3, Søren 3 (=3), Æsa 0, Ann 0 (=5), each over 2 events, shown as typed with accents.
- Near misses: Autumn Jon Smith, Mary Lee, "Smith, Ann", Guest 1; Winter John Smith, Mray Lee, Ann Smith, Guest 2.
- Another script: Дмитрий Иванов in Autumn, Dmitriy Ivanov in Winter; Σωκράτης Παππάς and ΣΩΚΡΑΤΗΣ ΠΑΠΠΑΣ.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
from builder import digest, make_event
from test_league import make_season_workbook, tp_round

LEAGUE = {"League name": "Names", "Scoring": "Match points", "Tiebreakers": "events"}
HINT = "; if they are two players, give each a League ID in their events' Players sheets."


def two_events(folder: Path, autumn: list[tuple[str, str]], winter: list[tuple[str, str]],
               league_ids: dict[str, str] | None = None) -> list[Path]:
    """Autumn and Winter, one round each: (winner, loser) per table, the winner 3 OP to 0."""
    paths = []
    for name, matches in (("a", autumn), ("b", winter)):
        players = [[index, player, (league_ids or {}).get(player)] for index, player in
                   enumerate((player for match in matches for player in match), start=1)]
        paths.append(make_event(folder / f"{name}.xlsx", players, [tp_round([(w, 3, l, 0) for w, l in matches])],
                                total_rounds=1, settings={"Event name": "Autumn" if name == "a" else "Winter"},
                                player_headers=["ID", "Name", "League ID"]))
    return paths


def league(run, folder: Path, events: list[Path], aliases=()) -> tuple[dict, list[str]]:
    """The season as JSON, and the season's warnings about names (at the Aliases sheet) printed beside it; an
    event's own warnings (two near names in one Players sheet) are that event's business."""
    season = make_season_workbook(folder / "season.xlsx", [e.name for e in events], LEAGUE, aliases)
    result = run("league", season, "--json", "--no-reports")
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout), [line for line in result.stderr.splitlines() if not line.startswith("[")]


def table_of(data: dict) -> list[tuple]:
    return [(r["rank"], r["name"], r["points"], r["events"], [p["name"] for p in r["played"]])
            for r in data["standings"]]


def test_latin_letters_typed_on_a_plain_keyboard_are_one_player(tmp_path, run):
    events = two_events(tmp_path, [("Çağla Yılmaz", "Ann Lee"), ("Łukasz Nowak", "Anja Strauß"),
                                   ("Søren Berg", "Æsa Dahl")],
                        [("Cagla Yilmaz", "Soren Berg"), ("Lukasz Nowak", "Aesa Dahl"), ("Anja Strauss", "Ann Lee")])
    before = [digest(e) for e in events]
    data, warnings = league(run, tmp_path, events)
    assert table_of(data) == [
        (1, "Çağla Yılmaz", 6, 2, ["Çağla Yılmaz", "Cagla Yilmaz"]),
        (1, "Łukasz Nowak", 6, 2, ["Łukasz Nowak", "Lukasz Nowak"]),
        (3, "Anja Strauß", 3, 2, ["Anja Strauß", "Anja Strauss"]),
        (3, "Søren Berg", 3, 2, ["Søren Berg", "Soren Berg"]),
        (5, "Æsa Dahl", 0, 2, ["Æsa Dahl", "Aesa Dahl"]),
        (5, "Ann Lee", 0, 2, ["Ann Lee", "Ann Lee"])]
    assert warnings == []
    assert [digest(e) for e in events] == before  # read, never written
    played = list(openpyxl.load_workbook(tmp_path / "season.xlsx")["Season events"].iter_rows(values_only=True))
    assert [row[4] for row in played if row[0] == "Çağla Yılmaz"] == ["Çağla Yılmaz", "Cagla Yilmaz"]  # as typed


def test_near_misses_are_warned_with_the_aliases_row_never_joined(tmp_path, run):
    events = two_events(tmp_path, [("Jon Smith", "Mary Lee"), ("Smith, Ann", "Guest 1")],
                        [("John Smith", "Mray Lee"), ("Ann Smith", "Guest 2")])
    data, warnings = league(run, tmp_path, events)
    assert len(data["standings"]) == 8  # nobody joined
    assert warnings == [
        'Aliases!A2: warning: "Jon Smith" (Autumn) and "John Smith" (Winter) differ by one letter: one player typed '
        'two ways? If so, type "Jon Smith" in Aliases!A2 and "John Smith" in B2 (Name | Same as)' + HINT,
        'Aliases!A3: warning: "Mary Lee" (Autumn) and "Mray Lee" (Winter) differ by two letters swapped: one player '
        'typed two ways? If so, type "Mary Lee" in Aliases!A3 and "Mray Lee" in B3 (Name | Same as)' + HINT,
        'Aliases!A4: warning: "Smith, Ann" (Autumn) and "Ann Smith" (Winter) have the same names in another order: '
        'one player typed two ways? If so, type "Smith, Ann" in Aliases!A4 and "Ann Smith" in B4 (Name | Same as)'
        + HINT]  # Guest 1 and Guest 2 differ by a digit: two people

    data, warnings = league(run, tmp_path, events, [("Jon Smith", "John Smith"), ("Mary Lee", "Mray Lee"),
                                                    ("Smith, Ann", "Ann Smith")])
    assert warnings == []
    rows = {r["name"]: (r["rank"], r["points"], [p["name"] for p in r["played"]]) for r in data["standings"]}
    assert rows["John Smith"] == (1, 6, ["Jon Smith", "John Smith"])
    assert rows["Ann Smith"] == (1, 6, ["Smith, Ann", "Ann Smith"])
    assert rows["Mray Lee"] == (3, 0, ["Mary Lee", "Mray Lee"])
    assert (rows["Guest 1"], rows["Guest 2"]) == ((4, 0, ["Guest 1"]), (4, 0, ["Guest 2"]))
    assert len(rows) == 5


def test_the_row_offered_follows_the_aliases_already_typed(tmp_path, run):
    """Katherine Ng is already joined to Kate Ng (row 2): the new row goes in row 3, and its Name is not Katherine
    Ng, whose row it would replace, but Katherina Ng."""
    events = two_events(tmp_path, [("Katherine Ng", "Ann Lee")], [("Katherina Ng", "Ann Lee")])
    _, warnings = league(run, tmp_path, events, [("Katherine Ng", "Kate Ng")])
    assert warnings == [
        'Aliases!A3: warning: "Katherine Ng" (Autumn) and "Katherina Ng" (Winter) differ by one letter: one player '
        'typed two ways? If so, type "Katherina Ng" in Aliases!A3 and "Katherine Ng" in B3 (Name | Same as)' + HINT]
    data, warnings = league(run, tmp_path, events, [("Katherine Ng", "Kate Ng"), ("Katherina Ng", "Katherine Ng")])
    assert warnings == []
    assert table_of(data) == [(1, "Kate Ng", 6, 2, ["Katherine Ng", "Katherina Ng"]),
                              (2, "Ann Lee", 0, 2, ["Ann Lee", "Ann Lee"])]


def test_near_names_who_met_or_carry_league_ids_are_two_players(tmp_path, run):
    """Jon and John Smith played each other in Autumn: two people, no warning in Winter either. Eve and Eva Park
    never met, but each has her own League ID: the TO told them apart."""
    events = two_events(tmp_path, [("Jon Smith", "John Smith"), ("Eve Park", "Cat Roy")],
                        [("John Smith", "Jon Smith"), ("Eva Park", "Cat Roy")], {"Eve Park": "L1", "Eva Park": "L2"})
    data, warnings = league(run, tmp_path, events)
    assert warnings == []
    assert sorted(r["name"] for r in data["standings"]) == ["Cat Roy", "Eva Park", "Eve Park", "John Smith",
                                                            "Jon Smith"]


def test_a_name_in_another_script_keeps_its_own_key(tmp_path, run):
    """Дмитрий Иванов is not joined to Dmitriy Ivanov (he may be Dmitry, Dmitri or Dmitrii elsewhere, and two people
    may read alike): a warning offers the row. The same script in other case or accents is one player."""
    events = two_events(tmp_path, [("Дмитрий Иванов", "Σωκράτης Παππάς")],
                        [("ΣΩΚΡΑΤΗΣ ΠΑΠΠΑΣ", "Dmitriy Ivanov")])
    data, warnings = league(run, tmp_path, events)
    assert table_of(data) == [
        (1, "Σωκράτης Παππάς", 3, 2, ["Σωκράτης Παππάς", "ΣΩΚΡΑΤΗΣ ΠΑΠΠΑΣ"]),  # 3 points, 2 events
        (2, "Дмитрий Иванов", 3, 1, ["Дмитрий Иванов"]),
        (3, "Dmitriy Ivanov", 0, 1, ["Dmitriy Ivanov"])]
    assert warnings == [
        'Aliases!A2: warning: "Дмитрий Иванов" (Autumn) and "Dmitriy Ivanov" (Winter) read the same in Latin '
        'letters: one player typed two ways? If so, type "Дмитрий Иванов" in Aliases!A2 and "Dmitriy Ivanov" in B2 '
        "(Name | Same as)" + HINT]
    data, warnings = league(run, tmp_path, events, [("Дмитрий Иванов", "Dmitriy Ivanov")])
    assert warnings == []
    assert table_of(data) == [(1, "Dmitriy Ivanov", 3, 2, ["Дмитрий Иванов", "Dmitriy Ivanov"]),
                              (1, "Σωκράτης Παππάς", 3, 2, ["Σωκράτης Παππάς", "ΣΩΚΡΑΤΗΣ ΠΑΠΠΑΣ"])]
