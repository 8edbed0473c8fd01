"""What the TO evidently meant but did not type: questioned with a warning, never guessed.

A row struck through or filled red in Players reads, to a person, as "this
player is out"; sheetrunner pairs by `Dropped after` alone, so it says what
it will do instead. `Dropped after` typed as the round the player will miss
(4, when round 4 is about to be paired) reads as "drops before round 4", but
the column holds the last round played: they would be paired in it. And two
names one letter apart (`Jon Smith`, `John Smith`) may be one person entered
twice, and paired as two players from then on.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import NamedTuple

from ..workbook.grid import SheetRows, column_number
from ..model.event import Event, Player, Round
from ..model.problems import Problem, warning
from ..model.values import is_blank
from ..model.names import name_key

NAME_COLUMN = re.compile(r"^([A-Z]+)")
SHORTEST = 5  # letters: a one-letter change in a shorter name ("Bo Li"/"Bo Lu") is most often two people
UNDO = {"struck through": "clear the strike-through", "filled red": "clear the red fill"}


def intent_warnings(event: Event, kept: tuple[Round, ...] | list[Round], sheet: SheetRows) -> list[Problem]:
    """Every question about intent. `kept`: the rounds that stay (all but the last when it is about to be paired
    again), so "the round about to be paired" is the one after them, or the last one while it has no result."""
    paired = kept[-1].number if kept else 0
    under_way = not kept or kept[-1].has_any_result
    problems: list[Problem] = []
    if paired < event.settings.rounds:
        problems += marked_rows(event, sheet, paired + 1 if under_way else paired, paired)
        problems += drops_not_paired_yet(event, paired, under_way, sheet.name)
    return problems + near_misses(event.players, sheet.name)


def marked_rows(event: Event, sheet: SheetRows, next_round: int, paired: int) -> list[Problem]:
    """An active player whose row is struck through or filled red (across the Name cell, or most of the row's
    filled cells) but whose `Dropped after` is blank: they will be paired, which the look of the row denies.
    `next_round` is the last round paired (`paired`) while it has no result, else the one after it."""
    marks = sheet.marks
    if not marks:
        return []
    values = dict(sheet.rows)
    problems = []
    for player in event.players:
        kind = _row_mark(player, marks.get(player.row, {}), values.get(player.row, ()))
        round_number = max(next_round, player.joined_in)
        if kind is None or player.dropped_after is not None or round_number > event.settings.rounds:
            continue
        problems.append(_marked_row(sheet.name, player, kind, round_number, posted=round_number == paired))
    return problems


def _marked_row(sheet_name: str, player: Player, kind: str, round_number: int, posted: bool) -> Problem:
    """The warning for one marked row; `posted`: the round is on the wall already, with no result yet."""
    last = f"the last round they played ({round_number - 1})" if round_number - 1 >= player.joined_in else "0"
    plan = (f"they are paired in Round {round_number}, which has no results yet" if posted else
            f"they will be paired in Round {round_number}")
    again = f" and pair Round {round_number} again (`pair --redo`)" if posted else ""
    return warning(sheet_name, player.name_cell, f"{player.name} is {kind} but has no Dropped after: {plan}.",
                   f"If they have left, type {last} under Dropped after{again}; if they are still in, {UNDO[kind]}.")


def _row_mark(player: Player, row_marks: dict[int, str], values: tuple) -> str | None:
    """How a player's row is marked: as its Name cell is, else as most of its filled cells are; None if not."""
    if not row_marks:
        return None
    name = NAME_COLUMN.match(player.name_cell)
    if name and column_number(name.group(1)) in row_marks:
        return row_marks[column_number(name.group(1))]
    filled = [column for column, value in enumerate(values, start=1) if not is_blank(value)]
    marked = Counter(row_marks[column] for column in filled if column in row_marks)
    if sum(marked.values()) * 2 <= len(filled):
        return None
    return marked.most_common(1)[0][0]


def drops_not_paired_yet(event: Event, paired: int, under_way: bool, sheet_name: str) -> list[Problem]:
    """`Dropped after` later than every round paired so far: the player is paired up to and in that round. Said
    at the cell, with the fix for the common slip of typing the round they will miss."""
    total = event.settings.rounds
    problems = []
    for player in event.players:
        dropped = player.dropped_after
        first = max(paired + 1, player.joined_in)
        if dropped is None or dropped < first:
            continue
        about = "the round about to be paired" if dropped == paired + 1 and under_way else "a round not paired yet"
        if dropped == first:
            plan = f"they will be paired in Round {first} and leave after it"
        elif dropped < total:
            plan = f"they will be paired in Rounds {first} to {dropped} and leave after Round {dropped}"
        else:
            plan = f"they will be paired in every round left (the event has {total})"
        problems.append(warning(sheet_name, player.dropped_cell, f"{player.name}'s Dropped after is {dropped}, "
                                f"{about}: {plan}.", f"If they leave before Round {first}, type {first - 1} "
                                "under Dropped after; if they play it, nothing needs to change."))
    return problems


def fold(name: str) -> str:
    """A name as compared for near misses: case, accents and runs of spaces ignored."""
    if name.isascii():  # nearly every name: no accent to take off
        return " ".join(name.casefold().split())
    decomposed = unicodedata.normalize("NFKD", name_key(name))
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def near_misses(players: tuple[Player, ...] | list[Player], sheet_name: str) -> list[Problem]:
    """Pairs of players whose names are one letter apart (Damerau-Levenshtein 1: a letter added, dropped,
    changed, or two swapped) or the same but for accents: a warning at the later row, naming both.

    A single edit that keeps the spaces changes one word and leaves the others as they are; one that adds,
    drops or moves a space leaves the name the same once spaces are taken out. So the names are looked up by
    those two keys, and the words by their deletion neighbourhood (a word, and the word with one letter
    removed: two words one edit apart always share one), over the roster's distinct words only: 4,096
    players cost a few thousand lookups, not 8 million comparisons. Which differences are questioned:
    `_questioned`."""
    keys = [fold(player.name) for player in players]
    close = _close_words({word for key in keys for word in key.split(" ")})
    by_key: dict[str, list[int]] = {}
    by_letters: dict[str, list[int]] = {}
    problems = []
    for later, key in enumerate(keys):
        words = key.split(" ")
        found = set(by_key.get(key, ())) | set(by_letters.get(key.replace(" ", ""), ()))
        for i, word in enumerate(words):
            for other in close.get(word, ()):
                found.update(by_key.get(" ".join([*words[:i], other, *words[i + 1:]]), ()))
        by_key.setdefault(key, []).append(later)
        by_letters.setdefault(key.replace(" ", ""), []).append(later)
        for index in sorted(found):
            edit = one_edit(keys[index], key)
            if edit is not None and _questioned(keys[index], key, edit):
                problems.append(_near_miss(players[index], players[later], sheet_name, edit))
    return problems


def _close_words(words: set[str]) -> dict[str, set[str]]:
    """Each word's other words one edit apart, found through deletion neighbourhoods (digits are never the
    difference questioned, so never deleted)."""
    variants: dict[str, list[str]] = {}
    for word in words:
        for variant in {word} | {word[:i] + word[i + 1:] for i, ch in enumerate(word) if not ch.isdigit()}:
            variants.setdefault(variant, []).append(word)
    close: dict[str, set[str]] = {}
    for sharing in variants.values():
        for first in sharing:
            for second in sharing:
                if first != second and one_edit(first, second) is not None:
                    close.setdefault(first, set()).add(second)
    return close


class Edit(NamedTuple):
    """The one edit between two keys: where it is, and the characters it takes out and puts in."""

    position: int
    removed: str
    added: str


def one_edit(first: str, second: str) -> Edit | None:
    """The single edit that turns one key into the other (removing and adding nothing when they are equal), or
    None when they are further apart."""
    if first == second:
        return Edit(0, "", "")
    if abs(len(first) - len(second)) > 1:
        return None
    i = next((i for i, (a, b) in enumerate(zip(first, second)) if a != b), min(len(first), len(second)))
    if len(first) == len(second):
        if first[i + 1:] == second[i + 1:]:
            return Edit(i, first[i], second[i])
        swapped = first[i] == second[i + 1] and first[i + 1] == second[i] and first[i + 2:] == second[i + 2:]
        return Edit(i, first[i:i + 2], second[i:i + 2]) if swapped else None
    if len(first) > len(second):
        return Edit(i, first[i], "") if first[i + 1:] == second[i:] else None
    return Edit(i, "", second[i]) if second[i + 1:] == first[i:] else None


def _questioned(first: str, second: str, edit: Edit) -> bool:
    """Whether a one-edit difference is worth a question. Not in a name of fewer than five letters (`Bo Li`/`Bo
    Lu`), not a digit (`Player 12`/`Player 13`), not a letter typed for a space (it changes two words at once),
    not one initial for another (`Ann Lee A`/`Ann Lee B`, how a roster tells two players apart), and not a
    word's first letter changed (`Ash Hale`/`Ash Gale`): real surnames differ so, while a slip of the keyboard
    falls inside a word."""
    if len(first) - first.count(" ") < SHORTEST or len(second) - second.count(" ") < SHORTEST:
        return False
    if any(ch.isdigit() for ch in edit.removed + edit.added) or (len(edit.removed) == len(edit.added) == 1 and
                                                                  " " in edit.removed + edit.added):
        return False
    words = [(a, b) for a, b in zip(first.split(), second.split()) if a != b]
    if len(first.split()) == len(second.split()) and len(words) == 1 and \
            all(len(word.strip(".")) <= 1 for word in words[0]):
        return False
    changed_first_letter = len(edit.removed) == len(edit.added) == 1 and (edit.position == 0 or
                                                                           first[edit.position - 1] == " ")
    return not changed_first_letter


def _near_miss(first: Player, second: Player, sheet_name: str, edit: Edit) -> Problem:
    how = ("differ only in accents or spacing" if not edit.removed + edit.added else
           "differ by two letters swapped" if len(edit.removed) == 2 else "differ by one letter")
    return warning(sheet_name, second.name_cell, f'"{second.name}" (row {second.row}) and "{first.name}" (row '
                   f"{first.row}) {how}: they may be one person entered twice.",
                   "If it is one person, delete one of the rows (or type a Dropped after in it); if they are two "
                   "people, nothing needs to change.")
