"""Numbers as sheetrunner gives them out. Every score is exact inside (a Fraction: 1/3 stays 1/3), so rounding
happens only here, where a cell, a JSON file or a person reads it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def cell_number(value: Any, decimals: int = 4) -> int | float:
    """A number for a cell or JSON: whole numbers stay whole, others rounded to `decimals` places."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else round(float(value), decimals)


def shown_number(value: Any, percent: bool = False, places: int = 2) -> str:
    """A number as people read it on a report, a poster, the terminal or a note: whole numbers plain (zero is
    0), others to `places` decimals (2.50, 0.33), a percentage always to `places` decimals with % (66.67%,
    100.00%), so a column of them lines up. None (nothing to show) is blank."""
    if value is None:
        return ""
    if type(value) is not Fraction:
        if type(value) is int and not percent:
            return str(value)  # the usual case, without a Fraction made (tens of thousands in a big report)
        value = Fraction(value)
    if percent:
        return f"{float(value * 100):.{places}f}%"
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.{places}f}"
