"""CP-SAT without pandas (issue 34): the pods engine builds its models through `sheetrunner.pairing.cpsat`, a thin
layer over OR-Tools' compiled helper, instead of `ortools.sat.python.cp_model`, whose import costs more than a
Swiss event's whole `pair` command because it imports pandas. The games must not change: the slow test pairs
random Diplomacy events and random pods fields twice, through `cpsat` and through OR-Tools' own CpModel and
CpSolver, and compares every model handed to the solver and every pairing, flags and notes included."""

from __future__ import annotations

import hashlib
import json
import random
from fractions import Fraction

import pytest

from sheetrunner.model.history import compute_history
from sheetrunner.model.event import Event, Player, Round, Seat, Settings, Table
from sheetrunner.model.options import COMMON_OPTIONS
from sheetrunner.pairing import Entrant, pods_solver
from sheetrunner.pairing.pods import PodField, arrange_games, slot_sizes
from sheetrunner.rulesets import all_rulesets

cpsat = pytest.importorskip("sheetrunner.pairing.cpsat", reason="OR-Tools before 9.15: pods_solver uses cp_model")
DIPLOMACY = all_rulesets()["ndc-diplomacy"]
FIELDS = 50  # random fields compared: Diplomacy events (several rounds each), allegiance fields, boards fields


def diplomacy_event(players: int, seed: int) -> Event:
    values = {o.key: o.default for o in COMMON_OPTIONS + DIPLOMACY.game.all_options}
    values.update(ruleset=DIPLOMACY.game.name, rounds=7, seed=seed)
    settings = Settings(DIPLOMACY.game.name, 7, seed, options=values, tiebreakers=DIPLOMACY.game.tiebreakers)
    return Event(settings, tuple(Player(i, f"P{i}") for i in range(1, players + 1)))


def diplomacy_run(players: int, seed: int, rounds: int) -> list:
    """Each round's boards, powers and notes as the ruleset pairs them (a round's boards are played as paired)."""
    event, record = diplomacy_event(players, seed), []
    for number in range(1, rounds + 1):
        pairing = DIPLOMACY.pairer.pair(event, None, compute_history(event.rounds), number)
        record.append([[list(t.player_ids), list(t.seats)] for t in pairing.tables] +
                      [sorted((pid, notes) for pid, notes in pairing.notes.items())])
        tables = [Table(t.number, tuple(Seat(pid, power, {}) for pid, power in zip(t.player_ids, t.seats)))
                  for t in pairing.tables]
        event = event.with_rounds(event.rounds + (Round(number, tuple(tables)),))
    return record


def random_field(rng: random.Random, sizes: list[int], played: int, ranked: bool) -> PodField:
    """A field with `played` rounds of random games behind it, random wins (when ranked) and a few teams."""
    count = sum(sizes)
    met: dict[int, dict[int, int]] = {pid: {} for pid in range(1, count + 1)}
    times: dict[int, dict[int, int]] = {pid: {} for pid in range(1, count + 1)}
    wins = {pid: 0 for pid in met}
    for number in range(1, played + 1):
        order = rng.sample(list(met), count)
        start = 0
        for size in sizes:
            game = order[start:start + size]
            start += size
            wins[rng.choice(game)] += 1
            for a in game:
                for b in game:
                    if a != b:
                        met[a][b] = number
                        times[a][b] = times[a].get(b, 0) + 1
    teams = {pid: f"T{rng.randrange(count // 3)}" for pid in met if rng.random() < 0.3}
    order = sorted(met, key=lambda pid: (-wins[pid], rng.random())) if ranked else rng.sample(list(met), count)
    entrants = tuple(Entrant(pid, Fraction(wins[pid] if ranked else 0), teams.get(pid, ""), met=met[pid],
                             meetings=times[pid]) for pid in order)
    return PodField(entrants, sizes, played + 1, ranked=ranked)


def case_list() -> list[tuple]:
    """FIELDS random cases, the same every run: Diplomacy events of 21-27 players (three boards: CP-SAT from
    round 3 or so) and a few larger ones, allegiance fields in threes and fours or all fours, boards fields."""
    rng, cases = random.Random(34), []
    for index in range(FIELDS):
        kind = ("diplomacy", "allegiance", "boards")[index % 3]
        if kind == "diplomacy":
            cases.append((kind, rng.choice([21, 21, 21, 22, 24, 27, rng.randrange(28, 71)]), rng.randrange(1, 99)))
        elif kind == "allegiance":
            count = rng.randrange(13, 61)
            sizes = slot_sizes(count - count % 4, (4,), 4) if rng.random() < 0.4 else slot_sizes(count, (3, 4), 3)
            cases.append((kind, sizes, rng.randrange(2, 9), rng.randrange(10 ** 6)))
        else:
            cases.append((kind, [7] * 3, rng.randrange(2, 8), rng.randrange(10 ** 6)))
    return cases


def run_case(case: tuple) -> list:
    """What the engine answers for one case: every round's pairing, or a field's games and whether proven."""
    if case[0] == "diplomacy":
        return diplomacy_run(case[1], case[2], rounds=6)
    sizes, played, seed = case[1:]
    field = random_field(random.Random(seed), sizes, played, ranked=case[0] == "allegiance")
    games = arrange_games(field)
    return [games, field.proven]


class Recorder:
    """Every model `pods_solver` hands the solver (its full text, digested) with the status it got back."""

    def __init__(self) -> None:
        self.solves: list[tuple[str, str]] = []

    def wrap(self, solve):
        def recording(model, work: float):
            status, solver = solve(model, work)
            self.solves.append((hashlib.sha256(str(model.proto).encode()).hexdigest(), status.name))
            return status, solver
        return recording


def pair_through(monkeypatch, model_class, solver_class, cases: list[tuple]) -> tuple[list, list]:
    """The cases' pairings with `pods_solver` building on `model_class` and solving with `solver_class`."""
    recorder = Recorder()
    with monkeypatch.context() as patch:
        patch.setattr(cpsat, "CpModel", model_class)
        patch.setattr(cpsat, "CpSolver", solver_class)
        patch.setattr(pods_solver, "_solve", recorder.wrap(pods_solver._solve))
        pairings = [run_case(case) for case in cases]
    return pairings, recorder.solves


def test_a_three_board_round_gets_the_same_models_and_boards_as_through_cp_model(monkeypatch):
    """Three boards of seven after five rounds: the tabu search leaves repeats and CP-SAT is asked (the pair
    the harness below checks on FIELDS random fields, here on one)."""
    from ortools.sat.python import cp_model

    case = [("boards", [7, 7, 7], 5, 2)]
    lean, lean_solves = pair_through(monkeypatch, cpsat.CpModel, cpsat.CpSolver, case)
    own, own_solves = pair_through(monkeypatch, cp_model.CpModel, cp_model.CpSolver, case)
    assert len(lean_solves) >= 2  # the counts, then how recent the repeats are
    assert lean_solves == own_solves
    assert lean == own


@pytest.mark.slow
def test_random_fields_get_the_same_models_and_games_as_through_cp_model(monkeypatch):
    """The harness of issue 34: every model and every pairing of FIELDS random fields, through `cpsat` and
    through OR-Tools' own CpModel and CpSolver (what pods_solver used before), including the notes that say
    whether a repeat was proven unavoidable."""
    from ortools.sat.python import cp_model

    cases = case_list()
    lean, lean_solves = pair_through(monkeypatch, cpsat.CpModel, cpsat.CpSolver, cases)
    own, own_solves = pair_through(monkeypatch, cp_model.CpModel, cp_model.CpSolver, cases)
    assert len(lean_solves) >= 100
    assert {status for _, status in lean_solves} >= {"OPTIMAL", "FEASIBLE"}
    assert lean_solves == own_solves
    assert json.dumps(lean, default=str) == json.dumps(own, default=str)


def test_cpsat_refuses_what_the_pods_engine_never_builds():
    model = cpsat.CpModel()
    with pytest.raises(TypeError, match="not supported: CpModel.add"):
        model.add("x <= 1")  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="solve"):
        cpsat.CpSolver().value(model.new_bool_var(""))
