"""Who met whom, who had a bye, who sat where: what pairing needs from past rounds."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .event import Round


@dataclass
class History:
    met: dict[int, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))  # pid -> opp -> last round
    times: dict[int, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))  # pid -> opp -> meetings
    byes: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    last_table: dict[int, int] = field(default_factory=dict)
    seats: dict[int, dict[int | str, int]] = field(  # pid -> seat (a number, or a power) -> times sat there
        default_factory=lambda: defaultdict(lambda: defaultdict(int)))


def compute_history(rounds: tuple[Round, ...] | list[Round]) -> History:
    history = History()
    for round_ in rounds:
        add_round(history, round_)
    return history


def add_round(history: History, round_: Round) -> None:
    """The history with one more round played after those it holds (`simulate` keeps one as it plays)."""
    met, times, seats, number = history.met, history.times, history.seats, round_.number
    for pid in round_.byes:
        history.byes[pid] += 1
    last_table: dict[int, int] = {}
    for table in round_.games:
        ids = table.player_ids
        if len(ids) == 2:  # most games: the seats and `_add_meetings`, written out (`simulate` adds every round)
            first, second = ids
            first_seat, second_seat = table.seats
            seats[first][first_seat.seat] += 1
            seats[second][second_seat.seat] += 1
            met[first][second] = met[second][first] = number
            by_first, by_second = times[first], times[second]
            by_first[second] = by_first.get(second, 0) + 1
            by_second[first] = by_second.get(first, 0) + 1
        else:
            for seat in table.seats:
                seats[seat.player_id][seat.seat] += 1
            _add_meetings(met, times, ids, number)
        if isinstance(table.number, int):  # the table each player sat at last, when it is a number engines give out
            for pid in ids:
                last_table[pid] = table.number
    history.last_table = last_table


def _add_meetings(met: dict[int, dict[int, int]], times: dict[int, dict[int, int]], ids: tuple[int, ...],
                  number: int) -> None:
    """Everyone at a table met everyone else there in round `number`, once more."""
    for pid in ids:
        met_by, times_by = met[pid], times[pid]
        for other in ids:
            if other != pid:
                met_by[other] = number
                times_by[other] = times_by.get(other, 0) + 1
