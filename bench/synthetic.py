"""Synthetic Swiss events for the benchmarks: seeded, paired by sheetrunner, results at random.

swiss-tp events score tournament points (dense score groups); `swiss` (card game) events score match
points 3/1/0, whose groups are sparser and whose floats longer."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import openpyxl

from sheetrunner.model.history import compute_history
from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.model.options import COMMON_OPTIONS
from sheetrunner.rulesets import all_rulesets
from sheetrunner.rules.tournament import standings_after

RULESETS = all_rulesets()

RULES = RULESETS["swiss-tp"]


def settings(rounds: int, seed: int, ruleset: str = "swiss-tp") -> Settings:
    rules = RULESETS[ruleset]
    values = {o.key: o.default for o in COMMON_OPTIONS + rules.game.all_options}
    values.update(ruleset=ruleset, rounds=rounds, seed=seed)
    return Settings(ruleset, rounds, seed, options=values, tiebreakers=rules.game.tiebreakers)


def op_results(rng: random.Random, draws: bool) -> tuple[dict, dict]:
    """swiss-tp: OP 0-6 each; without draws, ties are nudged apart."""
    first, second = rng.randint(0, 6), rng.randint(0, 6)
    if first == second and not (draws and rng.random() < 0.5):
        second = first + 1 if first < 6 else first - 1
    return {"op": first, "sp": rng.randint(0, 3)}, {"op": second, "sp": rng.randint(0, 3)}


def game_results(rng: random.Random, draws: bool) -> tuple[dict, dict]:
    """swiss (card games): best of three; with draws, one match in eight is a 1-1 draw."""
    if draws and rng.random() < 0.125:
        return {"games_won": 1, "games_drawn": 1}, {"games_won": 1, "games_drawn": 1}
    won, lost = rng.choice([(2, 0), (2, 1)])
    first, second = ({"games_won": won}, {"games_won": lost}) if rng.random() < 0.5 else \
        ({"games_won": lost}, {"games_won": won})
    return {**first, "games_drawn": None}, {**second, "games_drawn": None}


RESULTS = {"swiss-tp": op_results, "swiss": game_results}


def play(pairing, number: int, rng: random.Random, draws: bool, ruleset: str = "swiss-tp") -> Round:
    """Results for a paired round."""
    tables = []
    blank = {key: None for key in ("op", "sp", "games_won", "games_drawn")}
    for table in pairing.tables:
        first, second = RESULTS[ruleset](rng, draws)
        tables.append(Table(table.number, (Seat(table.player_ids[0], 1, first), Seat(table.player_ids[1], 2, second))))
    tables += [Table(BYE, (Seat(pid, 1, dict(blank)),)) for pid in pairing.byes]
    return Round(number, tuple(tables), f"Round {number}")


def make_event(players: int, played: int, draws: bool, seed: int = 1, total_rounds: int = 15,
               drop_one: bool = False, ruleset: str = "swiss-tp") -> Event:
    """An event of `players` with `played` rounds complete, ready to pair the next.

    `drop_one` drops the top seed after the last round played, so the next round has a bye.
    """
    rules = RULESETS[ruleset]
    rng = random.Random(seed * 1000 + players)
    event = Event(settings(total_rounds, seed, ruleset),
                  tuple(Player(i, f"Player {i:04d}") for i in range(1, players + 1)))
    for number in range(1, played + 1):
        standings = standings_after(event, rules)
        pairing = rules.pairer.pair(event, standings, compute_history(event.rounds), number)
        event = event.with_rounds(event.rounds + (play(pairing, number, rng, draws, ruleset),))
    if drop_one:
        first = replace(event.players[0], dropped_after=played)
        event = Event(event.settings, (first,) + event.players[1:], event.rounds)
    return event


def write_workbook(event: Event, path: Path) -> Path:
    """The event as a workbook a TO could have typed (write-only mode: fast for big fields)."""
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Event")
    sheet.append(["Setting", "Value"])
    for option in COMMON_OPTIONS + RULES.game.all_options:
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
