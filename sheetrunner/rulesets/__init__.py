"""The rulesets sheetrunner knows, by the name typed in the `Event` sheet.

Each is imported when first asked for: a command reads one event, so it loads one ruleset's scoring and
engine, not all six (the pods and boards engines are most of what the others would cost at start-up).
"""

from __future__ import annotations

import importlib

from ..model.columns import LONGEST_NAME
from ..model.options import Option, event_options, late_options
from ..model.values import LARGEST_WHOLE, LONGEST_CELL_TEXT
from .composed import Ruleset

# name -> (module, class), in the order `rulesets`, init's drop-down and error messages list them
RULESET_CLASSES: dict[str, tuple[str, str]] = {
    "swiss-tp": ("swiss_tp", "SwissTP"),
    "pod-round-robin": ("pod_round_robin", "PodRoundRobin"),
    "swiss": ("swiss_games", "SwissGames"),
    "chits-and-cards": ("chits_and_cards", "ChitsAndCards"),
    "allegiance": ("allegiance", "Allegiance"),
    "ndc-diplomacy": ("diplomacy", "Diplomacy"),
}
RULESET_NAMES = tuple(RULESET_CLASSES)
_loaded: dict[str, Ruleset] = {}


def get_ruleset(name: str) -> Ruleset | None:
    """The ruleset named (as typed: any case, surrounding spaces), or None for a name sheetrunner does not know."""
    key = name.strip().lower()
    if key not in RULESET_CLASSES:
        return None
    if key not in _loaded:
        module, cls = RULESET_CLASSES[key]
        _loaded[key] = Ruleset.of(getattr(importlib.import_module(f".{module}", __name__), cls)())
    return _loaded[key]


def known_ruleset(name: str) -> Ruleset:
    """A ruleset whose name was checked already (a command's choice, a simulation's setup): unknown is a bug."""
    ruleset = get_ruleset(name)
    if ruleset is None:
        raise KeyError(f"unknown ruleset {name!r}")
    return ruleset


def all_rulesets() -> dict[str, Ruleset]:
    """Every ruleset by name, for the commands that list or compare them all."""
    return {name: known_ruleset(name) for name in RULESET_NAMES}


def listing() -> list[str]:
    """Every ruleset with its result columns and settings, then the settings every ruleset takes, as `sheetrunner
    rulesets` prints them: each setting on one line with the default `init` writes, the values it takes (a
    drop-down's choices) and its meaning."""
    lines = []
    for ruleset in all_rulesets().values():
        lines += [f"{ruleset.game.name}: {ruleset.game.title} (source {ruleset.game.source})",
                  "  results: " + ", ".join(c.header for c in ruleset.layout.result_columns)]
        if ruleset.layout.player_columns:
            lines.append("  Players columns: " + ", ".join(c.header for c in ruleset.layout.player_columns))
        lines += ["  tiebreakers: " + ", ".join(ruleset.game.tiebreakers), "  options:" if ruleset.game.all_options else
                  "  options: none"]
        options = ruleset.game.all_options + late_options(ruleset.game.all_options)  # the intentional draw's, read last
        lines += [_setting_line(option, options) for option in options]
    lines.append("Every ruleset also takes:")
    return lines + [_setting_line(option, event_options()) for option in event_options()] + [limits_line()]


def limits_line() -> str:
    """The bounds every sheet shares, stated once under the settings (each setting states its own range)."""
    return (f"In every sheet a name (Players' Name and Team) is at most {LONGEST_NAME} characters, any other text at "
            f"most {LONGEST_CELL_TEXT:,} (Excel's limit for a cell), a whole number at most {LARGEST_WHOLE:,} where "
            "no smaller range is listed.")


def _setting_line(option: Option, among: tuple[Option, ...]) -> str:
    shown = "(required)" if option.default is None else option.cell_value(option.default)
    allowed = " | ".join(RULESET_NAMES) if option.key == "ruleset" else option.allowed  # init's drop-down, too
    labels = {other.key: other.label for other in among}
    bound = f"; at most {labels[option.at_most]}" if option.at_most else ""
    return f"    {option.label} = {'(blank)' if shown == '' else shown}  ({allowed}{bound}): {option.about}"
