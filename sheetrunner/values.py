"""Reading one cell's value the way a TO typed it.

Numbers typed as text ("3"), whole numbers stored as floats (3.0), yes/no in
several spellings: each reader returns the clean value or raises `BadValue`
with a sentence that finishes "… found X".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

YES = ("yes", "y", "true", "1", "x")
NO = ("no", "n", "false", "0", "")


class BadValue(ValueError):
    """A cell holds something that is not what the column needs."""


def is_blank(raw: Any) -> bool:
    return raw is None or (isinstance(raw, str) and raw.strip() == "")


def shown(raw: Any) -> str:
    """How a value appears in a message: text in quotes, numbers plain."""
    if isinstance(raw, str):
        return f'"{raw}"'
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return str(raw)


def as_text(raw: Any) -> str:
    if raw is None:
        return ""
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return str(raw).strip()


def as_whole_number(raw: Any, minimum: int | None = 0) -> int:
    """A whole number, from a number cell or text such as " 3 "."""
    value: Any = raw
    if isinstance(raw, bool):
        raise BadValue(f"needs a whole number, found {shown(raw)}")
    if isinstance(raw, str):
        text = raw.strip()
        try:
            value = int(text)
        except ValueError:
            try:
                value = float(text)
            except ValueError:
                raise BadValue(f"needs a whole number, found {shown(raw)}") from None
    if isinstance(value, float):
        if not value.is_integer():
            raise BadValue(f"needs a whole number, found {shown(raw)}")
        value = int(value)
    if not isinstance(value, int):
        raise BadValue(f"needs a whole number, found {shown(raw)}")
    if minimum is not None and value < minimum:
        raise BadValue(f"needs a whole number of at least {minimum}, found {shown(raw)}")
    return value


def as_number(raw: Any, minimum: Fraction | None = None) -> Fraction:
    """An exact number; decimals typed in a cell are read as the decimal they show."""
    if isinstance(raw, bool):
        raise BadValue(f"needs a number, found {shown(raw)}")
    try:
        if isinstance(raw, float):
            value = Fraction(repr(raw))
        elif isinstance(raw, (int, Fraction)):
            value = Fraction(raw)
        else:
            value = Fraction(str(raw).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise BadValue(f"needs a number, found {shown(raw)}") from None
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
