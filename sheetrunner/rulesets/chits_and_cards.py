"""chits-and-cards: a Swiss run with influence cards and resource chits (source 003).

Cards 1..N are dealt at random (the seed) before round 1 and written into the
`Card` column of Players, where the TO may type the cards actually dealt.
Everyone starts with as many resource chits as the event has rounds. Each
game is W, L or D: the winner takes one chit from the loser and ends up with
the lower of the two cards (they swap when the loser held it); a draw
changes nothing. Standings: most chits, then the lowest card.

003 assumes an even field. With an odd one, the lowest-ranked player who has
not had a bye gets it: a win, one chit from the bank, and no card swap.
Invited players' byes before round 1 (`Byes` in Players) are such byes too:
the invited player keeps their card and gains a chit a round, and 003's
procedure pairs everyone else.
003 deals every card before round 1. A player without a card (a late entry,
or one the TO forgot to type) is dealt one nobody holds, by ID: a late entry
gets N+1. A late entry starts with the same chits as everyone, less one for
each round missed (a loss with no opponent, §2).
Beside the standings sheetrunner shows where a 3/1/0 Swiss with opponents'
match points would rank each player, since 003 claims both agree.
"""

from __future__ import annotations

from fractions import Fraction

from ..model.columns import BYES, Column
from ..model.history import History
from ..model.event import MATCH_LOSS, Event, Player, Round, SeatScore, Settings, Table
from ..pairing import Entrant, Pairing
from ..pairing.chits import CardsEngine, ChitHolder, fallback_flag
from ..pairing.tables import assign_tables
from ..scoring.penalties import forced_outcomes
from ..model.problems import Problem
from ..scoring.standings import Standings, StandingsRow, compute_standings
from ..scoring.tiebreakers import TIEBREAKERS, Tiebreaker
from .base import (Locate, Game, invited_bye_problems, invited_byes, seeded_order, teams_apart,
                   with_invited_byes)
from .parts import Layout
from .win_loss_draw import (ENTRY_NOTE, RESULT, WINNER_NAMES, check_results_agree, complete_results,
                            random_win_loss_draw, score_results)

CARD = Column("card", "Card", ("Influence card",), "whole", minimum=1,
              hint="Type the influence card dealt to this player (1 to the number of players).", width=7)
CHITS = {"win": 1, "bye": 1, "draw": 0, "loss": -1}
POINTS = {"win": 3, "bye": 3, "draw": 1, "loss": 0}
VALUES = {outcome: {"chits": Fraction(CHITS[outcome]), "mp": Fraction(POINTS[outcome])} for outcome in CHITS}
FORCED_RESULT = {"win": "W", "loss": "L"}  # a match loss (Penalties) read as the result it forces

SWISS_RANK = Tiebreaker("swiss_rank", "Swiss rank", "Where a 3/1/0 Swiss ranked by opponents' match points would "
                        "place the player (003 says the two agree).", lambda table: {})


class ChitsAndCards(Game):
    name = "chits-and-cards"
    title = "Swiss without score sheets: resource chits and influence cards"
    source = "003"
    layout = Layout(
        result_columns=(RESULT,),
        player_columns=(CARD, BYES),
        winner_names=WINNER_NAMES,
        entry_note=ENTRY_NOTE,
    )
    tiebreakers = ("chits", "card")
    provides = frozenset({"chits", "mp", "cards"})
    score_key = "chits"
    points_value = "chits"
    penalty_kinds = Game.penalty_kinds + (MATCH_LOSS,)
    deduct_from = "chits"  # chits go to the bank
    main_score = "chits"
    extra_reports = {"table_cards": "Table cards"}

    def check_players(self, players: list[Player], sheet: str) -> list[Problem]:
        """Cards run 1..N with none twice (a blank card is dealt from those nobody holds)."""
        problems: list[Problem] = []
        seen: dict[int, str] = {}
        for player in players:
            card = player.extra.get("card")
            if card and card > len(players):
                problems.append(Problem(sheet, player.name_cell, f"{player.name}'s card {card} is above the number "
                                        f"of players ({len(players)}).", "Cards run from 1 to the number of players."))
            elif card in seen:
                problems.append(Problem(sheet, player.name_cell, f"{player.name} and {seen[card]} both hold card "
                                        f"{card}.", "Each card is dealt once: correct one of them."))
            if card:
                seen.setdefault(card, player.name)
        return problems

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        return check_results_agree(table, sheet, locate)

    def report_extras(self, event: Event, paired_on: Standings, round_: Round) -> dict[str, object]:
        """Table cards: each player's chits and card as the round starts, for a TO running it on paper (the cards
        as the rounds before it left them, whatever columns the standings show)."""
        chits = {row.player.id: int(row.values["chits"]) for row in paired_on.rows}
        cards = current_cards(event, before=round_.number)
        return {"table_cards": [{"number": table.number, "seats": [
            {"name": event.player(s.player_id).name, "chits": chits[s.player_id], "card": cards[s.player_id]}
            for s in table.seats]} for table in round_.games]}

    random_result = staticmethod(random_win_loss_draw)

    def complete_table(self, table: Table, settings: Settings, sheet: str, locate: Locate,
                       names: dict[int, str]) -> tuple[Table, list[Problem]]:
        return complete_results(self, table, settings, sheet, locate, names)  # one entry per match (issue 31)

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        return score_results(round_, VALUES)

    def missed_round(self, player_id: int, round_number: int) -> SeatScore:
        """A missed round is a loss with no opponent (§2): the chit goes to the bank."""
        return SeatScore(round_number, player_id, (), self._values("loss"), "loss")

    def forced_result(self, score: SeatScore, outcome: str, settings: Settings) -> SeatScore:
        """A match loss is a loss (a chit to the opponent) and the opponent's win; cards swap as for a typed result
        (`current_cards`)."""
        return SeatScore(score.round, score.player_id, score.opponents, self._values(outcome), outcome)

    @staticmethod
    def _values(outcome: str) -> dict[str, Fraction]:
        return dict(VALUES[outcome])  # each seat its own dict; Fractions never change, so they are shared

    def rank(self, event: Event, scores: list[SeatScore], after_round: int) -> Standings:
        cards = current_cards(event)
        standings = compute_standings(event, scores, event.settings.tiebreakers, after_round, {"cards": cards},
                                      main_score=self.main_score)
        swiss = {row.player.id: row for row in compute_standings(
            event, scores, ("match_points", "opponents_match_points"), after_round, main_score=self.main_score).rows}
        rows = tuple(StandingsRow(row.rank, row.shared, row.player,
                                  {**row.values, **swiss[row.player.id].values,
                                   "swiss_rank": Fraction(swiss[row.player.id].rank)}, row.dropped)
                     for row in standings.rows)
        extras = (TIEBREAKERS["match_points"], TIEBREAKERS["opponents_match_points"], SWISS_RANK)
        return Standings(after_round, standings.tiebreakers, rows, extras=extras)

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> Pairing:
        cards = current_cards(event)
        chits = {row.player.id: int(row.values["chits"]) for row in standings.rows}  # (the score: in every ranking)
        invited = invited_byes(event, round_number)
        playing = [pid for pid in standings.order if event.player(pid).plays_in(round_number) and pid not in invited]
        byes = []
        if len(playing) % 2:
            byes = [next((pid for pid in reversed(playing) if not history.byes.get(pid)), playing[-1])]
        apart = teams_apart(event.settings, round_number)
        holders = [ChitHolder(pid, chits[pid], cards[pid],
                              frozenset(history.met.get(pid, {})), event.player(pid).team if apart else "")
                   for pid in playing if pid not in byes]
        pairs = CardsEngine().pair(holders, first_round=round_number == 1)
        if pairs is None:
            pairing = self._fallback(event, holders, history, round_number, apart)
            pairing.byes = byes
        else:
            pairing = Pairing(tables=[], byes=byes)
            entrants = {h.id: Entrant(h.id, Fraction(h.chits), fixed_table=event.player(h.id).fixed_table,
                                      last_table=history.last_table.get(h.id)) for h in holders}
            games: list[tuple[int, ...]] = list(pairs)
            pairing.tables = assign_tables(games, entrants, pairing)
        pairing.player_updates = {pid: {"Card": card} for pid, card in dealt_cards(event).items()
                                  if not event.player(pid).extra.get("card") and event.player(pid).plays_in(round_number)}
        return with_invited_byes(pairing, event, invited, round_number)

    def check_event(self, event: Event, players_sheet: str, locate: Locate) -> list[Problem]:
        return invited_bye_problems(event, players_sheet, locate)

    @staticmethod
    def _fallback(event: Event, holders: list[ChitHolder], history: History, round_number: int,
                  apart: bool) -> Pairing:
        """003 cannot avoid a rematch here: the Swiss engine pairs the same order without one, if any exists (the
        bye, if any, is given already: nobody here takes one)."""
        entrants = tuple(Entrant(h.id, Fraction(h.chits), h.team, event.player(h.id).fixed_table, True,
                                 history.last_table.get(h.id), dict(history.met.get(h.id, {}))) for h in holders)
        from ..pairing.swiss import SwissEngine  # numpy loads only when a round is paired

        pairing = SwissEngine(keep_teams_apart=apart).pair(entrants, round_number)
        for holder in holders:
            pairing.flag(fallback_flag(holder.id))
        return pairing


def dealt_cards(event: Event) -> dict[int, int]:
    """The card each player was dealt: as typed; the cards of 1..N nobody holds go to the players without one,
    by ID (a late entry gets N+1); when no card is typed, the starting players' come from the seeded shuffle."""
    typed = {p.id: p.extra["card"] for p in event.players if p.extra.get("card")}
    untyped = [p for p in sorted(event.players, key=lambda p: p.id) if p.id not in typed]
    order = [p.id for p in untyped]
    if not typed:  # the starting players in the seeded shuffle, then the late entries by ID
        order = (seeded_order([p.id for p in untyped if p.joined_in == 1], event.settings.seed, "cards")
                 + [p.id for p in untyped if p.joined_in != 1])
    held = set(typed.values())
    free = [card for card in range(1, len(event.players) + 1) if card not in held]
    return {**typed, **dict(zip(order, free))}


def current_cards(event: Event, before: int | None = None) -> dict[int, int]:
    """Each player's card after every round so far (those before round `before`, when given): a winner ends up
    with the lower of the two cards."""
    cards = dealt_cards(event)
    for round_ in event.rounds:
        if before is None or round_.number < before:
            swap_cards(cards, event, round_)
    return cards


def swap_cards(cards: dict[int, int], event: Event, round_: Round) -> None:
    """The cards after one more round (`simulate` keeps them as it plays)."""
    forced = forced_outcomes(event, round_)  # match losses (Penalties sheet)
    for game in round_.games:
        first, second = game.seats
        outcome = forced.get(first.player_id)
        result = FORCED_RESULT[outcome] if outcome else first.result.get("result")
        if result in ("W", "L"):
            winner, loser = (first, second) if result == "W" else (second, first)
            won, lost = cards[winner.player_id], cards[loser.player_id]
            if won > lost:  # the winner keeps the lower card
                cards[winner.player_id], cards[loser.player_id] = lost, won
