"""Names in the order people expect: the Unicode collation algorithm, through pyuca's table (DUCET), so Çağla
files with C, Łukasz with L and Ólafur with O, not after Zoë.

pyuca parses its whole table (30,000 lines) when a collator is made: a fifth of a second that every report of
every round paid, more than rendering a 64-player round's reports. Splitting its lines to index them by block
still cost 0.07 s. The table is instead kept as text and, for the blocks of 256 code points a list of names
uses, its lines are found by one regular-expression pass (a few milliseconds) and parsed, the first time a
name uses the block. A key's entries are all those that start with one of its characters (contractions
included), and the implicit weights are always loaded, so every key is exactly pyuca's own.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, TypeVar

BLOCK = 8  # bits: a block is 256 code points
Item = TypeVar("Item")


@lru_cache(maxsize=1)
def _collator():
    import pyuca
    from pyuca.collator import COLL_ELEMENT_PATTERN, hexstrings2int
    from pyuca.trie import Trie

    class Collator(pyuca.Collator):
        """pyuca's collator, its table parsed one block at a time."""

        def __init__(self) -> None:
            self.table, self.loaded = Trie(), set[int]()
            self.text = Path(pyuca.__file__).with_name(f"allkeys-{self.UCA_VERSION}.txt").read_text(encoding="utf-8")
            self.implicit_weights = [
                [int(start, 16), int(end, 16), int(base, 16)]
                for start, end, base in re.findall(r"^@implicitweights\s+(\w+)\.\.(\w+);\s*(\w+)", self.text, re.M)]

        def ensure(self, texts: Iterable[str]) -> None:
            """Parse the table's entries for every block `texts` use (after decomposition) not parsed yet."""
            blocks = {ord(ch) >> BLOCK for text in texts for ch in unicodedata.normalize("NFD", text)} - self.loaded
            if not blocks:
                return
            self.loaded |= blocks
            # a code point is 4 or 5 hex digits: its block is all but the last two
            prefixes = "|".join(f"{block:02X}" for block in sorted(blocks))
            for line in re.findall(rf"^(?:{prefixes})[0-9A-F]{{2}}[ ;][^#\n]*", self.text, re.M):
                keys, elements = line.split(";", 1)
                self.table.add(hexstrings2int(keys.split()),
                               [hexstrings2int(match.groups()) for match in
                                COLL_ELEMENT_PATTERN.finditer(elements.strip())])

    return Collator()


@lru_cache(maxsize=None)
def collation_key(name: str) -> tuple:
    """A name's place in an alphabetical list (case and accents second); computed once per name, as several
    reports sort the same names."""
    collator = _collator()
    collator.ensure((name,))
    return (collator.sort_key(name), name)


def sorted_by_name(items: Iterable[Item], name: Callable[[Item], str]) -> list[Item]:
    """`items` in the alphabetical order of their names, the table's blocks for all the names loaded in one
    pass."""
    items = list(items)
    _collator().ensure(name(item) for item in items)
    return sorted(items, key=lambda item: collation_key(name(item)))


def sorted_by_keys(items: Iterable[Item], keys: Callable[[Item], tuple[str, ...]]) -> list[Item]:
    """`items` in the alphabetical order of several names each, the first deciding (a last name, then the first
    name: `names.sorted_players`); the texts themselves break a tie, so the order never depends on the input's."""
    items = list(items)
    found = [(keys(item), item) for item in items]
    _collator().ensure(text for texts, _ in found for text in texts)
    found.sort(key=lambda pair: (tuple(collation_key(text)[0] for text in pair[0]), pair[0]))
    return [item for _, item in found]
