"""Names as the players look for them (issue 31): card-game players look for their last name on a list, many other
halls for their first. The Event setting `Names sorted by` chooses; first name, the name as typed, stays the default.

By last name, a list orders players by last name, then first name, and shows them as "Lee, Ann" so the word the
list is ordered by comes first. A player's last name is the Players sheet's `Last name` (and `First name`) column
when it agrees with their Name (a roster imported with both keeps them: `roster`), else the Name's last word, with
the lowercase particles before it (`van der Berg`, `de la Cruz`: what such a player looks for under V or D); a Name
typed "Lee, Ann" is already last name first. A Spanish double surname ("García López") needs the Last name column.
Lists by rank or by table (standings, pairings by table, slips) show the name as typed: their order is not the
alphabet's.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

from .collation import sorted_by_keys
from .values import as_text

FIRST_NAME = "first name"
LAST_NAME = "last name"
SORT_CHOICES = (FIRST_NAME, LAST_NAME)
# Headers of a first or last name column, in a roster or the Players sheet, as TOs head them (compared lower case).
FIRST_NAME_HEADERS = ("first name", "firstname", "first", "given name", "forename", "vorname", "prénom", "prenom")
LAST_NAME_HEADERS = ("last name", "lastname", "last", "surname", "family name", "nachname", "nom de famille",
                     "apellido", "apellidos")
# Words that belong to the last name that follows them (Dutch, German, French, Spanish, Portuguese, Italian, Arabic,
# Scandinavian), when written in lower case after a first name: "Jan van der Berg", "Charles de Gaulle".
PARTICLES = frozenset({"van", "von", "der", "den", "de", "del", "della", "di", "da", "das", "dos", "du", "la", "le",
                       "ter", "ten", "te", "zu", "af", "av", "al", "el", "bin", "ibn", "d'", "l'", "'t"})
Item = TypeVar("Item")


def name_key(name: object) -> str:
    """How two names are compared: as read (invisible characters, no-break spaces folded), ignoring case."""
    return as_text(name).casefold()


def split_name(name: str) -> tuple[str, str]:
    """(first, last) from the name alone: "Lee, Ann" as written; else the last word and the lowercase particles
    before it ("Jan van der Berg": "Jan", "van der Berg"); a one-word name is all last name."""
    if "," in name:
        last, first = name.split(",", 1)
        return first.strip(), last.strip()
    words = name.split()
    start = max(len(words) - 1, 0)
    while start > 1 and words[start - 1] in PARTICLES:  # the first word is always a first name ("Van Morrison")
        start -= 1
    return " ".join(words[:start]), " ".join(words[start:])


def parts_from_columns(name: str, first: str, last: str) -> tuple[str, str] | None:
    """(first, last) from the Players columns when they make the Name (either may be blank: the other part is the
    rest of the Name), None when they do not: the Name was corrected since, and a list must not show an old name."""
    words, first_words, last_words = name.split(), first.split(), last.split()
    if not first_words and not last_words:
        return None
    folded = [word.casefold() for word in words]
    if last_words and folded[len(words) - len(last_words):] != [word.casefold() for word in last_words]:
        return None
    if first_words and folded[:len(first_words)] != [word.casefold() for word in first_words]:
        return None
    rest = words[len(first_words):len(words) - len(last_words)]
    if first_words and last_words and rest:
        return None
    if last_words:
        return " ".join(words[:len(words) - len(last_words)]), " ".join(words[len(words) - len(last_words):])
    return " ".join(words[:len(first_words)]), " ".join(rest)


def name_parts(player: Any) -> tuple[str, str]:
    """A player's (first, last): from their First name and Last name columns when those make their Name (kept by
    validation in `extra["name_parts"]`), else from the Name."""
    kept = player.extra.get("name_parts")
    return kept if kept else split_name(player.name)


def by_last_name(settings: Any) -> bool:
    return settings.option("names_sorted_by") == LAST_NAME


def listed_name(player: Any, last_first: bool) -> str:
    """The name as a list by name shows it: "Lee, Ann" by last name, else as typed."""
    if not last_first:
        return player.name
    first, last = name_parts(player)
    return f"{last}, {first}" if first and last else player.name


def sorted_players(items: Iterable[Item], player: Callable[[Item], Any], last_first: bool) -> list[Item]:
    """`items` in the order of their players' names: by last name then first name, or by the name as typed."""
    if last_first:
        return sorted_by_keys(items, lambda item: (name_parts(player(item))[1], name_parts(player(item))[0],
                                                   player(item).name))
    return sorted_by_keys(items, lambda item: (player(item).name,))
