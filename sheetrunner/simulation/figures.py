"""What one simulated event shows, round by round (`simulate.run_once`): records, repeats, floats, spreads.

Kept beside the play itself, and counted as each round is played rather than from every round again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..model.event import Round, Table
from ..model.history import History
from ..scoring.standings import Standings
from ..rulesets import Ruleset
from .running_standings import whole_scores

ZERO = Fraction(0)


@dataclass
class RunFigures:
    """What one simulated event showed, round by round."""

    records: list[Counter] = field(default_factory=list)  # two-player: "3-1" -> players, after each round
    cut_records: list[tuple[str, bool]] = field(default_factory=list)  # each player's final record, in the cut?
    cut_line: str = ""  # the record of the last player in the cut
    undefeated: list[int] = field(default_factory=list)  # after each round
    rematches: list[int] = field(default_factory=list)  # pairs meeting again, each round
    long_floats: list[int] = field(default_factory=list)  # pairs more than one score group apart, each round
    byes: list[int] = field(default_factory=list)  # byes or sit-outs, each round
    sizes: list[Counter] = field(default_factory=list)  # games by size, each round
    spreads: list[float] = field(default_factory=list)  # the widest spread of wins inside one game, each round
    repeat_powers: list[int] = field(default_factory=list)  # Diplomacy: players given a power they had before


class Records:
    """Each player's wins, losses and draws in one run, as one integer: the three counts are its digits in a base
    above the rounds (a bye is a win). A round's records are then counted as integers and each distinct record
    written once, rather than a tuple made and hashed per player every round."""

    def __init__(self, players: Iterable[int], rounds: int) -> None:
        self.base = rounds + 1  # no count passes the rounds
        self.win, self.loss = self.base * self.base, self.base
        self.codes = dict.fromkeys(players, 0)
        self.texts: dict[int, str] = {}

    def count(self, round_: Round) -> None:
        """One more round."""
        codes, win, loss = self.codes, self.win, self.loss
        for pid in round_.byes:
            codes[pid] += win
        for table in round_.games:
            first, second = table.player_ids
            won = winner(table)
            if won is None:
                codes[first] += 1
                codes[second] += 1
            else:
                codes[won] += win
                codes[second if won == first else first] += loss

    def text(self, code: int) -> str:
        """The record `record_text` writes, for a player's integer."""
        text = self.texts.get(code)
        if text is None:
            wins, rest = divmod(code, self.win)
            text = self.texts[code] = record_text(wins, *divmod(rest, self.loss))
        return text

    def counted(self) -> tuple[Counter, int]:
        """How many players have each record now (in the order the players first have it), and how many have lost
        no game."""
        codes = Counter(self.codes.values())
        return (Counter({self.text(code): n for code, n in codes.items()}),
                sum(n for code, n in codes.items() if code % self.win < self.loss))

    def of_players(self) -> dict[int, str]:
        """Each player's record as `record_text` writes it."""
        return {pid: self.text(code) for pid, code in self.codes.items()}


def winner(table: Table) -> int | None:
    """Who won a two-player game by its typed result (None for a draw), whatever the ruleset's columns."""
    first, second = table.seats
    if "result" in first.result:  # W, L or D
        return first.player_id if first.result["result"] == "W" else \
            second.player_id if second.result["result"] == "W" else None
    key = "op" if "op" in first.result else "games_won"
    ours, theirs = first.result[key], second.result[key]
    return None if ours == theirs else first.player_id if ours > theirs else second.player_id


def record_text(wins: int, losses: int, draws: int) -> str:
    """"3-1", or "3-1-1" with draws."""
    return f"{wins}-{losses}" + (f"-{draws}" if draws else "")


def measure_round(figures: RunFigures, ruleset: Ruleset, played: Round, before: Standings, history: History) -> None:
    """One round's figures, from the standings and history it was paired on: those `summarize` reports for the
    ruleset (long floats for two-player games; game sizes and score spreads for multiplayer ones, and the powers
    given again in Diplomacy). Two-player games, most of every round, are measured written out (`_met_again` for
    two, inlined)."""
    games = played.games
    tables = [t.player_ids for t in games]
    pairs = [ids for ids in tables if len(ids) == 2]
    others = [ids for ids in tables if len(ids) != 2] if len(pairs) != len(tables) else []
    met = history.met
    figures.rematches.append(sum(1 for a, b in pairs if (b in met.get(a, NONE) if a < b else a in met.get(b, NONE)))
                             + sum(_met_again(ids, met) for ids in others))
    figures.byes.append(len(played.byes))
    score = scores_of(before, ruleset.game.score_key)
    if ruleset.layout.two_player:
        group = {value: index for index, value in enumerate(sorted(set(score.values())))}
        figures.long_floats.append(sum(1 for a, b in pairs if abs(group[score[a]] - group[score[b]]) > 1))
        return
    figures.sizes.append(Counter(map(len, tables)))
    figures.spreads.append(float(max((_spread(ids, score) for ids in tables), default=0)))
    if ruleset.game.name == "ndc-diplomacy":
        figures.repeat_powers.append(sum(1 for t in games for s in t.seats
                                         if isinstance(s.seat, str) and history.seats.get(s.player_id, {}).get(s.seat)))


NONE: dict[int, int] = {}  # a player who has met nobody (read only)


def _met_again(ids: tuple[int, ...], met: dict[int, dict[int, int]]) -> int:
    """The pairs at one table who had met before."""
    return sum(1 for a in ids for b in ids if a < b and b in met.get(a, {}))


def _spread(ids: tuple[int, ...], score: Mapping[int, Fraction | int]) -> Fraction | int:
    """The widest gap in score between two players at one table."""
    if len(ids) == 2:
        first, second = score[ids[0]], score[ids[1]]
        return first - second if first >= second else second - first
    return max(score[p] for p in ids) - min(score[p] for p in ids)


def scores_of(standings: Standings, key: str) -> Mapping[int, Fraction | int]:
    """Each player's score column, as ints when every score is whole: the same figures, without fractions."""
    kept = whole_scores(standings, key)
    if kept is not None:
        return kept
    score: dict[int, Fraction | int] = {row.player.id: row.values.get(key, ZERO) for row in standings.rows}
    if all(isinstance(value, int) or value.denominator == 1 for value in score.values()):
        return {pid: int(value) for pid, value in score.items()}
    return score
