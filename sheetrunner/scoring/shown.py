"""Standings as people see them: rows of formatted cells, numbers printed as reports print them (the round's
reports, the team reports and the hall's pages share it)."""

from __future__ import annotations

from typing import Any, Sequence

from ..model.event import Event
from ..model.numbers import shown_number
from .soft_scores import award_tables
from .standings import Standings
from .tiebreakers import Tiebreaker


def shown(value: Any, tiebreaker: Tiebreaker | None = None) -> str:
    """A number as a report prints it: whole numbers plain, others to two places, percentages with %; zero is
    a value, printed as 0."""
    return shown_number(value, tiebreaker is not None and tiebreaker.percent)


def standings_data(standings: Standings, event: Event, shown_columns: Sequence[str] = ()) -> dict[str, Any]:
    """Standings as rows of formatted cells, grouped (per pod) when the ruleset ranks inside groups. The seeded
    draw decides exact ties but is not printed (`standings --json` has it)."""
    columns = [tb for tb in standings.columns if tb.shown]
    players = event.players_by_id
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in standings.rows:
        groups.setdefault(row.group, []).append({
            "rank": row.rank_label, "overall": row.overall_rank or "", "name": row.player.name, "id": row.player.id,
            "team": row.player.team, "dropped": row.dropped, "status": row.status,
            "columns": shown_columns_of(players[row.player.id], shown_columns),
            "cells": [shown(row.values[tb.key], tb) for tb in columns]})
    return {"after": standings.after_round, "columns": [{"label": tb.label, "meaning": tb.meaning} for tb in columns],
            "group_label": standings.group_label, "groups": [{"name": name, "rows": rows} for name, rows in groups.items()],
            "tiebreakers": [tb.label for tb in standings.tiebreakers],
            "awards": award_tables(standings, event)}  # soft scores' top 3 (issue 21)


def shown_columns_of(player, shown_columns: Sequence[str]) -> list[str]:
    return [player.extra.get("shown", {}).get(column, "") for column in shown_columns]
