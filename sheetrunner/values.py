"""Reading one cell's value the way a TO typed it.

Numbers typed as text ("3"), whole numbers stored as floats (3.0), yes/no in
several spellings: each reader returns the clean value or raises `BadValue`
with a sentence that finishes "… found X".
"""

from __future__ import annotations

import math
import re
import unicodedata
from fractions import Fraction
from typing import Any

YES = ("yes", "y", "true", "1", "x")
NO = ("no", "n", "false", "0", "")
LARGEST_WHOLE = 999_999_999  # far above any ID, score or round; Excel keeps 15 digits exactly
LONGEST_NUMBER_TEXT = 40
PLAIN_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)(/\d+)?$")


class BadValue(ValueError):
    """A cell holds something that is not what the column needs."""


def clean_text(raw: str) -> str:
    """Text as a person reads it: compatibility forms folded (a no-break space is a space), invisible
    format characters (zero-width space, joiners, BOM) removed, runs of spaces made one, ends trimmed."""
    if raw.isascii():  # nearly every cell: nothing to fold, nothing invisible
        return " ".join(raw.split())
    folded = unicodedata.normalize("NFKC", raw)
    visible = "".join(ch for ch in folded if unicodedata.category(ch) != "Cf")
    return " ".join(visible.split())


def is_blank(raw: Any) -> bool:
    return raw is None or (isinstance(raw, str) and clean_text(raw) == "")


def shown(raw: Any) -> str:
    """How a value appears in a message: text in quotes, numbers plain."""
    if isinstance(raw, str):
        return f'"{raw}"' if len(raw) <= LONGEST_NUMBER_TEXT else f'"{raw[:LONGEST_NUMBER_TEXT - 3]}…"'
    if isinstance(raw, float) and raw.is_integer() and abs(raw) < 1e15:
        return str(int(raw))
    if isinstance(raw, int) and not isinstance(raw, bool) and abs(raw) >= 10 ** 15:
        return f"{raw:.4g}"
    return str(raw)


def as_text(raw: Any) -> str:
    if raw is None:
        return ""
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return clean_text(str(raw))


def as_whole_number(raw: Any, minimum: int | None = 0, maximum: int = LARGEST_WHOLE) -> int:
    """A whole number, from a number cell or text such as " 3 ", no larger than `maximum`."""
    value: Any = raw
    if isinstance(raw, bool):
        raise BadValue(f"needs a whole number, found {shown(raw)}")
    if isinstance(raw, str):
        text = clean_text(raw)
        if len(text) > LONGEST_NUMBER_TEXT or not text.isascii():
            raise BadValue(f"needs a whole number, found {shown(raw)}")
        try:
            value = int(text)
        except ValueError:
            try:
                value = float(text)
            except ValueError:
                raise BadValue(f"needs a whole number, found {shown(raw)}") from None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise BadValue(f"needs a whole number, found {shown(raw)}")
    if not isinstance(value, (int, float)):
        raise BadValue(f"needs a whole number, found {shown(raw)}")
    if minimum is not None and value < minimum:
        raise BadValue(f"needs a whole number of at least {minimum}, found {shown(raw)}")
    if value > maximum:
        raise BadValue(f"needs a whole number of at most {maximum}, found {shown(raw)}")
    return int(value)


def as_number(raw: Any, minimum: Fraction | None = None) -> Fraction:
    """An exact number; decimals typed in a cell are read as the decimal they show."""
    if isinstance(raw, bool) or (isinstance(raw, str) and len(raw) > LONGEST_NUMBER_TEXT):
        raise BadValue(f"needs a number, found {shown(raw)}")
    if isinstance(raw, float) and not math.isfinite(raw):
        raise BadValue(f"needs a number, found {shown(raw)}")
    try:
        if isinstance(raw, float):
            value = Fraction(repr(raw))
        elif isinstance(raw, (int, Fraction)):
            value = Fraction(raw)
        else:
            text = clean_text(str(raw)).replace(",", ".")
            if not PLAIN_NUMBER.match(text):  # no exponents: "1e999999999" would take forever
                raise ValueError(text)
            value = Fraction(text)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise BadValue(f"needs a number, found {shown(raw)}") from None
    if abs(value) > LARGEST_WHOLE:
        raise BadValue(f"needs a number of at most {LARGEST_WHOLE}, found {shown(raw)}")
    if minimum is not None and value < minimum:
        raise BadValue(f"needs a number of at least {minimum}, found {shown(raw)}")
    return value


def as_yes_no(raw: Any) -> bool:
    text = as_text(raw).lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise BadValue(f"needs Yes or No, found {shown(raw)}")


def as_choice(raw: Any, choices: tuple[str, ...]) -> str:
    text = as_text(raw)
    for choice in choices:
        if choice.lower() == text.lower():
            return choice
    listed = ", ".join(choices)
    raise BadValue(f"needs one of {listed}, found {shown(raw)}")
