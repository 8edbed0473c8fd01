"""The simulation report: the summary's figures as tables and inline SVG charts in one self-contained page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model.problems import EventError, Problem
from .swap import write_file
from . import charts
from .render import _render, environment


def render_simulation(summary: dict[str, Any], target: Path, title: str, paper: str = "A4") -> Path:
    """Write the page for a `simulate_event` or `simulate_rest` summary to `target`."""
    figures = _rest_charts(summary) if "after_round" in summary else _event_charts(summary)
    event = {"name": title, "header": title, "ruleset": summary.get("ruleset", ""), "date": "",
             "progress": f"{summary['runs']} simulated events", "stage": "Simulation"}
    html = _render(environment(), "simulation.html", {"s": summary, "charts": figures, "event": event,
                                                      "paper": paper, "data": None, "round": 0}, None)
    try:
        write_file(target, html.encode("utf-8"))  # whole or not at all
    except OSError as error:
        raise EventError(Problem(target.name, "", f"The report cannot be written to {target}: "
                                 f"{error.strerror or error}.", "Choose another file name or folder.")) from None
    return target


def _event_charts(summary: dict[str, Any]) -> list[str]:
    if "final_records" in summary:
        records = summary["final_records"]
        return [charts.bars(list(records), list(records.values()), f"Records after round {summary['rounds']}",
                            "players (mean)"),
                charts.lines({"undefeated": summary["undefeated_per_round"],
                              "long floats": summary["long_floats_per_round"],
                              "repeat meetings": summary["repeats_per_round"]},
                             "Each round, mean over the runs", "count")]
    series = {"repeat meetings": summary["repeats_per_round"], "byes or sit-outs": summary["byes_per_round"]}
    if "repeat_powers_per_round" in summary:
        series["repeat powers"] = summary["repeat_powers_per_round"]
    return [charts.lines(series, "Each round, mean over the runs", "count"),
            charts.lines({"widest spread of scores in one game": summary["widest_score_spread_per_round"]},
                         "Score spread inside games", "score")]


def _rest_charts(summary: dict[str, Any]) -> list[str]:
    shown = summary["players"][:24]
    return [charts.bars([p["name"] for p in shown], [100 * p["chance_cut"] for p in shown],
                        f"Chance to finish in the top {summary['cut']} (%)", "%", horizontal=True)]
