"""The checks Excel makes as a TO types (data validation), matching how sheetrunner reads each column."""

from __future__ import annotations

from ..model import columns as cols
from .grid import column_letter
from .xlsx.sheetxml import Validation

NOT_ALLOWED = "This value is not allowed here."


def validation_for(column: cols.Column) -> Validation | None:
    """The Excel drop-down or number check matching how sheetrunner reads the column."""
    message = column.hint or NOT_ALLOWED
    if column.kind == "whole":
        return whole_validation(column)
    if column.kind in ("choice", "yesno"):
        return Validation("list", choices=column.choices or ("Yes", "No"), title=column.header, message=message)
    return None


def whole_validation(column: cols.Column) -> Validation:
    """Excel's check of a whole-number column: at least its minimum (else 0)."""
    minimum = column.minimum if column.minimum is not None else 0
    return Validation("whole", minimum=minimum, title=column.header, message=column.hint or NOT_ALLOWED)


def column_range(column: int, last_row: int) -> str:
    letter = column_letter(column)
    return f"{letter}2:{letter}{last_row}"
