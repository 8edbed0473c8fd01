"""How `league` reads one person's name across a season's events (issue 28): as people read it.

`fold_name` is the key two spellings are matched by. Different TOs type one person on different keyboards, so past
sheetrunner's own name comparison (case, invisible characters, runs of spaces) every Latin letter is folded to its
base by anyascii (ç ğ ı ł ø đ to c g i l o d, æ to ae, ß to ss, þ to th, œ to oe) and typographic punctuation to
its plain form (O’Neil is O'Neil). A letter of another script keeps its own key (its accents aside): reading it in
Latin letters is a convention, not a spelling (Дмитрий is Dmitriy, Dmitry or Dmitri), so joining by it would join
only sometimes and could join two people without a word. The key is for matching only: the season shows a name
as it was typed.

`possible_duplicates` lists the season players whose names still differ only slightly (one letter edited,
inserted, deleted or two swapped; the same names in another order; a name in another script that reads the same
in Latin letters): a warning naming both spellings and their events, with the Aliases row that would join them.
Never joined automatically: two players called Jon and John Smith exist.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from anyascii import anyascii

from ..model.problems import Problem, warning
from ..model.names import name_key

ALIASES_SHEET = "Aliases"


def fold_name(name: str) -> str:
    """Names as the league compares them: sheetrunner's name matching, accents dropped, Latin letters at their
    base (see the module docstring)."""
    key = name_key(name)
    if key.isascii():
        return key
    decomposed = unicodedata.normalize("NFKD", key)
    return "".join(_fold_char(ch) for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    """A Latin letter or a punctuation mark as anyascii writes it (lower case); any other character as it is."""
    if ch.isascii():
        return ch
    if unicodedata.name(ch, "").startswith("LATIN ") or unicodedata.category(ch).startswith("P"):
        return anyascii(ch).casefold() or ch
    return ch


def accents(name: str) -> int:
    """How many letters of a name carry more than their base (é, ł, ß, ά): of two spellings of one player the season
    shows the one with more, since a keyboard drops them and nobody adds them by mistake."""
    return sum(bool(unicodedata.combining(ch)) or unicodedata.normalize("NFKD", ch)[0] != ch or _fold_char(ch) != ch
               for ch in name if not ch.isascii())


def reading(name: str) -> str:
    """The name in Latin letters (anyascii's transliteration): only to notice a possible duplicate, never to join."""
    return fold_name(anyascii(name_key(name)))


@dataclass(frozen=True)
class Spelling:
    """One way a season player's name was typed (those that fold alike are one), for the near-miss search."""

    key: str  # the season player's key (`id:…` or `name:…`)
    typed: str  # as first typed
    folded: str
    reading: str
    events: tuple[int, ...]  # indexes of the events it was typed in


def spellings(players: dict[str, list[tuple[int, str]]]) -> list[Spelling]:
    """Each player's distinct spellings (by folded key), in season order of their first event."""
    found: dict[tuple[str, str], tuple[str, list[int]]] = {}
    for key, entries in players.items():
        for index, name in entries:
            typed, events = found.setdefault((key, fold_name(name)), (name, []))
            events.append(index)
    ordered = sorted(found.items(), key=lambda item: (min(item[1][1]), item[1][0]))
    return [Spelling(key, typed, folded, reading(typed), tuple(sorted(set(events))))
            for (key, folded), (typed, events) in ordered]


def how_near(a: Spelling, b: Spelling) -> str | None:
    """How two spellings differ, said for the TO, when they are near enough to be one name typed two ways."""
    script = "" if (a.reading, b.reading) == (a.folded, b.folded) else " in Latin letters"
    s, t = a.reading, b.reading
    if s == t:
        return "read the same in Latin letters" if a.folded != b.folded else None
    words_s, words_t = re.findall(r"\w+", s), re.findall(r"\w+", t)
    if len(words_s) > 1 and words_s != words_t and sorted(words_s) == sorted(words_t):
        return f"have the same names in another order{script}"
    edit = _one_edit(s, t)
    if edit is None:
        return None
    kind, changed = edit
    if any(ch.isdigit() for ch in changed):
        return None  # "Guest 1" and "Guest 2" are read as two people
    what = "letter" if changed.isalpha() else "character"
    return f"differ by two {what}s swapped{script}" if kind == "swap" else f"differ by one {what}{script}"


def _one_edit(s: str, t: str) -> tuple[str, str] | None:
    """("swap", the two neighbours) or ("one", the characters replaced, inserted or deleted) when one edit turns
    one string into the other; None when they are further apart (Damerau-Levenshtein distance over 1)."""
    if len(s) == len(t):
        diff = [i for i in range(len(s)) if s[i] != t[i]]
        if len(diff) == 1:
            return "one", s[diff[0]] + t[diff[0]]
        if len(diff) == 2 and diff[1] == diff[0] + 1 and s[diff[0]] == t[diff[1]] and s[diff[1]] == t[diff[0]]:
            return "swap", s[diff[0]] + s[diff[1]]
        return None
    longer, shorter = (s, t) if len(s) > len(t) else (t, s)
    if len(longer) - len(shorter) != 1:
        return None
    at = next((i for i in range(len(shorter)) if longer[i] != shorter[i]), len(shorter))
    return ("one", longer[at]) if longer[:at] + longer[at + 1:] == shorter else None


def near_pairs(found: list[Spelling]) -> list[tuple[int, int]]:
    """Pairs of spellings (indexes into `found`, earlier first) that may be one name: those sharing a reading once
    one character is deleted from either (a deletion neighbourhood: every Damerau-Levenshtein 1 pair shares one,
    so no pair of a 4,000-name season is compared in vain), or the same words in any order."""
    buckets: dict[object, list[int]] = {}
    for index, spelling in enumerate(found):
        text = spelling.reading
        keys: set[object] = {text, *(text[:i] + text[i + 1:] for i in range(len(text)))}
        keys.add(tuple(sorted(re.findall(r"\w+", text))))
        for key in keys:
            buckets.setdefault(key, []).append(index)
    pairs = {(a, b) for members in buckets.values() if len(members) > 1
             for position, a in enumerate(members) for b in members[position + 1:]}
    return sorted(pairs)


def possible_duplicates(players: dict[str, list[tuple[int, str]]], labels: list[str], shown: dict[str, str],
                        alias_names: set[str], next_row: int) -> list[Problem]:
    """A warning per pair of season players whose names are near (`how_near`) and who never met in one event
    (two players of one event are two people), unless both carry League IDs (the TO told them apart). Each
    names the free Aliases row (`next_row` on) where the row that would join them goes."""
    found = spellings(players)
    played = {key: {index for index, _ in entries} for key, entries in players.items()}
    warned: set[frozenset[str]] = set()
    problems: list[Problem] = []
    for a, b in near_pairs(found):
        first, second = found[a], found[b]
        pair = frozenset((first.key, second.key))
        if len(pair) < 2 or pair in warned or played[first.key] & played[second.key]:
            continue
        how = None if all(key.startswith("id:") for key in pair) else how_near(first, second)
        if how is None:
            continue
        warned.add(pair)
        name, same_as = alias_row(first, second, played, shown, alias_names)
        row = next_row + len(problems)
        problems.append(warning(
            ALIASES_SHEET, f"A{row}", f'"{first.typed}" ({_events(first, labels)}) and "{second.typed}" '
            f"({_events(second, labels)}) {how}: one player typed two ways?",
            f'If so, type "{name}" in {ALIASES_SHEET}!A{row} and "{same_as}" in B{row} (Name | Same as); if they are '
            "two players, give each a League ID in their events' Players sheets."))
    return problems


def _events(spelling: Spelling, labels: list[str]) -> str:
    return ", ".join(labels[index] for index in spelling.events)


def alias_row(first: Spelling, second: Spelling, played: dict[str, set[int]], shown: dict[str, str],
              alias_names: set[str]) -> tuple[str, str]:
    """The Aliases row (Name, Same as) that joins two spellings' players: the one of more events (on a tie, the
    one typed last) is the Same as, so it is the name the season shows. A Name that already has an Aliases row
    would replace that row, so then the other way round, or a player's shown name (the end of its aliases)."""
    def rank(spelling: Spelling) -> tuple[int, int]:
        return len(played[spelling.key]), max(spelling.events)

    name, same = (first, second) if rank(first) <= rank(second) else (second, first)
    choices = [(name.typed, same.typed), (same.typed, name.typed), (shown[name.key], same.typed),
               (shown[same.key], name.typed)]
    return next((row for row in choices if fold_name(row[0]) not in alias_names), choices[0])
