"""The round clock, kept by the server so every phone, projector and desk shows the same time (issue 30).

The clock is a few numbers: the round's length, the time left when it was last started, paused or adjusted, and
whether it runs. Screens are sent the time left and count down themselves between updates, so a paused clock
reads the same everywhere to the second. The time source is injected (`now`), so tests move time by hand and
never sleep; wall time is used so a clock saved in the journal survives the laptop restarting.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class RoundClock:
    minutes: int = 50
    left_at_mark: float | None = None  # seconds left at `mark` (None: the whole round)
    mark: float = 0.0  # when it was last started or adjusted while running (seconds, `now`'s scale)
    running: bool = False
    now: Callable[[], float] = field(default=time.time, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.left_at_mark is None:
            self.left_at_mark = float(self.minutes * 60)

    def left(self) -> float:
        """Seconds left (never below zero: the round is over, the clock shows 0:00)."""
        assert self.left_at_mark is not None  # set by __post_init__
        if not self.running:
            return max(0.0, self.left_at_mark)
        return max(0.0, self.left_at_mark - (self.now() - self.mark))

    def start(self) -> None:
        if not self.running:
            self.left_at_mark, self.mark, self.running = self.left(), self.now(), True

    def pause(self) -> None:
        if self.running:
            self.left_at_mark, self.running = self.left(), False

    def adjust(self, seconds: float) -> None:
        """Add (or with a negative number take) time, as the TO does after a judge call."""
        self.left_at_mark, self.mark = max(0.0, self.left() + seconds), self.now()

    def reset(self, minutes: int | None = None) -> None:
        """A new round: the full length again, stopped."""
        self.minutes = minutes or self.minutes
        self.left_at_mark, self.running = float(self.minutes * 60), False

    def as_json(self) -> dict:
        """What screens need: the time left now and whether it runs; they count down from it themselves."""
        return {"minutes": self.minutes, "left": round(self.left(), 1), "running": self.running}

    def saved(self) -> dict:
        """The state to keep in the journal (wall time, so it survives a restart)."""
        return {"minutes": self.minutes, "left_at_mark": self.left_at_mark, "mark": self.mark,
                "running": self.running}

    @classmethod
    def restored(cls, saved: dict, now: Callable[[], float] = time.time) -> RoundClock:
        return cls(int(saved["minutes"]), float(saved["left_at_mark"]), float(saved["mark"]), bool(saved["running"]),
                   now)
