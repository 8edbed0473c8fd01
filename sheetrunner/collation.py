"""Names in the order people expect: the Unicode collation algorithm, through pyuca's table (DUCET), so Çağla
files with C, Łukasz with L and Ólafur with O, not after Zoë.

pyuca parses its whole table (30,000 lines) when a collator is made: a fifth of a second that every report of
every round paid, more than rendering a 64-player round's reports. The table is instead indexed once by block
of 256 code points (a cheap pass over its lines) and parsed only for the blocks the names use, when a name first
uses one. A key's entries are all those that start with one of its characters (contractions included), and the
implicit weights are always loaded, so every key is exactly pyuca's own.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

BLOCK = 8  # bits: a block is 256 code points


@lru_cache(maxsize=1)
def _collator():
    import pyuca
    from pyuca.collator import COLL_ELEMENT_PATTERN, hexstrings2int
    from pyuca.trie import Trie

    class Collator(pyuca.Collator):
        """pyuca's collator, its table parsed one block at a time."""

        def __init__(self) -> None:
            self.table, self.implicit_weights = Trie(), []
            self.pending: dict[int, list[str]] = {}
            path = Path(pyuca.__file__).with_name(f"allkeys-{self.UCA_VERSION}.txt")
            for line in path.read_text(encoding="utf-8").splitlines():
                line = line.split("#", 1)[0].rstrip()
                if line.startswith("@implicitweights"):
                    start_end, base = line[len("@implicitweights"):].split(";")
                    start, end = start_end.split("..")
                    self.implicit_weights.append([int(start, 16), int(end, 16), int(base, 16)])
                elif line and not line.startswith("@"):
                    first = int(line.split(";", 1)[0].split(None, 1)[0], 16)
                    self.pending.setdefault(first >> BLOCK, []).append(line)

        def ensure(self, text: str) -> None:
            """Parse the table's entries for every block `text` uses (after decomposition) not parsed yet."""
            for block in {ord(ch) >> BLOCK for ch in unicodedata.normalize("NFD", text)}:
                for line in self.pending.pop(block, ()):
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
    collator.ensure(name)
    return (collator.sort_key(name), name)
