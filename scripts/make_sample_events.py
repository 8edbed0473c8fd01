"""Make the workbooks in sample_events/ from nothing but sheetrunner itself.

Run: python scripts/make_sample_events.py [FOLDER]   (default: sample_events/)
Each sample is built the way a TO would: `init` with a roster, then `pair`
and typed results round by round. Results come from a seeded generator, so
running the script again gives the same sheets.
"""

from __future__ import annotations

import os
import random
import shutil
import sys
from pathlib import Path

import openpyxl

from sheetrunner import api

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"
NAMES = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth",
         "Margaret Hamilton", "John von Neumann", "Frances Allen", "Ken Thompson", "Radia Perlman", "Dennis Ritchie",
         "Hedy Lamarr", "Claude Shannon", "Karen Sparck Jones", "Tim Berners-Lee"]
CLUBS = ["Dice Den", "Dice Den", "Meeple Hall", "", "Meeple Hall", "", "Rook & Roll", "", "Rook & Roll", "",
         "", "Dice Den", "", "", "Meeple Hall", ""]


def init_from_roster(path: Path, ruleset: str, roster_csv: str, **settings) -> None:
    """`sheetrunner init` with a roster CSV, the way a TO starts an event."""
    roster = path.with_suffix(".csv")
    roster.write_text(roster_csv, encoding="utf-8")
    try:
        api.init_event(path, ruleset, players=roster, **settings)
    finally:
        roster.unlink()


def type_swiss_tp_results(path: Path, round_number: int, rng: random.Random) -> None:
    """Fill OP and SP of every game the way a scorekeeper would type them."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {round_number}"]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value != "BYE":
            row[4].value, row[5].value = rng.randint(0, 6), rng.randint(0, 4)
    book.save(path)


def make_swiss_tp_16(path: Path) -> None:
    roster = "Name,Team\n" + "".join(f"{n},{c}\n" for n, c in zip(NAMES, CLUBS))
    init_from_roster(path, "swiss-tp", roster, rounds=5, name="Sample Swiss-TP Open", seed=20261121,
                       date="2026-11-21")
    rng = random.Random(16)
    for number in (1, 2, 3):
        api.pair_next(path, reports=False)
        type_swiss_tp_results(path, number, rng)
    remove_backups(path)


# Source 002's pod, round by round from its result slips: (first, second, first's result); None is the bye.
POD_NAMES = {"Scott": "Scott Brosius", "Tino": "Tino Martinez", "Derek": "Derek Jeter", "Jorge": "Jorge Posada",
             "Mariano": "Mariano Rivera", "Andy": "Andy Pettitte", "Bernie": "Bernie Williams"}
POD_ROUNDS = [
    [("Scott", None, "W"), ("Tino", "Bernie", "W"), ("Derek", "Andy", "W"), ("Jorge", "Mariano", "L")],
    [("Scott", "Bernie", "W"), ("Andy", None, "W"), ("Tino", "Mariano", "W"), ("Derek", "Jorge", "L")],
    [("Scott", "Andy", "L"), ("Mariano", "Bernie", "L"), ("Jorge", None, "W"), ("Tino", "Derek", "L")],
    [("Scott", "Mariano", "W"), ("Jorge", "Andy", "W"), ("Derek", "Bernie", "L"), ("Tino", None, "W")],
    [("Scott", "Jorge", "W"), ("Derek", "Mariano", "W"), ("Tino", "Andy", "W"), ("Bernie", None, "W")],
    [("Scott", "Derek", "W"), ("Tino", "Jorge", "W"), ("Mariano", None, "W"), ("Andy", "Bernie", "W")],
    [("Scott", "Tino", "W"), ("Derek", None, "W"), ("Jorge", "Bernie", "L"), ("Mariano", "Andy", "L")],
]
LOSER = {"W": "L", "L": "W", "D": "D"}


def pod_round_rows(games: list[tuple]) -> list[list]:
    """One round of 002's pod as sheet rows: Table, Seat, ID, Player, Result, Note."""
    ids = {short: number for number, short in enumerate(POD_NAMES, start=1)}
    rows, table = [], 0
    for first, second, result in games:
        if second is None:
            rows.append(["BYE", 1, ids[first], POD_NAMES[first], None, None])
            continue
        table += 1
        rows.append([table, 1, ids[first], POD_NAMES[first], result, None])
        rows.append([table, 2, ids[second], POD_NAMES[second], LOSER[result], None])
    return rows


def make_pod_round_robin_7(path: Path) -> None:
    """002's seven-player pod with its seven rounds as the text gives them, then the final standings."""
    roster = "Name,Pod\n" + "".join(f"{name},A\n" for name in POD_NAMES.values())
    init_from_roster(path, "pod-round-robin", roster, rounds=7, name="sfmagic pod (source 002)", seed=2)
    book = openpyxl.load_workbook(path)
    for number, games in enumerate(POD_ROUNDS, start=1):
        sheet = book.create_sheet(f"Round {number}")
        for values in [["Table", "Seat", "ID", "Player", "Result", "Note"]] + pod_round_rows(games):
            sheet.append(values)
    book.save(path)
    api.current_standings(path)
    remove_backups(path)


def type_card_game_results(path: Path, round_number: int, rng: random.Random, sheet_name: str = "") -> None:
    """Best-of-three matches: 2-0, 2-1, 1-2, 0-2, and now and then 1-1 with a drawn game (never in a top cut,
    `sheet_name`, whose matches need a winner)."""
    book = openpyxl.load_workbook(path)
    sheet = book[sheet_name or f"Round {round_number}"]
    rows = [row for row in sheet.iter_rows(min_row=2) if row[0].value != "BYE"]
    outcomes = [(2, 0, None), (2, 1, None), (1, 2, None), (0, 2, None)] + ([] if sheet_name else [(1, 1, 1)])
    for first, second in zip(rows[::2], rows[1::2]):
        won, lost, drawn = rng.choice(outcomes)
        first[4].value, second[4].value = won, lost
        first[5].value = second[5].value = drawn
    book.save(path)


def make_swiss_card_game_32(path: Path) -> None:
    lasts = ("Arden", "Brook", "Cole", "Drake", "Eames", "Frost", "Gale", "Hale")
    roster = "Name\n" + "".join(f"{first} {last}\n" for first in ("Ash", "Bea", "Cy", "Dee") for last in lasts)
    init_from_roster(path, "swiss", roster, rounds=5, name="Sample Card Game Swiss", seed=32)
    rng = random.Random(32)
    for number in (1, 2, 3):
        api.pair_next(path, reports=False)
        type_card_game_results(path, number, rng)
    remove_backups(path)


def make_swiss_top_8_24(path: Path) -> None:
    """A finished event: five Swiss rounds, then a top 8 played to a champion, and the final standings."""
    firsts = ("Ines", "Jon", "Kai", "Lea", "Max", "Noa")
    lasts = ("Park", "Quinn", "Reyes", "Stone")
    roster = "Name\n" + "".join(f"{first} {last}\n" for first in firsts for last in lasts)
    init_from_roster(path, "swiss", roster, rounds=5, name="Sample Card Game with a Top 8", seed=24,
                     top_cut=8, date="2026-11-22")
    rng = random.Random(24)
    for number in range(1, 6):
        api.pair_next(path, reports=False)
        type_card_game_results(path, number, rng)
    for stage in ("Top 8", "Top 4", "Final"):
        result = api.pair_next(path, reports=False)
        type_card_game_results(path, result.round, rng, stage)
    api.current_standings(path)
    remove_backups(path)


def make_chits_and_cards_8(path: Path) -> None:
    """Eight players, four rounds, two played: cards dealt by the seed when round 1 was paired."""
    roster = "Name\n" + "".join(f"{name}\n" for name in NAMES[:8])
    init_from_roster(path, "chits-and-cards", roster, rounds=4, name="Sample Chits and Cards", seed=3)
    rng = random.Random(8)
    for number in (1, 2):
        api.pair_next(path, reports=False)
        book = openpyxl.load_workbook(path)
        rows = [row for row in book[f"Round {number}"].iter_rows(min_row=2)]
        for first, second in zip(rows[::2], rows[1::2]):
            first[4].value, second[4].value = rng.choice([("W", "L"), ("L", "W"), ("W", "L"), ("D", "D")])
        book.save(path)
    remove_backups(path)


# Source 000's worked example: players by their number, and each round's games with (VI, won, eliminated).
ALLEGIANCE_PLAYERS = ["Card, Lance", "Grierson, Andrew", "Kauffman, J.T.", "Grierson, James", "Kugler, Chris",
                      "Schoonover, Megan", "McDonald, Kara", "Roggio, Kristy", "Smith, Joe"]
ALLEGIANCE_ROUND_1 = [[(8, 13, False, False), (5, 21, True, False), (7, 6, False, False)],
                      [(2, 24, True, False), (6, 10, False, False), (3, 23, False, False)],
                      [(1, 15, False, False), (4, 18, False, False), (9, None, False, True)]]
MEGAN_ROUND_2_VI = 19  # 000's game list says 19, its final table adds 25: see allegiance_round_2
MEGAN_NOTE = ("Source 000 lists 19 VI here but its final table adds 25 (10 + 25 = 35). 19 is used: nobody "
              "reached the 20 VI needed to win, which is why this game had no winner.")


def allegiance_round_2(megan_vi: int = MEGAN_ROUND_2_VI) -> list[list[tuple]]:
    """000's round 2 results, game by game (the games the pods engine makes, as in the text)."""
    return [[(2, 20, True, False), (5, 19, False, False), (4, 15, False, False)],
            [(3, 27, True, False), (1, 21, False, False), (8, 8, False, False)],
            [(6, megan_vi, False, False), (7, 3, False, False), (9, 19, False, False)]]


def allegiance_rows(games: list[list[tuple]], notes: dict[int, str] | None = None) -> list[list]:
    """Game, Seat, ID, Player, VI, Won, Eliminated, Note rows for a round of 000's example."""
    return [[number, seat, pid, ALLEGIANCE_PLAYERS[pid - 1], vi, "Y" if won else None, "Y" if out else None,
             (notes or {}).get(pid)]
            for number, game in enumerate(games, start=1) for seat, (pid, vi, won, out) in enumerate(game, start=1)]


def make_allegiance_9(path: Path) -> None:
    """000's nine players: round 1 as the text assigned it, round 2 paired by sheetrunner, both with results."""
    roster = "Name\n" + "".join(f'"{name}"\n' for name in ALLEGIANCE_PLAYERS)
    init_from_roster(path, "allegiance", roster, rounds=2, name="Allegiance example (source 000)", seed=9)
    book = openpyxl.load_workbook(path)
    sheet = book.create_sheet("Round 1")
    for values in [["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"]] + \
            allegiance_rows(ALLEGIANCE_ROUND_1):
        sheet.append(values)
    book.save(path)
    api.pair_next(path, reports=False)
    book = openpyxl.load_workbook(path)
    results = {pid: (vi, won, out) for game in allegiance_round_2() for pid, vi, won, out in game}
    for row in book["Round 2"].iter_rows(min_row=2):
        vi, won, out = results[row[2].value]
        row[4].value, row[5].value, row[6].value = vi, "Y" if won else None, "Y" if out else None
        if row[2].value == 6:
            row[7].value = MEGAN_NOTE
    book.save(path)
    api.current_standings(path)
    remove_backups(path)


def type_diplomacy_results(path: Path, round_number: int, rng: random.Random) -> None:
    """Each board ends in 1909 or 1910: three to five survivors share the centres, the rest eliminated."""
    book = openpyxl.load_workbook(path)
    boards: dict = {}
    for row in book[f"Round {round_number}"].iter_rows(min_row=2):
        if row[0].value != "BYE":
            boards.setdefault(row[0].value, []).append(row)
    for rows in boards.values():
        end = rng.choice((1909, 1910))
        order = rows[:]
        rng.shuffle(order)
        survivors = order[:rng.randint(3, 5)]
        left = 34 - rng.randint(0, 4)
        for index, row in enumerate(order):
            if row in survivors:
                share = left // len(survivors) + (left % len(survivors) if index == 0 else 0)
                row[4].value = share if share < 18 else 17
            else:
                row[4].value, row[5].value = 0, rng.randint(1903, end)
            row[8].value = end
    book.save(path)


def make_diplomacy_21(path: Path) -> None:
    """Three boards, two rounds, both with results."""
    more = ["Alonzo Church", "Kurt Goedel", "Emmy Noether", "John McCarthy", "Sophie Wilson"]
    roster = "Name\n" + "".join(f"{name}\n" for name in NAMES + more)
    init_from_roster(path, "ndc-diplomacy", roster, rounds=2, name="Sample Diplomacy (NDC 1995)", seed=21)
    rng = random.Random(21)
    for number in (1, 2):
        api.pair_next(path, reports=False)
        type_diplomacy_results(path, number, rng)
    api.current_standings(path)
    remove_backups(path)


def type_team_results(path: Path, round_number: int, rng: random.Random) -> None:
    """A team round's boards as the scorekeeper types them: each board's games won and drawn (a team round
    sheet has Team match, Table, Seat, ID, Player and Team before the results; forfeits and team byes are BYE
    rows with nothing to type)."""
    book = openpyxl.load_workbook(path)
    rows = [row for row in book[f"Round {round_number}"].iter_rows(min_row=2) if row[1].value != "BYE"]
    for first, second in zip(rows[::2], rows[1::2]):
        won, lost, drawn = rng.choice([(2, 0, None), (2, 1, None), (1, 2, None), (0, 2, None), (1, 1, 1)])
        first[6].value, second[6].value = won, lost
        first[7].value = second[7].value = drawn
    book.save(path)


def make_swiss_teams_9(path: Path) -> None:
    """A team event: nine teams of three (a team bye every round), boards A, B, C, one team with a substitute,
    two rounds of four played; a regular drops after round 1 and the substitute takes the board."""
    teams = ("Aces", "Bards", "Crows", "Dukes", "Elves", "Foxes", "Golems", "Harpies", "Imps")
    roster = "Name,Team,Board\n" + "".join(f"{team} {seat},{team},{seat}\n" for team in teams for seat in "ABC")
    init_from_roster(path, "swiss", roster + "Crows Sub,Crows,\n", rounds=4, name="Sample Team Swiss", seed=9,
                     date="2026-11-21", team_size=3)
    rng = random.Random(9)
    api.pair_next(path, reports=False)
    type_team_results(path, 1, rng)
    book = openpyxl.load_workbook(path)
    for row in book["Players"].iter_rows(min_row=2):
        if row[1].value == "Crows B":  # Name is column B; Dropped after is the column headed so
            headers = [cell.value for cell in book["Players"][1]]
            row[headers.index("Dropped after")].value = 1
    book.save(path)
    api.pair_next(path, reports=False)
    type_team_results(path, 2, rng)
    remove_backups(path)


def remove_backups(path: Path) -> None:
    """A sample is shipped without the backups its making left in NAME-backups/."""
    shutil.rmtree(path.with_name(f"{path.stem}-backups"), ignore_errors=True)


MAKERS = {"swiss-tp-16-players.xlsx": make_swiss_tp_16, "pod-round-robin-7-players.xlsx": make_pod_round_robin_7,
          "swiss-card-game-32-players.xlsx": make_swiss_card_game_32, "swiss-top-8-24-players.xlsx": make_swiss_top_8_24,
          "chits-and-cards-8-players.xlsx": make_chits_and_cards_8, "allegiance-9-players.xlsx": make_allegiance_9,
          "ndc-diplomacy-21-players.xlsx": make_diplomacy_21, "swiss-teams-9-teams-of-3.xlsx": make_swiss_teams_9}


def make_all(folder: Path) -> list[Path]:
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1795219200")  # a fixed Log time: 2026-11-21
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for name, maker in MAKERS.items():
        target = folder / name
        target.unlink(missing_ok=True)
        maker(target)
        made.append(target)
    return made


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else SAMPLES
    for path in make_all(folder):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
