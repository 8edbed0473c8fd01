"""Synthetic swiss-tp events for the benchmark: seeded, paired by sheetrunner, results at random."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import openpyxl

from sheetrunner.history import compute_history
from sheetrunner.model import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.options import COMMON_OPTIONS
from sheetrunner.rulesets import RULESETS
from sheetrunner.tournament import standings_after

RULES = RULESETS["swiss-tp"]


def settings(rounds: int, seed: int) -> Settings:
    values = {o.key: o.default for o in COMMON_OPTIONS + RULES.options}
    values.update(ruleset="swiss-tp", rounds=rounds, seed=seed)
    return Settings("swiss-tp", rounds, seed, options=values, tiebreakers=RULES.tiebreakers)


def play(pairing, number: int, rng: random.Random, draws: bool) -> Round:
    """Results for a paired round: OP 0-6; without draws, ties are nudged apart."""
    tables = []
    for table in pairing.tables:
        first, second = rng.randint(0, 6), rng.randint(0, 6)
        if first == second and not (draws and rng.random() < 0.5):
            second = first + 1 if first < 6 else first - 1
        seats = (Seat(table.player_ids[0], 1, {"op": first, "sp": rng.randint(0, 3)}),
                 Seat(table.player_ids[1], 2, {"op": second, "sp": rng.randint(0, 3)}))
        tables.append(Table(table.number, seats))
    tables += [Table(BYE, (Seat(pid, 1, {"op": None, "sp": None}),)) for pid in pairing.byes]
    return Round(number, tuple(tables), f"Round {number}")


def make_event(players: int, played: int, draws: bool, seed: int = 1, total_rounds: int = 15,
               drop_one: bool = False) -> Event:
    """An event of `players` with `played` rounds complete, ready to pair the next.

    `drop_one` drops the top seed after the last round played, so the next round has a bye.
    """
    rng = random.Random(seed * 1000 + players)
    event = Event(settings(total_rounds, seed), tuple(Player(i, f"Player {i:04d}") for i in range(1, players + 1)))
    for number in range(1, played + 1):
        standings = standings_after(event, RULES)
        pairing = RULES.pair(event, standings, compute_history(event.rounds), number)
        event = event.with_rounds(event.rounds + (play(pairing, number, rng, draws),))
    if drop_one:
        first = replace(event.players[0], dropped_after=played)
        event = Event(event.settings, (first,) + event.players[1:], event.rounds)
    return event


def write_workbook(event: Event, path: Path) -> Path:
    """The event as a workbook a TO could have typed (write-only mode: fast for big fields)."""
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Event")
    sheet.append(["Setting", "Value"])
    for option in COMMON_OPTIONS + RULES.options:
        value = event.settings.options.get(option.key, option.default)
        sheet.append([option.label, option.cell_value(value)])
    sheet = book.create_sheet("Players")
    sheet.append(["ID", "Name", "Team", "Dropped after"])
    for player in event.players:
        sheet.append([player.id, player.name, player.team or None, player.dropped_after])
    names = {p.id: p.name for p in event.players}
    for round_ in event.rounds:
        sheet = book.create_sheet(f"Round {round_.number}")
        sheet.append(["Table", "Seat", "ID", "Player", "OP", "SP", "Note"])
        for table in round_.tables:
            for seat in table.seats:
                sheet.append([table.number, seat.seat, seat.player_id, names[seat.player_id], seat.result["op"],
                              seat.result["sp"], None])
    book.save(path)
    return path
