"""Timing shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import time


def timed(action, repeat: int = 3):
    """Median seconds of `repeat` runs of `action`, and its last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
