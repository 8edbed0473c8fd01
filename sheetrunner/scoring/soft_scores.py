"""Soft scores (§2, issue 21): painting, sportsmanship and other scores given outside the games.

The TO names Players columns in the `Soft scores` setting (`Painting, Sportsmanship`); each counts as `Soft
score use` says, or as the use typed in brackets after its name (`Painting (add)`):

- award: a standings column, and an award table in the standings report (the top 3 of the column: best
  painted, best sport); it never changes the ranking.
- add: added to the ruleset's main score (`Ruleset.main_score`: TP, match points, VI, chits, event score) and
  shown as its own column. Only the main score: opponents' sums and percentages read the games, not the paint.
- tiebreaker: a tiebreaker after the ruleset's own (or the event's `Tiebreakers`), before the seeded draw.

A blank cell counts 0. The values are checked and kept by `validate.soft_scores`, in each player's
`extra["soft_scores"]` by the score's key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..model.event import Event, Settings
from ..model.numbers import shown_number
from ..model.options import SOFT_SCORE_USES, normal
from .tiebreakers import TIEBREAKERS, ZERO, ScoreTable, Tiebreaker

AWARD, ADD, TIEBREAKER = SOFT_SCORE_USES
VALUES = "soft_scores"  # where tiebreakers find the values (the ScoreTable's options)
AWARD_PLACES = 3
USE_IN_BRACKETS = re.compile(r"^(?P<name>.*?)\s*\((?P<use>[^()]*)\)$")
MEANINGS = {AWARD: "{name}, a soft score given outside the games: shown, not counted.",
            ADD: "{name}, a soft score given outside the games, added to {main}.",
            TIEBREAKER: "{name}, a soft score given outside the games, used as a tiebreaker."}


@dataclass(frozen=True)
class SoftScore:
    name: str  # the Players column, as the setting names it
    use: str  # award | add | tiebreaker

    @property
    def key(self) -> str:
        """Its standings column (and `standings --json` key): `soft_painting`."""
        return "soft_" + "_".join(normal(self.name).split())


def parse_soft_scores(text: str, default_use: str) -> tuple[list[SoftScore], list[str]]:
    """The soft scores `Soft scores` names, and each part whose bracketed use is none of award, add, tiebreaker
    (that part takes `default_use`)."""
    scores, unknown = [], []
    for part in (part.strip() for part in (text or "").split(",")):
        if not part:
            continue
        match = USE_IN_BRACKETS.match(part)
        name, use = (match["name"].strip(), normal(match["use"])) if match else (part, default_use)
        if use not in SOFT_SCORE_USES:
            unknown.append(part)
            use = default_use
        scores.append(SoftScore(name, use))
    return scores, unknown


def soft_scores(settings: Settings) -> tuple[SoftScore, ...]:
    """The event's soft scores (none when the setting is blank, or for an event built in code without it)."""
    if not settings.option("soft_scores"):
        return ()
    return tuple(parse_soft_scores(settings.option("soft_scores"), settings.option("soft_score_use"))[0])


def soft_values(event: Event) -> dict[int, dict[str, Fraction]]:
    """Each player's soft scores by key, as validation kept them."""
    return {player.id: player.extra.get(VALUES, {}) for player in event.players}


def with_soft_tiebreakers(keys: tuple[str, ...], scores: tuple[SoftScore, ...]) -> tuple[str, ...]:
    """The tiebreaker order with each `tiebreaker` soft score after the ruleset's own, before a last random draw
    (the draw only ever decides what nothing else does)."""
    added = tuple(score.key for score in scores if score.use == TIEBREAKER and score.key not in keys)
    if keys and keys[-1] == "random":
        return keys[:-1] + added + ("random",)
    return keys + added


def ranking_tiebreakers(keys: tuple[str, ...], event: Event, main_score: str | None) -> tuple[Tiebreaker, ...]:
    """The tiebreakers of `keys`: the library's, a soft score's own column, and the main score with the `add`
    soft scores added to it. `main_score` is the ranking ruleset's (`Ruleset.main_score`): the ruleset hands it
    down, as this module sits below the rulesets."""
    scores = soft_scores(event.settings)
    if not scores:
        return tuple(TIEBREAKERS[key] for key in keys)
    by_key = {score.key: score for score in scores}
    added = tuple(score for score in scores if score.use == ADD)
    if added and main_score is None:
        raise ValueError("An added soft score needs the ruleset's main score to add to: pass main_score.")
    return tuple(soft_column(by_key[key]) if key in by_key else with_added(TIEBREAKERS[key], added)
                 if key == main_score and added else TIEBREAKERS[key] for key in keys)


@lru_cache(maxsize=None)
def soft_column(score: SoftScore, main_label: str = "the main score") -> Tiebreaker:
    """A soft score as a standings column: the player's value (blank is 0)."""

    def compute(table: ScoreTable) -> dict[int, Fraction]:
        values = table.context(VALUES, {})
        return {pid: values.get(pid, {}).get(score.key, ZERO) for pid in table.player_ids}

    return Tiebreaker(score.key, score.name, MEANINGS[score.use].format(name=score.name, main=main_label), compute)


@lru_cache(maxsize=None)
def with_added(main: Tiebreaker, added: tuple[SoftScore, ...]) -> Tiebreaker:
    """The main score with the `add` soft scores added; same key, so pairing's score groups and `--json` keep
    reading it where they did."""

    def compute(table: ScoreTable) -> dict[int, Fraction]:
        base = main.compute(table)
        columns = [soft_column(score).compute(table) for score in added]
        return {pid: value + sum((column.get(pid, ZERO) for column in columns), ZERO) for pid, value in base.items()}

    names = ", ".join(score.name for score in added)
    return replace(main, compute=compute, meaning=f"{main.meaning} Plus {names} (soft score).")


def shown_columns(event: Event, ranked_by: tuple[Tiebreaker, ...], main_score: str | None) -> tuple[Tiebreaker, ...]:
    """The soft score columns shown beside the ranking: those not already ranking tiebreakers."""
    keys = {tiebreaker.key for tiebreaker in ranked_by}
    main = next((tb.label for tb in ranked_by if tb.key == main_score), "the main score")
    return tuple(soft_column(score, main) for score in soft_scores(event.settings) if score.key not in keys)


def award_tables(standings: Any, event: Event) -> list[dict[str, Any]]:
    """For each soft score, its top 3 (best painted, best sport): ties share a place, and nobody wins with 0 or
    after a disqualification. Plain data for the standings report."""
    tables = []
    for score in soft_scores(event.settings):
        entries = sorted(((row.values.get(score.key, ZERO), row.player) for row in standings.rows
                          if row.values.get(score.key) and row.player.disqualified_in is None),
                         key=lambda entry: (-entry[0], entry[1].name))
        rows, place = [], 0
        for index, (value, player) in enumerate(entries):
            place = place if index and value == entries[index - 1][0] else index + 1
            if place > AWARD_PLACES:
                break
            rows.append({"place": place, "name": player.name, "id": player.id, "value": shown_number(value)})
        tables.append({"title": score.name, "rows": rows})
    return tables

