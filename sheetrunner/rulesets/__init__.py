"""The rulesets sheetrunner knows, by the name typed in the `Event` sheet.

Each is imported when first asked for: a command reads one event, so it loads one ruleset's scoring and
engine, not all six (the pods and boards engines are most of what the others would cost at start-up).
"""

from __future__ import annotations

import importlib

from .base import Ruleset

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
        _loaded[key] = getattr(importlib.import_module(f".{module}", __name__), cls)()
    return _loaded[key]


def all_rulesets() -> dict[str, Ruleset]:
    """Every ruleset by name, for the commands that list or compare them all."""
    return {name: get_ruleset(name) for name in RULESET_NAMES}
