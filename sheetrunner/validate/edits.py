"""A safety net under hand edits: rematches, team mates and fixed-table clashes the TO made (§2).

The TO may edit a round sheet, and sheetrunner uses what is there. But a
pairing changed by hand can break a rule the engine keeps, so each such table
gets a warning naming its cells. Tables exactly as sheetrunner paired them
(the Log keeps a digest of each) are left alone: their compromises were
unavoidable and their Note says so.
"""

from __future__ import annotations

from itertools import combinations

from ..logsheet import LogHistory, seating_digest
from ..model import Player, Round, Settings, Table
from ..problems import Problem, warning
from ..rulesets.base import teams_apart


def hand_made_compromises(rounds: list[Round], players: list[Player], settings: Settings, log: LogHistory,
                          cell_of: dict[tuple[int, int], str]) -> list[Problem]:
    """A warning per table and cause; `cell_of` maps (round, player) to the player's cell in that round."""
    by_id = {player.id: player for player in players}
    met: dict[frozenset[int], int] = {}
    problems: list[Problem] = []
    for round_ in rounds:
        made = log.paired.get(round_.number, set())
        for table in round_.games:
            if seating_digest(table.number, table.player_ids) in made:
                continue
            where = {pid: cell_of.get((round_.number, pid), "") for pid in table.player_ids}
            problems += _rematches(round_, table, met, by_id, where)
            if teams_apart(settings, round_.number):
                problems += _team_mates(round_, table, by_id, where)
            problems += _fixed_tables(round_, table, by_id, where)
        for table in round_.games:
            for first, second in combinations(table.player_ids, 2):
                met[frozenset((first, second))] = round_.number
    return problems


def _named(pid: int, by_id: dict[int, Player], where: dict[int, str]) -> str:
    return f"{by_id[pid].name} ({where[pid]})" if where.get(pid) else by_id[pid].name


def _rematches(round_: Round, table: Table, met: dict, by_id: dict, where: dict) -> list[Problem]:
    repeats = [(a, b, met[frozenset((a, b))]) for a, b in combinations(table.player_ids, 2)
               if frozenset((a, b)) in met]
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
