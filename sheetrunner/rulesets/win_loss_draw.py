"""The W / L / D result column shared by rulesets whose games are simply won, lost or drawn."""

from __future__ import annotations

from ..columns import Column
from ..model import Table
from ..problems import Problem
from .base import Locate

RESULT = Column("result", "Result", ("W/L/D",), "choice", choices=("W", "L", "D"),
                hint="Type W for a win, L for a loss or D for a draw.", width=8)
OUTCOMES = {"W": "win", "L": "loss", "D": "draw"}


def check_results_agree(table: Table, sheet: str, locate: Locate) -> list[Problem]:
    """One seat wins and the other loses, or both draw."""
    results = sorted(seat.result["result"] for seat in table.seats)
    if results in (["L", "W"], ["D", "D"]):
        return []
    shown = " and ".join(seat.result["result"] for seat in table.seats)
    return [Problem(sheet, locate("result", table.seats[-1].row), f"Table {table.number}: results {shown} do "
                    "not agree.", "One player wins (W) and the other loses (L), or both draw (D).")]
