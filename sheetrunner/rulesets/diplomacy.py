"""ndc-diplomacy: boards of seven scored by NDC 1995 or another system (source 001).

One row per power: the centres held when the game ended, the year a power was
eliminated, `Solo` or `Draw`, centres docked by yellow cards, and the board's
last completed game year. Yellow cards dock centres before scoring. An
agreed draw must show equal centres for every drawing power (001).

Results that cannot happen are errors at their cell: a board without the
seven powers, more than 34 centres on the board, differing end years, an
eliminated power holding centres or eliminated after the end year, more
than one Solo or a Solo beside a Draw, a Solo below 18 centres, 18 or more
centres without Solo, a draw with unequal centres, an eliminated power in
the draw (a draw is shared among the powers still in the game), and more
centres docked by yellow cards than the power holds (001 docks centres from
the power's end-of-game total; docking more makes no sense). The
`Scoring system` option picks NDC 1995 (default) or another board system TOs
run (see `diplomacy_systems`); a system scored by who is in the draw (draw
size, Calhamer) lets a draw hold unequal centres.

Event score: the mean of a player's best board scores over `Counting rounds`
(default: every round); a player who attended fewer rounds than that gets the
mean of what they scored times the `Partial attendance factor` (default 1/3,
001's "discounted by 66.66%"). Before the last round, only the rounds so far
count, so mid-event standings are not discounted.

A sit-out is not an absence. A player kept off the boards because the field
is not a multiple of seven (drawn, or volunteering) was there and ready to
play; discounting them as a one-day player would punish the volunteer who
helped the TO. So a sit-out round counts as attended and scores the `Sit-out
score` option: by default the mean of the boards the player played (so it
neither helps nor hurts their average), or a fixed number the TO sets. Only a
round the player was away for (joined later, dropped and came back) is
absent and makes attendance partial.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from ..model.columns import Column
from ..model.history import History
from ..model.event import SITS_OUT, Event, Player, Round, SeatScore, Settings, Table
from ..model.numbers import shown_number
from ..model.options import FINAL_DECIDES_OPTION, MEAN, Option
from ..pairing import Entrant, Pairing, PairingImpossible
from ..pairing.boards import BOARD_SIZE, POWERS, BoardsEngine, choose_sit_outs
from ..model.problems import Problem
from ..scoring.standings import Standings
from ..scoring.tiebreakers import rounds_counted
from .base import Locate, Game, finishing_order, seeded_order, teams_apart
from .parts import Layout
from .diplomacy_scoring import SOLO_CENTRES, PowerResult
from .diplomacy_systems import DRAW_SCORED, SYSTEM_OPTIONS, SYSTEMS, compute_board

TOTAL_CENTRES = 34

POWER = Column("seat", "Power", ("Country", "Nation"), "choice", choices=POWERS,
               hint="Type one of the seven powers.", width=10)
CENTRES = Column("centres", "Centres", ("Centers", "SC", "Supply centres", "Supply centers"), "whole", minimum=0,
                 hint="Type the supply centres this power held when the game ended (0 to 34).", width=9)
ELIMINATED = Column("eliminated", "Eliminated", ("Eliminated in",), "whole", minimum=1901, required=False,
                    hint="Type the game year the power was eliminated, or leave it blank if it survived.", width=11)
RESULT = Column("result", "Result", ("Solo/Draw",), "choice", choices=("Solo", "Draw"), required=False,
                hint="Type Solo for an outright win, Draw for each power in an agreed draw, else leave it blank.",
                width=8)
YELLOW_CARDS = Column("yellow_cards", "Yellow cards", ("Yellow",), "whole", minimum=0, required=False,
                      hint="Type the centres docked for yellow cards (blank is 0).", width=12)
END_YEAR = Column("end_year", "End year", ("Last year", "Final year"), "whole", minimum=1901, required=False,
                  hint="Type the last completed game year of this board, e.g. 1910.", width=9)
# The scoring systems as the reports name the one in use (docs/rulesets.md describes each).
SYSTEM_NAMES = {"ndc-1995": "NDC 1995", "sum-of-squares": "sum of squares", "c-diplo-100": "C-Diplo 100",
                "c-diplo-80": "C-Diplo 80", "carnage": "Carnage", "carnage-dead-equal": "Carnage (dead equal)",
                "carnage-2023": "Carnage 2023", "carnage-centre-count": "centre-count Carnage",
                "draw-size": "draw size", "calhamer-draw": "Calhamer draw points", "tribute": "Tribute",
                "manorcon": "ManorCon", "bangkok-2020": "Bangkok 2020"}
VOLUNTEERS = Column("sits_out", "Sits out", ("Sit out", "Volunteers to sit out"),
                  hint="Type the rounds this player volunteers to sit out, e.g. 2 or 1, 3.", width=10)




class Diplomacy(Game):
    name = "ndc-diplomacy"
    title = "Diplomacy boards scored by NDC 1995 (or Carnage, C-Diplo, Tribute, draw size and more)"
    source = "001"
    layout = Layout(
        table_header="Board",
        seat_column=POWER,
        seats_per_table=(BOARD_SIZE, BOARD_SIZE),
        result_columns=(CENTRES, ELIMINATED, RESULT, YELLOW_CARDS, END_YEAR),
        player_columns=(VOLUNTEERS,),
        final_title="Top board",
        bye_label=SITS_OUT,
        missed_text="away (not played)",
    )
    options = (
        Option("scoring_system", "Scoring system", "ndc-1995", "How a board is scored (docs/rulesets.md describes each "
               "system and cites its source).", kind="choice", choices=tuple(SYSTEMS)),
        *SYSTEM_OPTIONS,
        Option("sit_out_score", "Sit-out score", MEAN, "What a round spent sitting out scores: mean (the mean of "
               "the player's boards, so it neither helps nor hurts) or a fixed number.", kind="mean_or_number"),
        FINAL_DECIDES_OPTION,
    )
    final_order = ("score", "centres")
    final_adds = {"event_score": "score"}
    tiebreakers = ("event_score", "random")
    provides = frozenset({"score", "centres"})
    score_key = "event_score"
    points_value = "score"
    main_score = "event_score"  # a point deduction comes off the event score itself, never one board (README)

    def default_rounds(self, player_count: int) -> int:
        """Two rounds, as the NDC at MidCon (001)."""
        return 2

    def report_extras(self, event: Event, paired_on: Standings, round_: Round) -> dict[str, object]:
        """The reports name the scoring system in use (not every one this ruleset offers), and the standings show
        what explains a score: boards played, rounds sat out, and whether the partial attendance factor applies."""
        system = event.settings.option("scoring_system")
        return {"ruleset_title": f"Diplomacy boards scored by {SYSTEM_NAMES.get(system, system)}",
                "standings_detail": attendance_detail(event, round_.number)}

    def missed_round(self, player_id: int, round_number: int) -> SeatScore:
        """A round missed by a late entry is not played: the partial attendance rule (001) covers it."""
        return SeatScore(round_number, player_id, (), {}, "absent")

    def check_players(self, players: list[Player], sheet: str) -> list[Problem]:
        return [Problem(sheet, p.name_cell, f"Sits out for {p.name} must list round numbers, found "
                        f'"{p.extra["sits_out"]}".', VOLUNTEERS.hint)
                for p in players if p.extra.get("sits_out") and sit_out_rounds(p.extra["sits_out"]) is None]

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        board = f"Board {table.number}"
        problems: list[Problem] = []

        def problem(cell: str, message: str, hint: str) -> None:
            problems.append(Problem(sheet, cell, f"{board}: {message}", hint))

        powers = [seat.seat for seat in table.seats]
        wrong = [seat for index, seat in enumerate(table.seats)
                 if not seat.seat or (seat.seat in POWERS and seat.seat in powers[:index])]
        if wrong:  # (seven rows, said before; a power none of the seven is said at its cell, and the board not judged)
            which = f"{wrong[0].seat} is on two rows" if wrong[0].seat else "this row has no power"
            missing = ", ".join(power for power in POWERS if power not in powers)
            problem(locate("seat", wrong[0].row), f"the seven powers must each appear once: {which}, and no row has "
                    f"{missing}.", "Give each row of the board a different power.")
        centres = sum(seat.result["centres"] for seat in table.seats)
        if centres > TOTAL_CENTRES:
            problem(locate("centres", table.seats[0].row),
                    f"the centres add up to {centres}, more than the {TOTAL_CENTRES} on the map.",
                    "Check the Centres column of this board.")
        end_years = {year for seat in table.seats if (year := seat.result.get("end_year")) is not None}
        if len(end_years) != 1:
            problem(locate("end_year", table.seats[0].row), "End year must be typed, and the same on every row "
                    f"(found {', '.join(map(str, sorted(end_years))) or 'none'}).", END_YEAR.hint)
        for seat in table.seats:
            out = seat.result.get("eliminated")
            if out and seat.result["centres"]:
                problem(locate("centres", seat.row), f"{seat.seat} was eliminated in {out} but holds "
                        f"{seat.result['centres']} centres.", "An eliminated power holds 0 centres.")
            if out and end_years and out > max(end_years):
                problem(locate("eliminated", seat.row), f"{seat.seat} was eliminated in {out}, after the end year.",
                        "Check the Eliminated and End year cells.")
            docked, held = seat.result.get("yellow_cards") or 0, seat.result["centres"]
            if docked > held:
                problem(locate("yellow_cards", seat.row), f"{seat.seat} has {docked} centre{'' if docked == 1 else 's'}"
                        f" docked by yellow cards but holds {held}.", "Yellow cards dock centres the power holds "
                        f"(001): type at most {held}, or correct Centres.")
        problems += self._check_result(table, board, sheet, locate,
                                       equal_draws=settings.option("scoring_system") not in DRAW_SCORED)
        return problems

    @staticmethod
    def _check_result(table: Table, board: str, sheet: str, locate: Locate, equal_draws: bool = True
                      ) -> list[Problem]:
        solos = [s for s in table.seats if s.result.get("result") == "Solo"]
        draws = [s for s in table.seats if s.result.get("result") == "Draw"]
        big = [s for s in table.seats if s.result["centres"] >= SOLO_CENTRES]
        found = []
        if len(solos) > 1 or (solos and draws):
            found.append((solos[-1], "a board has at most one Solo, and no Draw beside it.",
                          "Keep Solo for the winner only."))
        for seat in solos:
            if seat.result["centres"] < SOLO_CENTRES:
                found.append((seat, f"a Solo needs {SOLO_CENTRES} or more centres; {seat.seat} holds "
                              f"{seat.result['centres']}.", "Correct the centres, or clear Solo."))
        for seat in big:
            if seat.result.get("result") != "Solo":
                found.append((seat, f"{seat.seat} holds {seat.result['centres']} centres, which is an outright "
                              "win.", "Type Solo in its Result cell."))
        for seat in draws:
            if seat.result.get("eliminated"):
                found.append((seat, f"{seat.seat} was eliminated in {seat.result['eliminated']} and cannot share the "
                              "draw.", "A draw is shared by powers still in the game: clear Draw on this row."))
        draws = [s for s in draws if not s.result.get("eliminated")]
        if equal_draws and len({s.result["centres"] for s in draws}) > 1:
            shown = ", ".join(f"{s.seat} {s.result['centres']}" for s in draws)
            found.append((draws[-1], f"an agreed draw needs equal centres for every drawing power ({shown}).",
                          "Type the centres the drawing players agreed, the same for each (001)."))
        return [Problem(sheet, locate("result", seat.row), f"{board}: {message}", hint) for seat, message, hint
                in found]

    def random_result(self, players: tuple[int, ...], rng: random.Random, strength: dict[int, float],
                      draw_rate: float) -> dict[int, dict[str, object]]:
        """A board ending between 1906 and 1910: now and then a solo (18 to 22 centres); otherwise up to 34
        centres shared down the finishing order, nobody reaching 18, and powers left with none eliminated."""
        order = finishing_order(players, rng, strength)
        end = rng.randint(1906, 1910)
        centres = dict.fromkeys(order, 0)
        solo = order[0] if rng.random() < 0.05 else None
        if solo is not None:
            centres[solo] = rng.randint(SOLO_CENTRES, 22)
        left = 34 - centres[order[0]] - rng.randint(0, 4)
        for place, pid in enumerate(order[1:] if solo else order):
            share = min(SOLO_CENTRES - 1, left, rng.randint(0, max(0, 12 - 2 * place)))
            centres[pid], left = share, left - share
        return {pid: {"centres": centres[pid], "eliminated": None if centres[pid] else rng.randint(1902, end),
                      "result": "Solo" if pid == solo else None, "yellow_cards": None, "end_year": end}
                for pid in order}

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        scores = [SeatScore(round_.number, pid, (), {"score": Fraction(0), "centres": Fraction(0)}, "bye")
                  for pid in round_.byes]
        for board in round_.games:
            results = [PowerResult(seat.player_id, str(seat.seat),
                                   max(0, seat.result["centres"] - (seat.result.get("yellow_cards") or 0)),
                                   seat.result.get("eliminated"), seat.result.get("result") == "Solo",
                                   seat.result.get("result") == "Draw")
                       for seat in board.seats]
            end_year = next(s.result["end_year"] for s in board.seats if s.result.get("end_year"))
            points = compute_board(settings.option("scoring_system"), results, end_year, settings.option)
            for result in results:
                outcome = "win" if result.solo else "loss" if result.eliminated else "draw"
                scores.append(SeatScore(round_.number, result.player_id, board.opponents_of(result.player_id),
                                        {"score": points[result.player_id], "centres": Fraction(result.centres)},
                                        outcome))
        return scores

    def finalize(self, scores: list[SeatScore], event: Event) -> list[SeatScore]:
        """A sit-out round scores the `Sit-out score` option: the mean of the player's boards, or a number."""
        setting = event.settings.option("sit_out_score")
        boards: dict[int, list[Fraction]] = {}
        for row in scores:
            if row.opponents:
                boards.setdefault(row.player_id, []).append(row.values["score"])

        def sit_out(row: SeatScore) -> SeatScore:
            if setting != MEAN:
                value = Fraction(setting)
            else:
                played = boards.get(row.player_id, [])
                value = sum(played, Fraction(0)) / len(played) if played else Fraction(0)
            return SeatScore(row.round, row.player_id, (), {**row.values, "score": value}, "bye")

        return [sit_out(row) if row.is_bye else row for row in scores]

    def final_seats(self, seeds: list[int], history: History) -> tuple[object, ...]:
        """Top board powers in seed order: each seed takes, of the powers still free, the one they have played
        least (ties: the first in the usual order, Austria to Turkey)."""
        free, powers = list(POWERS), []
        for pid in seeds:
            power = min(free, key=lambda p: (history.seats.get(pid, {}).get(p, 0), POWERS.index(p)))
            free.remove(power)
            powers.append(power)
        return tuple(powers)

    def pair(self, event: Event, standings, history: History, round_number: int) -> Pairing:
        """Sit-outs, then boards from a seeded shuffle with repeat opponents avoided, then powers."""
        playing = [p.id for p in event.players if p.plays_in(round_number)]
        if len(playing) < BOARD_SIZE:
            raise PairingImpossible(f"Diplomacy needs at least {BOARD_SIZE} players; {len(playing)} can play "
                                    f"round {round_number}.")
        volunteers = {p.id for p in event.players if round_number in (sit_out_rounds(p.extra.get("sits_out")) or ())}
        sit_outs = choose_sit_outs(playing, len(playing) % BOARD_SIZE, volunteers, history.byes,
                                   event.settings.seed, round_number)
        seated = seeded_order([pid for pid in playing if pid not in sit_outs], event.settings.seed,
                              f"boards {round_number}")
        players = event.players_by_id
        entrants = tuple(Entrant(pid, Fraction(0), players[pid].team, players[pid].fixed_table,
                                 met=dict(history.met.get(pid, {})), meetings=dict(history.times.get(pid, {})))
                         for pid in seated)
        engine = BoardsEngine(keep_teams_apart=teams_apart(event.settings, round_number), seed=event.settings.seed)
        pairing = engine.pair(entrants, round_number, sit_outs, history.seats)
        for pid in sit_outs:
            pairing.note(pid, "Sits out this round (volunteered)." if pid in volunteers else
                         "Sits out this round (drawn among those who sat out least).")
        return pairing


def attendance_detail(event: Event, round_number: int) -> dict[str, object] | None:
    """Per player, in the rounds the standings count (every result in, up to `round_number`): boards played, rounds
    sat out, and the factor on their score: 1, or the `Partial attendance factor` for a player who attended (played
    or sat out) fewer rounds than count, as the event score counts them (`rounds_counted`, 001)."""
    counted = []
    for round_ in event.rounds:
        if round_.number > round_number or not round_.is_complete:
            break
        counted.append(round_)
    if not counted:
        return None
    settings = event.settings
    counting = rounds_counted(settings.option("counting_rounds"), settings.rounds, counted[-1].number)
    factor = Fraction(settings.option("partial_attendance_factor"))
    boards = Counter(pid for round_ in counted for game in round_.games for pid in game.player_ids)
    sat_out = Counter(pid for round_ in counted for pid in round_.byes)

    def factor_of(pid: int) -> str:
        attended = boards[pid] + sat_out[pid]
        return "" if not attended else "1" if attended >= counting else shown_number(factor)

    return {"columns": [{"label": "Boards", "meaning": "Boards played in the rounds counted so far."},
                        {"label": "Sat out", "meaning": "Rounds sat out: attended, scored by the Sit-out score "
                         "option (by default the mean of the player's boards)."},
                        {"label": "Factor", "meaning": f"On the score: 1 for a player who attended (played or sat "
                         f"out) {counting} round(s) or more, else the partial attendance factor "
                         f"({shown_number(factor)})."}],
            "rows": {p.id: [str(boards[p.id]), str(sat_out[p.id]), factor_of(p.id)] for p in event.players}}



def sit_out_rounds(text: object) -> set[int] | None:
    """The round numbers in a `Sits out` cell ("2" or "1, 3"), or None when it is not a list of numbers."""
    if text is None or str(text).strip() == "":
        return set()
    parts = str(text).replace(";", ",").split(",")
    try:
        return {int(float(part)) for part in parts if part.strip()}
    except ValueError:
        return None
