"""The Swiss engine for two-player games (SPEC §5.1).

The objective, in strict order (each level counts only among pairings equal on every level above it), each
level a named rule of `swiss_rules`:

1. hard rules: no rematch and no second bye (when some cannot be avoided: fewest rematches, then no second bye,
   then the oldest rematches);
2. team mates (and players with different fixed tables) apart, as the event's option says;
3. the bye to the lowest-ranked player who has not had one (004);
4. the score differences of the pairs, sorted from the largest down, compared element by element: the
   longest float as short as possible, then the next (as FIDE's score-difference lists), so one long
   float never replaces a chain of short ones; this also fixes how many pairs float;
5. (when the event allows rematches) as few rematches as possible, recent ones weighing more;
6. standings order: the smallest sum of rank distances, which is 1 v 2, 3 v 4 inside a score group and
   a floater meeting the nearest player it can.

That is a maximum-weight perfect matching whose integer weights encode the levels. One module per step:
`swiss_rules` (the levels as named rules), `swiss_field` (the round as matching nodes and the cost of any
pair and pairing), `swiss_blocks` (the field cut into blocks of the ideal pairing, widened where that
helps), `swiss_exact` (one block's exact matching); this module turns the pairs into tables and notes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import Engine, Entrant, Flag, Pairing, PairingRequest
from .swiss_blocks import solve
from .swiss_field import SwissField
from .tables import assign_tables


@dataclass
class Quality:
    """What a pairing had to give up, as the benchmark and the tests count it."""

    rematches: int
    same_team: int
    cross_group_pairs: int
    score_difference: Fraction
    largest_difference: Fraction


@dataclass(frozen=True)
class SwissEngine(Engine):
    """Pairs one round of a two-player Swiss; see the module docstring for the objective."""

    allow_rematches: bool = False  # `Allow rematches`: a rematch only when no pairing avoids it, unless allowed
    keep_teams_apart: bool = True  # `Keep teams apart` for this round

    def pair(self, entrants: tuple[Entrant, ...], round_number: int) -> Pairing:
        field = SwissField(PairingRequest(round_number, tuple(entrants), self.allow_rematches, self.keep_teams_apart))
        pairs = solve(field)
        byes = [field.entrants[i].id for i, j in pairs if j == field.bye_node]
        games = sorted((i, j) for i, j in pairs if j != field.bye_node)
        pairing = Pairing(tables=[], byes=byes)
        _flag_compromises(field, pairs, pairing)
        by_id = {e.id: e for e in field.entrants}
        pairing.tables = assign_tables([(field.entrants[i].id, field.entrants[j].id) for i, j in games], by_id, pairing)
        return pairing


def pair_swiss(request: PairingRequest) -> Pairing:
    """The engine for a `PairingRequest`, its flags worded without names."""
    engine = SwissEngine(allow_rematches=request.allow_rematches, keep_teams_apart=request.keep_teams_apart)
    return engine.pair(request.entrants, request.round).explain({})


def _flag_compromises(field: SwissField, pairs: list[tuple[int, int]], pairing: Pairing) -> None:
    """Flag every pair that breaks a rule, on both players."""
    for i, j in pairs:
        first = field.entrants[i]
        if j == field.bye_node:
            if first.had_bye:
                pairing.flag(Flag("second_bye", first.id, describe=describe))
            continue
        second = field.entrants[j]
        flags: list[tuple[str, tuple]] = []
        if second.id in first.met:
            flags.append(("rematch", (first.met[second.id], field.request.allow_rematches)))
        if field.request.keep_teams_apart and first.team and first.team == second.team:
            flags.append(("same_team", (first.team,)))
        if first.score != second.score:
            flags.append(("float", (first.score, second.score)))
        for kind, facts in flags:
            pairing.flag(Flag(kind, first.id, second.id, facts, describe))
            pairing.flag(Flag(kind, second.id, first.id, facts, describe))


def describe(flag: Flag, names: dict[int, str]) -> str:
    """The Swiss engine's flags in words."""
    if flag.kind == "second_bye":
        return "Second bye: every player still in has had one."
    if flag.kind == "rematch":  # allowed, a rematch may be chosen though avoidable: it comes after the scores
        met, allowed = flag.facts
        return f"Rematch (last met in round {met}): " + ("Allow rematches is Yes, and every pairing that avoids it "
                                                         "does worse on the rules before it (the bye, teams apart, "
                                                         "score groups)." if allowed else "no pairing avoids it.")
    if flag.kind == "same_team":
        return f"Same team ({flag.facts[0]}): no pairing keeps them apart."
    return f"Paired across score groups ({_number(flag.facts[0])} v {_number(flag.facts[1])})."


def _number(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def measure_quality(request: PairingRequest, pairing: Pairing) -> Quality:
    """Count rematches, same-team pairs, cross-group pairs, the summed and the largest score difference."""
    by_id = {e.id: e for e in request.entrants}
    rematches = same_team = cross = 0
    differences = [Fraction(0)]
    for table in pairing.tables:
        first, second = (by_id[pid] for pid in table.player_ids)
        rematches += second.id in first.met
        same_team += bool(first.team) and first.team == second.team
        cross += first.score != second.score
        differences.append(abs(Fraction(first.score) - Fraction(second.score)))
    return Quality(rematches, same_team, cross, sum(differences, Fraction(0)), max(differences))


__all__ = ["SwissEngine", "pair_swiss", "measure_quality", "Quality", "SwissField", "Entrant"]
