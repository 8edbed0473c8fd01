"""Whole team events, simulated (issue 22): a hypothesis state machine runs one team event per example through
the CLI and the workbook, as a TO would: pairing, typing every board's result, a regular dropping (the team's
substitute takes the board, or the board is forfeited), a team withdrawing, a line-up retyped by hand (two
boards of a team swapped), an earlier result corrected, `pair` run twice by mistake. After every step:

- `check` passes: every workbook sheetrunner wrote, and every edit a TO makes here, reads clean;
- every board of a round pits one player of each of the two teams of its team match, and a team plays at most
  one match a round;
- each team's match points equal an oracle computed here from the round sheets (a board won by more games won,
  a forfeited board won by the team that was there; more boards won wins the match, 3 / 1 / 0; a team bye 3);
- no two teams meet again when a pairing of the teams without a rematch existed (brute force).
"""

from __future__ import annotations

import os
import random
import tempfile
from collections import Counter
from pathlib import Path

import openpyxl
import pytest
from builder import edit_players, headers_of
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from sheetrunner import api
from sheetrunner.commands.cli import cli

pytestmark = pytest.mark.slow

TEAM_NAMES = ["Ash", "Birch", "Cedar", "Elm", "Fir", "Hazel", "Larch", "Oak", "Pine"]
OPERATIONS = ["drop_a_regular", "withdraw_a_team", "swap_two_boards", "correct_an_earlier_result",
              "pair_twice_by_mistake"]


def all_matchings(items: list) -> list[list[tuple]]:
    if not items:
        return [[]]
    first, found = items[0], []
    for index in range(1, len(items)):
        rest = items[1:index] + items[index + 1:]
        found += [[(first, items[index])] + tail for tail in all_matchings(rest)]
    return found


class TeamEvent(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="teams-", dir=os.environ["SIMULATION_TMP"]))
        self.path = self.folder / "cup.xlsx"
        self.runner = CliRunner()

    def cli(self, *args: str, refused: bool = False, over: bool = False):
        result = self.runner.invoke(cli, [*args, str(self.path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        expected = (1, 3) if refused else (0,)
        assert result.exit_code in expected, (args, result.output)
        if over:
            assert result.stdout.startswith("The event is over")
        return result

    def rounds(self) -> dict[int, list[dict]]:
        book = openpyxl.load_workbook(self.path, read_only=True)
        try:
            found = {}
            for title in book.sheetnames:
                if title.startswith("Round "):
                    values = list(book[title].iter_rows(values_only=True))
                    found[int(title.split()[1])] = [dict(zip(values[0], row)) for row in values[1:]
                                                    if any(v is not None for v in row)]
            return found
        finally:
            book.close()

    def players(self) -> list[dict]:
        book = openpyxl.load_workbook(self.path, read_only=True)
        try:
            values = list(book["Players"].iter_rows(values_only=True))
            return [dict(zip(values[0], row)) for row in values[1:] if any(v is not None for v in row)]
        finally:
            book.close()

    def open_round(self) -> int | None:
        rounds = self.rounds()
        if not rounds:
            return None
        last = max(rounds)
        boards = [row for row in rounds[last] if row["Table"] != "BYE"]
        return last if boards and any(row["Games won"] is None for row in boards) else None

    def teams_in(self) -> dict[str, list[dict]]:
        """Teams with a player still in, and their players."""
        teams: dict[str, list[dict]] = {}
        for player in self.players():
            if player["Dropped after"] is None:
                teams.setdefault(player["Team"], []).append(player)
        return teams

    # --- setting up -----------------------------------------------------------------------------------------

    @initialize(teams=st.integers(4, 7), size=st.integers(2, 3), subs=st.integers(0, 2), seed=st.integers(0, 999))
    def start(self, teams, size, subs, seed):
        lines = ["Name,Team,Board"]
        for t, team in enumerate(TEAM_NAMES[:teams]):
            lines += [f"{team} {b},{team},{b}" for b in range(1, size + 1)]
            if t < subs:
                lines.append(f"{team} Sub,{team},")
        roster = self.folder / "roster.csv"
        roster.write_text("\n".join(lines) + "\n", encoding="utf-8")
        result = self.runner.invoke(cli, ["init", "-r", "swiss", "-p", str(roster), "--team-size", str(size),
                                          "--rounds", "4", "--seed", str(seed), str(self.path)])
        assert result.exit_code == 0, result.output

    # --- what a TO does ---------------------------------------------------------------------------------------

    @rule(data=st.data())
    def a_round_of_the_event(self, data):
        for operation in data.draw(st.lists(st.sampled_from(OPERATIONS), max_size=2), label="operations"):
            getattr(self, operation)(data)
        if self.open_round() is not None:
            self.type_results(self.open_round(), None, random.Random(data.draw(st.integers(0, 10 ** 9))))
        elif len(self.rounds()) < 4:
            self.cli("pair", "--no-reports")
            self.no_avoidable_rematch()
        else:
            self.cli("pair", "--no-reports", over=True)

    def type_results(self, number: int, only: int | None, rng: random.Random):
        book = openpyxl.load_workbook(self.path)
        sheet = book[f"Round {number}"]
        columns = headers_of(sheet)
        by_table: dict = {}
        for row in range(2, sheet.max_row + 1):
            table = sheet.cell(row, columns["Table"]).value
            if table not in (None, "BYE") and (only is None or table == only):
                by_table.setdefault(table, []).append(row)
        for rows in by_table.values():
            won, lost, drawn = rng.choice([(2, 0, None), (2, 1, None), (1, 2, None), (0, 2, None), (1, 1, 1)])
            for row, games in zip(rows, (won, lost)):
                sheet.cell(row, columns["Games won"]).value = games
                sheet.cell(row, columns["Games drawn"]).value = drawn
        book.save(self.path)

    def drop_a_regular(self, data):
        """A regular leaves between rounds: the team's first substitute still in takes the board next round, or
        the board is forfeited."""
        if self.open_round() is not None or not self.rounds():
            return
        regulars = sorted(p["Name"] for team in self.teams_in().values() if len(team) > 1 for p in team
                          if p["Board"] is not None)
        if regulars:
            name = data.draw(st.sampled_from(regulars), label="drops")
            edit_players(self.path, {name: {"Dropped after": max(self.rounds())}})

    def withdraw_a_team(self, data):
        """A whole team leaves between rounds: its players' Dropped after, the one edit a TO makes."""
        teams = self.teams_in()
        if self.open_round() is not None or not self.rounds() or len(teams) <= 3:
            return
        team = data.draw(st.sampled_from(sorted(teams)), label="withdraws")
        edit_players(self.path, {p["Name"]: {"Dropped after": max(self.rounds())} for p in teams[team]})

    def swap_two_boards(self, data):
        """The TO retypes a line-up before results: two boards of one team change players (ID and name)."""
        number = self.open_round()
        if number is None:
            return
        rows = self.rounds()[number]
        by_team: dict[str, list[int]] = {}
        for index, row in enumerate(rows, start=2):
            if row["Table"] != "BYE" and row["Games won"] is None:
                by_team.setdefault(row["Team"], []).append(index)
        choices = sorted(team for team, found in by_team.items() if len(found) >= 2)
        if not choices:
            return
        first, second = by_team[data.draw(st.sampled_from(choices), label="line-up")][:2]
        book = openpyxl.load_workbook(self.path)
        sheet = book[f"Round {number}"]
        columns = headers_of(sheet)
        for header in ("ID", "Player"):
            a, b = sheet.cell(first, columns[header]), sheet.cell(second, columns[header])
            a.value, b.value = b.value, a.value
        book.save(self.path)

    def correct_an_earlier_result(self, data):
        rounds = self.rounds()
        done = [n for n in sorted(rounds) if n != self.open_round()]
        if len(done) < 2:
            return
        number = data.draw(st.sampled_from(done[:-1]), label="fix")
        tables = sorted({row["Table"] for row in rounds[number] if row["Table"] != "BYE"})
        self.type_results(number, data.draw(st.sampled_from(tables), label="table"),
                          random.Random(data.draw(st.integers(0, 10 ** 9))))

    def pair_twice_by_mistake(self, data):
        if self.open_round() is not None:
            self.cli("pair", "--no-reports", refused=True)

    # --- what must hold ---------------------------------------------------------------------------------------

    @invariant()
    def the_workbook_checks_clean(self):
        if self.path.exists():
            result = self.runner.invoke(cli, ["check", str(self.path)])
            assert result.exit_code == 0, result.output

    @invariant()
    def boards_pit_the_two_teams_of_their_match(self):
        if not self.path.exists():
            return
        for number, rows in self.rounds().items():
            teams_of: dict = {}
            for row in rows:
                if row["Team match"] != "BYE":
                    teams_of.setdefault(row["Team match"], set()).add(row["Team"])
            for row in rows:
                if row["Table"] != "BYE":
                    pair = {r["Team"] for r in rows if r["Table"] == row["Table"]}
                    assert len(pair) == 2 and pair == teams_of[row["Team match"]], (number, row)
            seen = Counter(team for teams in teams_of.values() for team in teams)
            assert all(count == 1 for count in seen.values()), (number, seen)

    @invariant()
    def team_match_points_follow_the_boards(self):
        if not self.path.exists() or not self.rounds():
            return
        expected: Counter = Counter()
        for number, rows in self.rounds().items():
            if number == self.open_round():
                continue
            boards: dict = {}
            for row in rows:
                if row["Team match"] == "BYE":
                    expected[row["Team"]] += 0  # counted once per team below
                    continue
                match = boards.setdefault(row["Team match"], Counter())
                if row["Table"] == "BYE":  # a forfeited board: won by the team that was there
                    match[row["Team"]] += 1
                    continue
                other = next(r for r in rows if r["Table"] == row["Table"] and r is not row)
                match[row["Team"]] += (row["Games won"] or 0) > (other["Games won"] or 0)
                match.setdefault(row["Team"], 0)
            for team in {row["Team"] for row in rows if row["Team match"] == "BYE"}:
                expected[team] += 3
            for label, match in boards.items():
                teams = {row["Team"] for row in rows if row["Team match"] == label}
                (a, b) = sorted(teams)
                expected[a] += 3 if match[a] > match[b] else 1 if match[a] == match[b] else 0
                expected[b] += 3 if match[b] > match[a] else 1 if match[a] == match[b] else 0
        teams = api.current_standings(self.path, write=False).teams
        found = {row.player.name: row.values["match_points"] for row in teams.rows}
        assert {team: found.get(team, 0) for team in expected} == dict(expected)

    def no_avoidable_rematch(self):
        """The round just paired: no team meets a team again when some pairing of the teams avoided it."""
        rounds = self.rounds()
        last = max(rounds)
        met = {frozenset({r["Team"] for r in rows if r["Team match"] == label})
               for number, rows in rounds.items() if number < last
               for label in {r["Team match"] for r in rows} if label != "BYE"}
        now = [frozenset({r["Team"] for r in rounds[last] if r["Team match"] == label})
               for label in {r["Team match"] for r in rounds[last]} if label != "BYE"]
        playing = sorted({team for pair in now for team in pair} |
                         {r["Team"] for r in rounds[last] if r["Team match"] == "BYE"})
        if any(pair in met for pair in now):
            options = [playing] if len(playing) % 2 == 0 else [[t for t in playing if t != bye] for bye in playing]
            assert not any(all(frozenset(p) not in met for p in matching) for field in options
                           for matching in all_matchings(field)), (last, now)


@pytest.mark.parametrize("events", [1])
def test_whole_team_events(events, tmp_path, monkeypatch):
    monkeypatch.setenv("SIMULATION_TMP", str(tmp_path))
    TeamEvent.TestCase.settings = settings(max_examples=int(os.environ.get("SHEETRUNNER_SOAK", "0")) or 8,
                                           stateful_step_count=6, deadline=None, derandomize=True,
                                           suppress_health_check=list(HealthCheck),
                                           phases=[Phase.explicit, Phase.reuse, Phase.generate])
    TeamEvent.TestCase().runTest()
