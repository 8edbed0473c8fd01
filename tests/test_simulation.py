"""Whole events, simulated: every operation a TO uses, in random order, for each of the six rulesets.

A hypothesis state machine drives one event per example through the CLI and the workbook, as a TO would:
pairing, typing results (draws, zeros, eliminations, solos), late entries, drops, reinstatements, sit-out
volunteers, hand swaps of two seats, corrections of an earlier result after a later round was paired,
`pair --redo`, pairing twice by mistake and a re-save of the workbook by another program. After every step:

- sheetrunner reads the workbook without an error (every workbook it wrote passes its own check);
- the standings equal an oracle computed here from the sheets by the rules, in their order;
- every active player is seated exactly once in a round sheetrunner paired, and the engine made no repeat
  meeting (nor, in a Swiss, a same-team pair) that brute force shows it could have avoided;
- a refused command left the file byte for byte as it was; no command raised a traceback.

Bounded so the suite stays quick; `SHEETRUNNER_SOAK=N` runs N events per ruleset with longer ones.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

import openpyxl
import pytest
from builder import digest, edit_players, headers_of
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from simulation import (RULESETS, Met, Ruleset, best_two_player_cost, byes_of, games_of, partitions, read_sheets,
                        repeats, scored_rounds, two_player_cost)

from sheetrunner.commands.cli import cli

pytestmark = pytest.mark.slow  # whole events and faults: CI runs them; `-m "not slow"` leaves them out

SOAK = int(os.environ.get("SHEETRUNNER_SOAK", "0"))
TEAMS = ["Red", "Red", "Blue", "Blue", "Blue", "", "", ""]
OPERATIONS = ["late_entry", "drop", "reinstate", "volunteer_to_sit_out", "swap_two_seats_by_hand",
              "correct_an_earlier_result", "redo", "pair_twice_by_mistake", "saved_by_another_program"]


class EventSimulation(RuleBasedStateMachine):
    ruleset: Ruleset

    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="event-", dir=os.environ["SIMULATION_TMP"]))
        self.path = self.folder / "event.xlsx"
        self.runner = CliRunner()
        self.active: dict[int, set[str]] = {}  # round -> players seated when sheetrunner paired it
        self.engine_made: set[int] = set()  # rounds as the engine paired them (no hand swap since)
        self.late = 0

    # --- helpers -----------------------------------------------------------------------------------

    def cli(self, *args: str, refused: bool = False, over: bool = False):
        before = digest(self.path) if self.path.exists() else None
        result = self.runner.invoke(cli, [*args, str(self.path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (args, result.output, result.exception)
        if refused:
            assert result.exit_code == 1, (args, result.output)
            assert digest(self.path) == before, f"{args} refused but changed the file"
        elif over:  # every round played: a success that names the winner and writes nothing
            assert result.exit_code == 0 and result.output.startswith("The event is over: "), (args, result.output)
            assert digest(self.path) == before, f"{args} found the event over but changed the file"
        else:
            assert result.exit_code == 0, (args, result.output)
        return result

    @property
    def sheets(self):
        return read_sheets(self.path)

    def total_rounds(self) -> int:
        return int(self.sheets.settings["Rounds"])

    def open_round(self) -> int | None:
        """The last round, while it has no result yet."""
        sheets = self.sheets
        if not sheets.rounds:
            return None
        last = max(sheets.rounds)
        games = games_of(sheets.rounds[last])
        return last if games and all(not self.has_result(row) for t in games.values() for row in t) else None

    def has_result(self, row: dict) -> bool:
        return any(row.get(h) is not None for h in ("OP", "Games won", "Result", "VI", "Centres", "Won"))

    def between_rounds(self) -> bool:
        return self.open_round() is None

    def can_pair(self) -> bool:
        sheets = self.sheets
        return self.between_rounds() and len(sheets.rounds) < self.total_rounds()

    def seated_in(self, number: int) -> list[str]:
        return [row["Player"] for row in self.sheets.rounds[number]]

    def playing_next(self) -> list[dict]:
        sheets = self.sheets
        number = (max(sheets.rounds) if sheets.rounds else 0) + 1
        return [p for p in sheets.players if (p.get("Joined in") or 1) <= number and
                (p.get("Dropped after") is None or p["Dropped after"] >= number)]

    # --- setting up -----------------------------------------------------------------------------------

    @initialize(data=st.data())
    def start(self, data):
        low, high = self.ruleset.sizes
        count = data.draw(st.integers(low, high), label="players")
        seed = data.draw(st.integers(0, 10 ** 6), label="seed")
        names = [f"P{i:02d}" for i in range(1, count + 1)]
        roster = self.folder / "roster.csv"
        if self.ruleset.teams:
            roster.write_text("Name,Team\n" + "".join(f"{n},{TEAMS[i % len(TEAMS)]}\n" for i, n in enumerate(names)),
                              encoding="utf-8")
        else:
            roster.write_text("Name\n" + "".join(f"{n}\n" for n in names), encoding="utf-8")
        args = ["init", "-r", self.ruleset.name, "-p", str(roster), "--seed", str(seed)]
        if self.ruleset.rounds:
            args += ["--rounds", str(self.ruleset.rounds)]
        result = self.runner.invoke(cli, [*args, str(self.path)])
        assert result.exit_code == 0, result.output

    # --- what a TO does -------------------------------------------------------------------------------

    @rule(data=st.data())
    def a_round_of_the_event(self, data):
        """What a TO does around one round: a few operations in random order, each checked, then the step
        forward (results typed, or the next round paired)."""
        for operation in data.draw(st.lists(st.sampled_from(OPERATIONS), max_size=3), label="operations"):
            getattr(self, operation)(data)
            self.standings_follow_the_rules()
        self.advance_the_event(data)

    def advance_the_event(self, data):
        """The step a TO takes most: type the results of the posted round, or pair the next one, or (when the
        event is over) find that `pair` says so, names the winner and writes nothing."""
        if self.open_round() is not None:
            self.type_results(data)
        elif self.can_pair():
            number = len(self.sheets.rounds) + 1
            self.cli("pair", "--no-reports")
            self.record_pairing(number)
        else:
            self.cli("pair", "--no-reports", over=True)

    def record_pairing(self, number: int):
        self.active[number] = set(self.seated_in(number))
        self.engine_made.add(number)
        self.check_engine(number)

    def type_results(self, data):
        number = self.open_round()
        rng = random.Random(data.draw(st.integers(0, 10 ** 9), label="results"))
        self.write_results(number, [table for table in games_of(self.sheets.rounds[number]).values()], rng)

    def write_results(self, number: int, tables: list[list[dict]], rng: random.Random):
        book = openpyxl.load_workbook(self.path)
        sheet = book[f"Round {number}"]
        columns = headers_of(sheet)
        for table in tables:
            for row, values in self.ruleset.type_results(table, rng).items():
                for header, value in values.items():
                    sheet.cell(row=row, column=columns[header]).value = value
        book.save(self.path)

    def pair_twice_by_mistake(self, data):
        if self.open_round() is not None:
            self.cli("pair", "--no-reports", refused=True)

    def redo(self, data):
        number = self.open_round()
        if number is not None:
            self.cli("pair", "--redo", "--no-reports")
            self.record_pairing(number)

    def late_entry(self, data):
        """A walk-in joins the next round (if a round is posted without results, the TO pairs it again)."""
        sheets = self.sheets
        posted = self.open_round()
        number = (max(sheets.rounds) if sheets.rounds else 0) + 1
        if self.ruleset.name == "pod-round-robin" and (not self.free_pod_place() or posted == 1):
            return  # pods are fixed once round 1 is paired: only a later entry gets a free place by itself
        self.late += 1
        edit_players(self.path, new=[{"Name": f"Late {self.late}", "Joined in": number if posted is None else
                                      posted}])
        if posted is not None:
            self.redo_after_roster_change(posted)

    def free_pod_place(self) -> bool:
        pods: dict[str, list[dict]] = {}
        for player in self.sheets.players:
            pods.setdefault(player.get("Pod"), []).append(player)
        return None not in pods and any(len(members) % 2 and all((p.get("Joined in") or 1) == 1 for p in members)
                                        for members in pods.values())

    def redo_after_roster_change(self, posted: int):
        self.cli("pair", "--redo", "--no-reports")
        self.record_pairing(posted)

    def drop(self, data):
        """A player leaves after the last round with results (a posted round is paired again without them)."""
        posted = self.open_round()
        sheets = self.sheets
        if not sheets.rounds:
            return
        last_played = max(sheets.rounds) - (posted is not None)
        candidates = [p["Name"] for p in self.playing_next() if (p.get("Joined in") or 1) <= last_played]
        if len(candidates) <= max(self.ruleset.sizes[0], 7 if self.ruleset.name == "ndc-diplomacy" else 4):
            return
        name = data.draw(st.sampled_from(sorted(candidates)), label="drops")
        edit_players(self.path, {name: {"Dropped after": last_played}})
        if posted is not None:
            self.redo_after_roster_change(posted)

    def reinstate(self, data):
        dropped = sorted(p["Name"] for p in self.sheets.players if p.get("Dropped after") is not None)
        if not dropped:
            return
        name = data.draw(st.sampled_from(dropped), label="reinstates")
        posted = self.open_round()
        edit_players(self.path, {name: {"Dropped after": None}})
        if posted is not None:
            self.redo_after_roster_change(posted)

    def volunteer_to_sit_out(self, data):
        if self.ruleset.name != "ndc-diplomacy" or not self.between_rounds():
            return
        names = sorted(p["Name"] for p in self.playing_next())
        name = data.draw(st.sampled_from(names), label="volunteers")
        edit_players(self.path, {name: {"Sits out": str(len(self.sheets.rounds) + 1)}})

    def swap_two_seats_by_hand(self, data):
        number = self.open_round()
        if number is None:
            return
        rows = [row for table in games_of(self.sheets.rounds[number]).values() for row in table]
        first, second = data.draw(st.lists(st.sampled_from(rows), min_size=2, max_size=2, unique_by=lambda r: r["_row"]),
                                  label="swap")
        book = openpyxl.load_workbook(self.path)
        sheet = book[f"Round {number}"]
        columns = headers_of(sheet)
        for header in ("ID", "Player"):
            column = columns[header]
            a, b = sheet.cell(first["_row"], column), sheet.cell(second["_row"], column)
            a.value, b.value = b.value, a.value
        book.save(self.path)
        self.engine_made.discard(number)

    def correct_an_earlier_result(self, data):
        sheets = self.sheets
        if not scored_rounds(sheets, self.result_header()) or len(sheets.rounds) < 2:
            return
        number = data.draw(st.sampled_from(scored_rounds(sheets, self.result_header())[:-1] or [1]), label="fix")
        tables = list(games_of(sheets.rounds[number]).values())
        table = data.draw(st.sampled_from(tables), label="table")
        self.write_results(number, [table], random.Random(data.draw(st.integers(0, 10 ** 9))))

    def result_header(self) -> str:
        return {"swiss-tp": "OP", "swiss": "Games won", "allegiance": "VI", "ndc-diplomacy": "Centres"}.get(
            self.ruleset.name, "Result")

    def saved_by_another_program(self, data):
        book = openpyxl.load_workbook(self.path)
        book.save(self.path)

    # --- what must hold -------------------------------------------------------------------------------

    def check_engine(self, number: int):
        """The round as paired: every active player seated once, no avoidable repeat (brute force)."""
        sheets = self.sheets
        rows = sheets.rounds[number]
        seated = [row["Player"] for row in rows]
        assert len(seated) == len(set(seated)), f"Round {number}: someone is seated twice"
        idle = self.idle_pod_players(sheets, number)
        expected = {p["Name"] for p in self.playing_next_of(sheets, number)} - idle
        assert set(seated) == expected, f"Round {number}: seated {sorted(seated)}, expected {sorted(expected)}"
        met = Met.before(sheets, number)
        games = [tuple(row["Player"] for row in table) for table in games_of(rows).values()]
        if self.ruleset.name == "pod-round-robin":
            if all(n in self.engine_made for n in range(1, number)):
                assert repeats(games, met) == 0, f"Round {number} repeats a round-robin meeting"
        elif self.ruleset.two_player:
            teams = {p["Name"]: p.get("Team") or "" for p in sheets.players} if self.ruleset.teams else {}
            byes = byes_of(rows)
            made = two_player_cost([tuple(g) for g in games], byes[0] if byes else None, met, teams,
                                   all(p in met.byes for p in seated))
            best = best_two_player_cost(sorted(seated), met, teams)
            if self.ruleset.name == "chits-and-cards":
                made, best = made[:1], best[:1]
            assert made == best, f"Round {number}: the engine's cost {made}, brute force {best}"
        else:
            sizes = [len(g) for g in games]
            players = sorted(p for g in games for p in g)
            if repeats(games, met):
                assert min(repeats(split, met) for split in partitions(players, sizes)) > 0, \
                    f"Round {number}: an avoidable repeat meeting"

    def playing_next_of(self, sheets, number: int) -> list[dict]:
        return [p for p in sheets.players if (p.get("Joined in") or 1) <= number and
                (p.get("Dropped after") is None or p["Dropped after"] >= number)]

    def idle_pod_players(self, sheets, number: int) -> set[str]:
        """Players of a smaller pod whose round robin is over (they wait)."""
        if self.ruleset.name != "pod-round-robin":
            return set()
        pods: dict[str, list[str]] = {}
        for player in sheets.players:
            pods.setdefault(player.get("Pod"), []).append(player["Name"])
        return {name for members in pods.values() if number > len(members) - (len(members) % 2 == 0)
                for name in members}

    @invariant()
    def standings_follow_the_rules(self):
        if not self.path.exists():
            return
        result = self.cli("standings", "--json", "--no-write")
        rows = json.loads(result.stdout)
        sheets = self.sheets
        if not scored_rounds(sheets, self.result_header()):
            return
        expected = self.ruleset.oracle(sheets, self.active, self.total_rounds())
        for row in rows:
            for key, value in expected[row["name"]].items():
                assert row[key] == pytest.approx(float(value), abs=1e-6), (row["name"], key, row[key], value)
        keys = [self.ruleset.order(row) for row in rows]
        assert keys == sorted(keys), "standings out of order"


def simulation_settings():
    return settings(max_examples=SOAK or 5, stateful_step_count=16 if SOAK else 10, deadline=None,
                    suppress_health_check=list(HealthCheck), derandomize=not SOAK,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate] + [Phase.shrink] * bool(SOAK))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_whole_events(name, tmp_path, monkeypatch):
    monkeypatch.setenv("SIMULATION_TMP", str(tmp_path))
    machine = type(f"{name.title().replace('-', '')}Event", (EventSimulation,), {"ruleset": RULESETS[name]})
    machine.TestCase.settings = simulation_settings()
    machine.TestCase().runTest()
