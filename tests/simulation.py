"""What the event simulation knows of each ruleset: how a scorekeeper types results, and what the standings
must be, computed here from the sheets by the rules (an oracle independent of sheetrunner's scoring)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction as F
from itertools import combinations
from pathlib import Path
from typing import Any, Callable

import openpyxl

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
BYE_LABELS = ("BYE", "Sits out")


@dataclass
class Sheets:
    """The workbook as the test reads it: Players rows and round rows as {header: value} (with their row)."""

    players: list[dict[str, Any]]
    rounds: dict[int, list[dict[str, Any]]]
    settings: dict[str, Any]

    def player(self, name: str) -> dict[str, Any]:
        return next(p for p in self.players if p["Name"] == name)


def read_sheets(path: Path) -> Sheets:
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        def rows(title: str) -> list[dict[str, Any]]:
            values = list(book[title].iter_rows(values_only=True))
            headers = values[0]
            return [{**{h: v for h, v in zip(headers, row) if h}, "_row": index}
                    for index, row in enumerate(values[1:], start=2) if any(v is not None for v in row)]

        settings = {row["Setting"]: row["Value"] for row in rows("Event")}
        rounds = {int(title.split()[1]): rows(title) for title in book.sheetnames if title.startswith("Round ")}
        return Sheets(rows("Players"), rounds, settings)
    finally:
        book.close()


def table_key(row: dict[str, Any]) -> Any:
    return next(row[h] for h in ("Table", "Game", "Board") if h in row)


def games_of(rows: list[dict[str, Any]]) -> dict[Any, list[dict[str, Any]]]:
    tables: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        if table_key(row) not in BYE_LABELS:
            tables.setdefault(table_key(row), []).append(row)
    return tables


def byes_of(rows: list[dict[str, Any]]) -> list[str]:
    return [row["Player"] for row in rows if table_key(row) in BYE_LABELS]


def plays_in(player: dict[str, Any], number: int) -> bool:
    joined, dropped = player.get("Joined in") or 1, player.get("Dropped after")
    return joined <= number and (dropped is None or number <= dropped)


@dataclass
class Ruleset:
    """A ruleset as the simulation drives it."""

    name: str
    sizes: tuple[int, int]
    rounds: int | None
    type_results: Callable[[list[dict[str, Any]], random.Random], dict[int, dict[str, Any]]]
    oracle: Callable[[Sheets, dict[int, set[str]], int], dict[str, dict[str, F]]]
    order: Callable[[dict[str, Any]], tuple]  # a standings row's sort key (the ranking columns, best first)
    two_player: bool = True
    teams: bool = False  # give some players a team (the engine must keep them apart when it can)
    player_columns: tuple[str, ...] = ()


# --- results as a scorekeeper types them -----------------------------------------------------------------


def op_sp(table: list[dict], rng: random.Random) -> dict[int, dict[str, Any]]:
    return {row["_row"]: {"OP": rng.randint(0, 6), "SP": rng.choice([0, 0, 1, 2, 4])} for row in table}


def games_won(table: list[dict], rng: random.Random) -> dict[int, dict[str, Any]]:
    first, second, drawn = rng.choice([(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1), (0, 0, 3), (1, 0, 2),
                                       (2, 0, 1), (0, 0, 0)])
    return {table[0]["_row"]: {"Games won": first, "Games drawn": drawn or None},
            table[1]["_row"]: {"Games won": second, "Games drawn": drawn or None}}


def win_loss_draw(table: list[dict], rng: random.Random) -> dict[int, dict[str, Any]]:
    first, second = rng.choice([("W", "L"), ("L", "W"), ("W", "L"), ("L", "W"), ("D", "D")])
    return {table[0]["_row"]: {"Result": first}, table[1]["_row"]: {"Result": second}}


def allegiance_game(table: list[dict], rng: random.Random) -> dict[int, dict[str, Any]]:
    out = {row["_row"]: rng.random() < 0.15 for row in table}
    vi = {row["_row"]: 0 if out[row["_row"]] else rng.randint(0, 26) for row in table}
    alive = [r for r in vi if not out[r]]
    best = max((vi[r] for r in alive), default=0)
    winners = {r for r in alive if vi[r] == best and best >= 20}
    return {r: {"VI": vi[r], "Won": "Y" if r in winners else None, "Eliminated": "Y" if out[r] else None}
            for r in vi}


def diplomacy_board(table: list[dict], rng: random.Random) -> dict[int, dict[str, Any]]:
    rows = [row["_row"] for row in table]
    end = rng.randint(1903, 1910)
    order = rows[:]
    rng.shuffle(order)
    eliminated = {r: rng.randint(1902, end) for r in order[:rng.randint(0, 3)]}
    alive = [r for r in order if r not in eliminated]
    centres = {r: 0 for r in rows}
    solo = alive[0] if rng.random() < 0.15 else None
    if solo is not None:
        centres[solo] = rng.randint(18, 22)
    others = [r for r in alive if r != solo]
    for _ in range(min(34 - centres.get(solo, 0), rng.randint(8, 34))):
        candidates = [r for r in others if centres[r] < 17]
        if candidates:
            centres[rng.choice(candidates)] += 1
    drawing: list[int] = []
    if solo is None and len(others) >= 2 and rng.random() < 0.2:
        drawing = rng.sample(others, rng.randint(2, min(3, len(others))))
        level = min(centres[r] for r in drawing)
        for r in drawing:
            centres[r] = level
    yellow = {r: 1 for r in others if centres[r] and rng.random() < 0.08}  # cards dock centres held
    return {r: {"Centres": centres[r], "Eliminated": eliminated.get(r), "End year": end,
                "Result": "Solo" if r == solo else "Draw" if r in drawing else None,
                "Yellow cards": yellow.get(r)} for r in rows}


# --- oracles: each player's values from the sheets, by the rules -------------------------------------------


def scored_rounds(sheets: Sheets, result_header: str) -> list[int]:
    """Rounds up to the first one without every result (the simulation types a whole round at once)."""
    done = []
    for number in sorted(sheets.rounds):
        games = games_of(sheets.rounds[number])
        if not games or any(row.get(result_header) is None for table in games.values() for row in table):
            break
        done.append(number)
    return done


def missed(sheets: Sheets, active: dict[int, set[str]], number: int) -> list[str]:
    """Who missed a round: a late entry before joining, or a player the round was paired without."""
    seated = {row["Player"] for row in sheets.rounds[number]}
    return [p["Name"] for p in sheets.players if p["Name"] not in seated and (
        (p.get("Joined in") or 1) > number or (plays_in(p, number) and p["Name"] not in active.get(number, set())))]


def each_round(sheets: Sheets, active: dict[int, set[str]], header: str):
    """(round, table rows or None for a bye, player, outcome) for every seat, bye and missed round scored."""
    for number in scored_rounds(sheets, header):
        rows = sheets.rounds[number]
        for table in games_of(rows).values():
            for row in table:
                yield number, table, row, None
        for name in byes_of(rows):
            yield number, None, {"Player": name}, "bye"
        for name in missed(sheets, active, number):
            yield number, None, {"Player": name}, "missed"


def blank(sheets: Sheets, *keys: str) -> dict[str, dict[str, F]]:
    return {p["Name"]: {key: F(0) for key in keys} for p in sheets.players}


def swiss_tp_oracle(sheets: Sheets, active: dict[int, set[str]], total_rounds: int) -> dict[str, dict[str, F]]:
    values = blank(sheets, "tp")
    for _, table, row, outcome in each_round(sheets, active, "OP"):
        if outcome == "bye":
            values[row["Player"]]["tp"] += 3
        elif table is not None:
            own, other = row["OP"], next(r["OP"] for r in table if r is not row)
            values[row["Player"]]["tp"] += (3 if own > other else 1 if own == other else 0) + (own >= 4) + \
                (0 < other - own <= 1)
    return values


def match_points_oracle(header: str, outcome_of: Callable[[dict, list[dict]], str]):
    def oracle(sheets: Sheets, active: dict[int, set[str]], total_rounds: int) -> dict[str, dict[str, F]]:
        values = blank(sheets, "match_points")
        for _, table, row, outcome in each_round(sheets, active, header):
            result = outcome or outcome_of(row, table)
            values[row["Player"]]["match_points"] += {"win": 3, "bye": 3, "draw": 1}.get(result, 0)
        return values
    return oracle


def by_games(row: dict, table: list[dict]) -> str:
    other = next(r for r in table if r is not row)
    return "win" if row["Games won"] > other["Games won"] else "loss" if row["Games won"] < other["Games won"] else \
        "draw"


def by_letter(row: dict, table: list[dict]) -> str:
    return {"W": "win", "L": "loss", "D": "draw"}[row["Result"]]


def chits_oracle(sheets: Sheets, active: dict[int, set[str]], total_rounds: int) -> dict[str, dict[str, F]]:
    values = {p["Name"]: {"chits": F(total_rounds), "card": F(p.get("Card") or 0)} for p in sheets.players}
    free = iter(sorted(set(range(1, len(values) + 1)) - {v["card"] for v in values.values()}))
    for p in sorted(sheets.players, key=lambda p: p.get("ID") or 10 ** 9 + p["_row"]):
        if not values[p["Name"]]["card"]:  # a player without a card gets the lowest nobody holds, by ID
            values[p["Name"]]["card"] = F(next(free))
    for _, table, row, outcome in each_round(sheets, active, "Result"):
        result = outcome or by_letter(row, table)
        values[row["Player"]]["chits"] += {"win": 1, "bye": 1, "loss": -1, "missed": -1}.get(result, 0)
    for number in scored_rounds(sheets, "Result"):
        for table in games_of(sheets.rounds[number]).values():
            if table[0]["Result"] != "D":
                winner, loser = sorted(table, key=lambda r: r["Result"] != "W")
                low, high = sorted((values[winner["Player"]]["card"], values[loser["Player"]]["card"]))
                values[winner["Player"]]["card"], values[loser["Player"]]["card"] = low, high
    return values


def allegiance_oracle(sheets: Sheets, active: dict[int, set[str]], total_rounds: int) -> dict[str, dict[str, F]]:
    values = blank(sheets, "wins", "vi")
    for _, table, row, outcome in each_round(sheets, active, "VI"):
        if table is not None:
            values[row["Player"]]["wins"] += row.get("Won") == "Y"
            values[row["Player"]]["vi"] += 0 if row.get("Eliminated") == "Y" else row["VI"]
    return values


def ndc_board(table: list[dict]) -> dict[str, F]:
    """NDC 1995 as 001 states it: a solo takes 100; else survivors share 100 by centres / (18 - centres); everyone
    but a solo winner adds 0.1 per complete game year survived."""
    centres = {r["Player"]: max(0, r["Centres"] - (r.get("Yellow cards") or 0)) for r in table}
    end = table[0]["End year"]
    solo = next((r["Player"] for r in table if r.get("Result") == "Solo"), None)
    points = {name: F(0) for name in centres}
    if solo:
        points[solo] = F(100)
    else:
        prospects = {r["Player"]: F(centres[r["Player"]], 18 - centres[r["Player"]]) for r in table
                     if not r.get("Eliminated") and centres[r["Player"]] > 0}
        for name, prospect in prospects.items():
            points[name] = 100 * prospect / sum(prospects.values())
    for r in table:
        if r["Player"] != solo:
            points[r["Player"]] += F((r["Eliminated"] - 1901) if r.get("Eliminated") else end - 1900, 10)
    return points


def diplomacy_oracle(sheets: Sheets, active: dict[int, set[str]], total_rounds: int) -> dict[str, dict[str, F]]:
    boards: dict[str, list[F]] = {p["Name"]: [] for p in sheets.players}
    sit_outs: dict[str, int] = {p["Name"]: 0 for p in sheets.players}
    counted = scored_rounds(sheets, "Centres")
    for number in counted:
        for table in games_of(sheets.rounds[number]).values():
            for name, points in ndc_board(table).items():
                boards[name].append(points)
        for name in byes_of(sheets.rounds[number]):
            sit_outs[name] += 1
    values = {}
    for name, scores in boards.items():
        mean = sum(scores, F(0)) / len(scores) if scores else F(0)
        attended = scores + [mean] * sit_outs[name]
        score = sum(attended, F(0)) / len(attended) if attended else F(0)
        values[name] = {"event_score": score if len(attended) >= len(counted) else score / 3}
    return values


def round_robin_oracle(sheets: Sheets, active: dict[int, set[str]], total_rounds: int) -> dict[str, dict[str, F]]:
    return match_points_oracle("Result", by_letter)(sheets, active, total_rounds)


RULESETS = {
    "swiss-tp": Ruleset("swiss-tp", (5, 11), 4, op_sp, swiss_tp_oracle, lambda r: (-r["tp"],), teams=True),
    "swiss": Ruleset("swiss", (5, 11), 4, games_won, match_points_oracle("Games won", by_games),
                     lambda r: (-r["match_points"],), teams=True),
    "pod-round-robin": Ruleset("pod-round-robin", (5, 10), None, win_loss_draw, round_robin_oracle,
                               lambda r: (r["pod"], -r["match_points"])),
    "chits-and-cards": Ruleset("chits-and-cards", (6, 10), 4, win_loss_draw, chits_oracle,
                               lambda r: (-r["chits"], r["card"])),
    "allegiance": Ruleset("allegiance", (6, 10), 4, allegiance_game, allegiance_oracle, lambda r: (-r["wins"],),
                          two_player=False),
    "ndc-diplomacy": Ruleset("ndc-diplomacy", (7, 15), 3, diplomacy_board, diplomacy_oracle,
                             lambda r: (-r["event_score"],), two_player=False),
}


# --- what the engines must achieve, by brute force on small fields -----------------------------------------


@dataclass
class Met:
    """Who met whom and who had a bye, from the rounds before one being checked."""

    round: int
    pairs: dict[frozenset[str], int] = field(default_factory=dict)  # pair -> the last round they met
    byes: set[str] = field(default_factory=set)

    @classmethod
    def before(cls, sheets: Sheets, number: int) -> Met:
        met = cls(number)
        for earlier in range(1, number):
            for table in games_of(sheets.rounds[earlier]).values():
                met.pairs.update((frozenset(pair), earlier) for pair in combinations([r["Player"] for r in table], 2))
            met.byes.update(byes_of(sheets.rounds[earlier]))
        return met


def two_player_cost(pairs: list[tuple[str, str]], bye: str | None, met: Met, teams: dict[str, str],
                    everyone_had_a_bye: bool) -> tuple[tuple[int, int, int], int]:
    """((rematches, an avoidable second bye, the rounds the rematched pairs last met), team mates paired): the
    Swiss engine's hard rules, as few rematches as possible, then no second bye, then the oldest rematches; then
    team mates paired."""
    rematched = [met.pairs[frozenset(pair)] for pair in pairs if frozenset(pair) in met.pairs]
    second_bye = int(bye is not None and bye in met.byes and not everyone_had_a_bye)
    team = sum(1 for a, b in pairs if teams.get(a) and teams.get(a) == teams.get(b))
    return (len(rematched), second_bye, sum(rematched)), team


def best_two_player_cost(players: list[str], met: Met, teams: dict[str, str]) -> tuple[tuple[int, int, int], int]:
    """The least cost any pairing of `players` has (every perfect matching, every bye), by brute force."""
    everyone = all(p in met.byes for p in players)
    best = ((10 ** 9, 0, 0), 10 ** 9)

    def match(rest: list[str], pairs: list[tuple[str, str]], bye: str | None) -> None:
        nonlocal best
        if not rest:
            best = min(best, two_player_cost(pairs, bye, met, teams, everyone))
            return
        first = rest[0]
        for partner in rest[1:]:
            match([p for p in rest[1:] if p != partner], pairs + [(first, partner)], bye)

    if len(players) % 2:
        for bye in players:
            match([p for p in players if p != bye], [], bye)
    else:
        match(players, [], None)
    return best


def partitions(players: list[str], sizes: list[int]):
    """Every way to split `players` into games of `sizes` (the first player's game of each size in turn)."""
    if not sizes:
        yield []
        return
    first = players[0]
    for size in sorted(set(sizes)):
        rest_sizes = list(sizes)
        rest_sizes.remove(size)
        for others in combinations(players[1:], size - 1):
            game = (first, *others)
            rest = [p for p in players if p not in game]
            for tail in partitions(rest, rest_sizes):
                yield [game, *tail]


def repeats(games: list[tuple[str, ...]], met: Met) -> int:
    return sum(frozenset(pair) in met.pairs for game in games for pair in combinations(game, 2))
