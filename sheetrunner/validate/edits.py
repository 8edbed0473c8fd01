"""A safety net under hand edits: rematches, team mates and fixed-table clashes the TO made (§2).

The TO may edit a round sheet, and sheetrunner uses what is there. But a
pairing changed by hand can break a rule the engine keeps, so each such table
gets a warning naming its cells. Tables exactly as sheetrunner paired them
(the Log keeps a digest of each) are left alone: their compromises were
unavoidable and their Note says so.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable

from ..workbook.logsheet import LogHistory, seating_digest
from ..model.event import Player, Round, Settings, Table
from ..model.problems import Problem, warning
from ..rulesets.base import teams_apart


def hand_made_compromises(rounds: list[Round], players: list[Player], settings: Settings, log: LogHistory,
                          cell_of: dict[int, Callable[[int], str]]) -> list[Problem]:
    """A warning per table and cause; `cell_of` names a player's cell from their row, for each round."""
    by_id = {player.id: player for player in players}
    fixed = {player.id for player in players if player.fixed_table is not None}
    teamed = {player.id for player in players if player.team}
    met: dict[tuple[int, int], int] = {}  # pair (lower ID first) -> the last round they met
    problems: list[Problem] = []
    for round_ in rounds:
        made = log.paired.get(round_.number, set())
        teams = teams_apart(settings, round_.number)
        for table in round_.games:
            ids = table.player_ids
            suspect = any(pair in met for pair in _pairs(ids)) or not fixed.isdisjoint(ids) or \
                (teams and len(teamed.intersection(ids)) > 1)
            if not suspect:
                continue  # the usual table: nothing to look at closely
            where = Cells(table, cell_of.get(round_.number))
            found = _rematches(round_, table, met, by_id, where) + \
                (_team_mates(round_, table, by_id, where) if teams else []) + _fixed_tables(round_, table, by_id, where)
            if found and seating_digest(table.number, ids) not in made:
                problems += found
        for table in round_.games:
            for pair in _pairs(table.player_ids):
                met[pair] = round_.number
    return problems


def _pairs(ids: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every pair at a table as `met` keys them."""
    return [_pair_key(a, b) for a, b in combinations(ids, 2)]


def _pair_key(a: int, b: int) -> tuple[int, int]:
    """Two players as a key of `met`: lower ID first (cheaper than a frozenset, looked up for every table)."""
    return (a, b) if a < b else (b, a)


class Cells(dict):
    """A table's players' cells, named only when a message needs them."""

    def __init__(self, table: Table, name: Callable[[int], str] | None):
        super().__init__()
        self.rows = {seat.player_id: seat.row for seat in table.seats}
        self.name = name

    def __missing__(self, pid: int) -> str:
        self[pid] = self.name(self.rows[pid]) if self.name and self.rows.get(pid) else ""
        return self[pid]


def _named(pid: int, by_id: dict[int, Player], where: dict[int, str]) -> str:
    return f"{by_id[pid].name} ({where[pid]})" if where[pid] else by_id[pid].name


def _rematches(round_: Round, table: Table, met: dict, by_id: dict, where: dict) -> list[Problem]:
    repeats = [(a, b, met[pair]) for a, b in combinations(table.player_ids, 2) if (pair := _pair_key(a, b)) in met]
    return [warning(round_.sheet, where[a], f"{_named(a, by_id, where)} and {_named(b, by_id, where)} already met "
                    f"in round {earlier}: a rematch made by hand.",
                    "If that is not meant, swap one of them with a player at another table.")
            for a, b, earlier in repeats]


def _team_mates(round_: Round, table: Table, by_id: dict, where: dict) -> list[Problem]:
    teams: dict[str, list[int]] = {}
    for pid in table.player_ids:
        if by_id[pid].team:
            teams.setdefault(by_id[pid].team.casefold(), []).append(pid)
    return [warning(round_.sheet, where[mates[0]], " and ".join(_named(p, by_id, where) for p in mates)
                    + f" are both {by_id[mates[0]].team}: team mates paired by hand.",
                    "If that is not meant, swap one of them with a player at another table.")
            for mates in teams.values() if len(mates) > 1]


def _fixed_tables(round_: Round, table: Table, by_id: dict, where: dict) -> list[Problem]:
    return [warning(round_.sheet, where[pid], f"{_named(pid, by_id, where)} has Fixed table "
                    f"{by_id[pid].fixed_table} but sits at {table.number}.",
                    f"Move them to table {by_id[pid].fixed_table}, or clear their Fixed table.")
            for pid in table.player_ids if by_id[pid].fixed_table is not None
            and str(by_id[pid].fixed_table) != str(table.number)]
