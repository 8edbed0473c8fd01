"""The rulesets sheetrunner knows, by the name typed in the `Event` sheet."""

from __future__ import annotations

from .allegiance import Allegiance
from .base import Ruleset
from .chits_and_cards import ChitsAndCards
from .diplomacy import Diplomacy
from .pod_round_robin import PodRoundRobin
from .swiss_games import SwissGames
from .swiss_tp import SwissTP

RULESETS: dict[str, Ruleset] = {ruleset.name: ruleset for ruleset in (
    SwissTP(), PodRoundRobin(), SwissGames(), ChitsAndCards(), Allegiance(), Diplomacy())}


def get_ruleset(name: str) -> Ruleset | None:
    return RULESETS.get(name.strip().lower())
