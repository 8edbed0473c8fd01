"""Charts for the simulation report, drawn by matplotlib as SVG text to put inline in a page: no files, no
network, and the same figures give the same bytes (fixed hash salt, no date)."""

from __future__ import annotations

import io
from typing import Sequence

from ..model.problems import EventError, Problem

WIDTH, HEIGHT = 6.4, 2.8  # inches: half an A4 page's height leaves room for the tables


def require_charts() -> None:
    """matplotlib is an optional extra (about 95 MB for a few bar charts): say how to get it, in one line."""
    from importlib.util import find_spec

    if find_spec("matplotlib") is None:
        raise EventError(Problem("", "", "The simulation report's charts need matplotlib, which is not installed "
                                 "(it is an optional part of sheetrunner).", 'Install it with: pip install '
                                 '"sheetrunner[charts]"; or leave out --html.'))


def _figure():
    require_charts()
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.hashsalt": "sheetrunner", "svg.fonttype": "none", "font.size": 9,
                                "axes.spines.top": False, "axes.spines.right": False})
    from matplotlib import pyplot

    return pyplot, *pyplot.subplots(figsize=(WIDTH, HEIGHT))


def _svg(pyplot, figure) -> str:
    out = io.StringIO()
    figure.tight_layout()
    figure.savefig(out, format="svg", metadata={"Date": None, "Creator": "sheetrunner"})
    pyplot.close(figure)
    text = out.getvalue()
    return text[text.index("<svg"):]  # inline: no XML declaration or doctype


def bars(labels: Sequence[str], values: Sequence[float], title: str, ylabel: str, horizontal: bool = False) -> str:
    pyplot, figure, axes = _figure()
    if horizontal:
        positions = list(range(len(labels)))[::-1]
        axes.barh(positions, values, color="#2f4f6f")
        axes.set_yticks(positions, labels)
        axes.set_xlabel(ylabel)
    else:
        axes.bar(range(len(labels)), values, color="#2f4f6f")
        axes.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 10 else 0)
        axes.set_ylabel(ylabel)
    axes.set_title(title)
    return _svg(pyplot, figure)


def lines(series: dict[str, Sequence[float]], title: str, ylabel: str) -> str:
    pyplot, figure, axes = _figure()
    for name, values in series.items():
        axes.plot(range(1, len(values) + 1), values, marker="o", label=name)
    axes.set_xlabel("Round")
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.xaxis.get_major_locator().set_params(integer=True)
    if len(series) > 1:
        axes.legend(frameon=False)
    return _svg(pyplot, figure)
