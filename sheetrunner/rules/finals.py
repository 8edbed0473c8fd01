"""Finals after the last round (SPEC §5a): a single-elimination top cut for two-player rulesets, one final
game (allegiance) or top board (Diplomacy) for multiplayer ones.

Each stage is a sheet read and written like a round: `Top 8`, `Top 4`, `Final` (or `Top board`). For
`Dropped after` a stage counts as the round after the one before it (in a 5-round event Top 8 is round 6,
Top 4 round 7). Seeds are the final standings of the players still in. The bracket is the usual one
(1 v 8, 4 v 5, 2 v 7, 3 v 6: seeds 1 and 2 can meet only in the final); a cut that is not a power of two
gives the top seeds byes. A player who drops during the cut concedes their next match. The sheets are the
truth: each stage is paired from the winners typed in the one before.

Final placings: the playoff decides its players' places (champion, finalist, then each stage's losers in
seed order), and everyone else follows in standings order.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..model.columns import Column
from ..model.history import History
from ..workbook.layout import sheet_key
from ..model.event import Event, Placing, Round, Settings, Table
from ..pairing import Pairing, PairedTable, PairingImpossible
from ..model.problems import Problem
from ..rulesets import Ruleset
from ..rulesets.parts import Locate
from ..scoring.standings import Standings
from ..workbook.xlsx.sheetxml import SheetTable

SEED = Column("seat", "Seed", (), "whole", minimum=1, hint="Type the player's seed in the cut.", width=6)
STAGE_TITLE = re.compile(r"^(top \d{1,4}|final|top board)$")


def cut_size(event: Event) -> int:
    """Players in the cut (or the final game); 0 for none."""
    return event.settings.option("top_cut")


def bracket_size(cut: int) -> int:
    """The power of two a cut fills: 8 for a top 6 (seeds 1 and 2 get byes)."""
    return 1 << (cut - 1).bit_length()


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order: 1, 8, 4, 5, 2, 7, 3, 6 for 8. Neighbours meet first, and each half keeps the
    seeds apart the same way, so the best seeds meet as late as possible."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def stage_titles(cut: int, ruleset: Ruleset) -> list[str]:
    """The sheets of a cut, in order: Top 8, Top 4, Final; a top 6 plays Top 6, Top 4, Final."""
    if not ruleset.layout.two_player:
        return [ruleset.layout.final_title]
    titles = [f"Top {cut}"] if cut > 2 else []
    size = bracket_size(cut) // 2
    while size > 2:
        titles.append(f"Top {size}")
        size //= 2
    return titles + ["Final"]


def is_stage_title(title: str) -> bool:
    return bool(STAGE_TITLE.match(sheet_key(title)))


def cut_problems(event: Event, ruleset: Ruleset) -> list[Problem]:
    """A cut the ruleset cannot play, or larger than the field still in after the last round."""
    cut = cut_size(event)
    if not cut or cut_of_teams(ruleset):
        return []  # a cut of teams is checked by the teams (`teams.cut`)
    cell = event.settings.cells.get("top_cut", "")
    unfit = unplayable_cut(ruleset, cut)
    if unfit:
        return [Problem("Event", cell, *unfit)]
    still_in = len(event.playing_in(event.settings.rounds + 1))
    if cut > still_in:
        return [Problem("Event", cell, f"Top cut is {cut}, but only {still_in} players are still in after round "
                        f"{event.settings.rounds}.", f"Type a cut of at most {still_in}, or none.")]
    return []


def unplayable_cut(ruleset: Ruleset, cut: int) -> tuple[str, str] | None:
    """(what is wrong, how to fix it) when a multiplayer ruleset's final game cannot have `cut` players."""
    low, high = ruleset.layout.seats_per_table
    if ruleset.layout.two_player or low <= cut <= high:
        return None
    size = f"{low}" if low == high else f"{low} or {high}"
    return f"A {ruleset.game.name} final is one game, so Top cut must be {size}, not {cut}.", f"Type {size}, or none."


def cut_of_teams(ruleset: Ruleset) -> bool:
    """Whether the cut is played by what the ruleset's pairer writes in its own pairing columns (a team event's
    Team match): then its stages are laid out, checked and printed as its rounds (`teams.cut`)."""
    return bool(ruleset.layout.pairing_columns)


def stage_rules(ruleset: Ruleset) -> Ruleset:
    """The ruleset as one stage of the cut reads, writes and prints it: two-player matches have a Match and a Seed
    column (and need a winner: `undecided_match`); a multiplayer final is the ruleset's own game. Its reports are
    replaced (`StageReports`); the game and who plays are the ruleset's. A cut of teams is its rounds' rules."""
    if cut_of_teams(ruleset):
        return ruleset
    layout = replace(ruleset.layout, table_header="Match", seat_column=SEED) if ruleset.layout.two_player \
        else ruleset.layout
    return replace(ruleset, layout=layout, reports=StageReports(ruleset))


class StageReports:
    """A stage's reports: the round's own plus the bracket and the final placings, without the standings poster
    and history (the Swiss ones stand)."""

    left_out_reports = ("poster", "history")

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.extra_reports = {"bracket": "Bracket", "placings": "Final placings"}
        self.kit = ruleset.reports.kit

    def group_of(self, event: Event) -> dict[int, str]:
        return {}  # a match of the cut may cross pods

    def report_extras(self, event: Event, paired_on: Standings, round_: Round) -> dict[str, object]:
        upto = event.with_playoff(tuple(stage for stage in event.playoff if stage.number <= round_.number))
        return {"bracket": bracket(upto, self.ruleset, paired_on),
                "placings": placing_rows(upto, self.ruleset, paired_on)}

    def standings_sheets(self, event: Event, after_round: int) -> list[SheetTable]:
        return self.ruleset.reports.standings_sheets(event, after_round)

    def deciding_standings(self, event: Event) -> Standings | None:
        return self.ruleset.reports.deciding_standings(event)


def undecided_match(ruleset: Ruleset, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
    """A drawn match of the cut, at its first result cell: a playoff match needs a winner. Nothing for a
    multiplayer final, whose game decides its places."""
    if not ruleset.layout.two_player or match_winner(ruleset, table, settings) is not None:
        return []
    column = ruleset.layout.result_columns[0]
    return [Problem(sheet, locate(column.key, table.seats[0].row), f"Match {table.number} is a draw; a playoff "
                    "match needs a winner.", "Play it out and type the result so one player wins.")]


def match_winner(ruleset: Ruleset, table: Table, settings) -> int | None:
    """The winner of a two-player match as the ruleset scores it, or None for a draw."""
    scores = ruleset.game.score_round(Round(0, (table,)), settings)
    winners = [score.player_id for score in scores if score.outcome == "win"]
    return winners[0] if len(winners) == 1 else None


def seeds(event: Event, standings: Standings) -> list[int]:
    """The cut's players, best first: the final standings (overall, across pods) of those still in."""
    still_in = {p.id for p in event.playing_in(event.settings.rounds + 1)}
    rows = sorted(standings.rows, key=lambda row: row.overall_rank or 0)  # stable: a plain table keeps its order
    return [row.player.id for row in rows if row.player.id in still_in][:cut_size(event)]


def survivors(event: Event, ruleset: Ruleset, stages: tuple[Round, ...], seeded: list[int]) -> list[int]:
    """Who is still in the bracket after `stages`: the winners of each match and the byes of the last stage."""
    alive = list(seeded)
    for stage in stages:
        out: set[int] = set()
        for table in stage.games:
            if not all(seat.has_result for seat in table.seats):
                continue  # not played yet: both still in
            winner = match_winner(ruleset, table, event.settings)
            out.update(pid for pid in table.player_ids if pid != winner)
        seated = set(stage.player_ids)
        alive = [pid for pid in alive if pid in seated and pid not in out]
    return alive


def pair_stage(event: Event, ruleset: Ruleset, standings: Standings, history: History, number: int) -> Pairing:
    """The next stage: the seeds (first stage), or the survivors, paired by their places in the bracket."""
    seeded = seeds(event, standings)
    seed_of = {pid: index for index, pid in enumerate(seeded, start=1)}
    if not ruleset.layout.two_player:
        return Pairing([PairedTable(1, tuple(seeded), ruleset.game.final_seats(seeded, history))], [])
    alive = survivors(event, ruleset, event.playoff, seeded)
    stage = len(event.playoff)
    size = bracket_size(len(seeded))
    position = {seed: place for place, seed in enumerate(bracket_order(size))}
    block = 2 ** (stage + 1)  # bracket places whose survivors meet in this stage
    blocks: dict[int, list[int]] = {}
    for pid in sorted(alive, key=lambda p: position[seed_of[p]]):
        blocks.setdefault(position[seed_of[pid]] // block, []).append(pid)
    pairing = Pairing([], [])
    names = event.players_by_id
    for players in blocks.values():
        present = [pid for pid in players if names[pid].plays_in(number)]
        if len(present) > 2:
            raise PairingImpossible(f"{', '.join(names[p].name for p in present)} all come from one part of the "
                                    f"bracket (the matches of {event.playoff[-1].sheet} were changed by hand), so the "
                                    "bracket cannot pair them. Pair the stage by hand, or correct the one before.")
        if len(present) == 2:
            top, other = sorted(present, key=lambda p: seed_of[p])
            pairing.tables.append(PairedTable(len(pairing.tables) + 1, (top, other), (seed_of[top], seed_of[other])))
        elif present:
            pairing.byes.append(present[0])
            dropped = [names[p].name for p in players if p not in present]
            pairing.note(present[0], f"Advances: {dropped[0]} dropped." if dropped else "Bye (top seed).")
    return pairing


def misplaced(event: Event, ruleset: Ruleset, standings: Standings) -> list[tuple[Round, int, str]]:
    """Players seated in a stage who have no place there: not in the cut, or out at an earlier stage.
    (stage, player, why) each."""
    seeded = seeds(event, standings)
    expected, found = list(seeded), []
    for index, stage in enumerate(event.playoff):
        for pid in stage.player_ids:
            if pid not in expected:
                why = f"is not in the top {len(seeded)}" if index == 0 or pid not in seeded else \
                    f"is out of the cut since {event.playoff[index - 1].sheet}"
                found.append((stage, pid, why))
        expected = survivors(event, ruleset, (stage,), expected)
    return found


def final_places(placings: list[Placing], standings: Standings, team_placings: list[Placing],
                 teams: Standings | None) -> tuple[list[Placing], Standings, str] | None:
    """A decided cut's places, the standings that name them and what they place (the teams', in a cut of teams),
    or None."""
    if placings:
        return placings, standings, "Player"
    return (team_placings, teams, "Team") if teams is not None and team_placings else None


def placings(event: Event, ruleset: Ruleset, standings: Standings) -> list[Placing]:
    """Final places: the playoff's players by how far they got (then seed), everyone else by the standings."""
    seeded = seeds(event, standings)
    seed_of = {pid: index for index, pid in enumerate(seeded, start=1)}
    if ruleset.layout.two_player:
        ordered = _bracket_places(event, ruleset, seeded, seed_of)
    else:
        ordered = _final_game_places(event, ruleset, seeded, seed_of, standings)
    placed = {pid for pid, _ in ordered}
    ordered += [(row.player.id, "") for row in sorted(standings.rows, key=lambda r: r.overall_rank or 0)
                if row.player.id not in placed]
    return [Placing(place, pid, reached) for place, (pid, reached) in enumerate(ordered, start=1)]


def _bracket_places(event: Event, ruleset: Ruleset, seeded: list[int], seed_of: dict[int, int]) -> list:
    """Champion, finalist, then the players out at each earlier stage, in seed order."""
    titles = stage_titles(len(seeded), ruleset)
    out_at: dict[int, str] = {}
    alive = list(seeded)
    for title, stage in zip(titles, event.playoff):
        after = survivors(event, ruleset, (stage,), alive)
        out_at.update({pid: title for pid in alive if pid not in after})
        alive = after
    champion = alive[0] if len(alive) == 1 and len(event.playoff) == len(titles) else None
    ordered = [(champion, "Champion")] if champion else []
    for title in reversed(titles):
        ordered += [(pid, title) for pid in sorted(seeded, key=seed_of.__getitem__) if out_at.get(pid) == title]
    ordered += [(pid, "") for pid in seeded if pid not in out_at and pid != champion]
    return ordered


def _final_game_places(event: Event, ruleset: Ruleset, seeded: list[int], seed_of: dict[int, int],
                       standings: Standings) -> list:
    """A final game orders its players by its own result (`places`), or by their standings with the final's
    values added (`score`: Diplomacy's event score plus the top board's score); exact ties go to the higher seed."""
    final = event.playoff[0] if event.playoff else None
    if final is None or not final.is_complete:
        return []
    players = [pid for pid in seeded if pid in final.player_ids]
    values = {row.player_id: row.values for row in ruleset.game.score_round(final, event.settings)}
    if event.settings.options.get("final_decides") == "score":
        standing = {row.player.id: row.values for row in standings.rows}
        players.sort(key=lambda pid: tuple(-(standing[pid][kept] + values[pid][added])
                                           for kept, added in ruleset.game.final_adds.items()) + (seed_of[pid],))
    else:
        players.sort(key=lambda pid: tuple(-values[pid][key] for key in ruleset.game.final_order) + (seed_of[pid],))
    return [(pid, "Champion" if place == 0 else ruleset.layout.final_title) for place, pid in enumerate(players)]


def bracket(event: Event, ruleset: Ruleset, standings: Standings) -> dict[str, Any]:
    """The cut as the bracket poster shows it: every stage (played, being played, or to come) with its
    matches, each player's seed, and who won."""
    seeded = seeds(event, standings)
    seed_of = {pid: index for index, pid in enumerate(seeded, start=1)}
    names = event.players_by_id
    titles = stage_titles(len(seeded), ruleset)
    order = [] if ruleset.layout.two_player else _final_game_places(event, ruleset, seeded, seed_of, standings)
    place = {pid: number for number, (pid, _) in enumerate(order, start=1)}
    stages = []
    for index, title in enumerate(titles):
        if index >= len(event.playoff):
            slots = bracket_size(len(seeded)) >> (index + 1) if ruleset.layout.two_player else 1
            stages.append({"title": title, "matches": [{"number": "", "players": []} for _ in range(slots)],
                           "byes": []})
            continue
        stage, matches = event.playoff[index], []
        for table in stage.games:
            decided = all(seat.has_result for seat in table.seats)
            winner = match_winner(ruleset, table, event.settings) if decided and ruleset.layout.two_player else None
            matches.append({"number": table.number, "players": [
                {"seed": seed_of.get(seat.player_id, ""), "name": names[seat.player_id].name, "seat": seat.seat,
                 "won": seat.player_id == winner or place.get(seat.player_id) == 1,
                 "place": place.get(seat.player_id, "")} for seat in table.seats]})
        byes = [{"seed": seed_of.get(pid, ""), "name": names[pid].name} for pid in stage.byes]
        stages.append({"title": title, "matches": matches, "byes": byes})
    champion = names[placings(event, ruleset, standings)[0].player_id].name if is_decided(event, ruleset) else ""
    return {"title": titles[0], "stages": stages, "champion": champion, "two_player": ruleset.layout.two_player}


def is_decided(event: Event, ruleset: Ruleset) -> bool:
    """The event has a cut and its last stage has every result: the places are final."""
    titles = stage_titles(cut_size(event), ruleset) if cut_size(event) else []
    return bool(titles) and len(event.playoff) == len(titles) and event.playoff[-1].is_complete


def placing_rows(event: Event, ruleset: Ruleset, standings: Standings) -> list[dict[str, Any]]:
    """Every player's final place, once the last stage has its result (else nothing: places are not final)."""
    if not is_decided(event, ruleset):
        return []
    names = event.players_by_id
    rank = {row.player.id: row.rank_label for row in standings.rows}
    return [{"place": p.place, "name": names[p.player_id].name, "team": names[p.player_id].team,
             "reached": p.reached, "standing": rank.get(p.player_id, "")}
            for p in placings(event, ruleset, standings)]
