"""Telling every page's event stream that something changed (issue 30), without stalling the pages.

A change (a report, a write, the clock) wakes each of 200 phones' Server-Sent Events streams, and each sends its
message: tens of milliseconds of the event loop when done at once, during which a phone asking for its page
waits (the bench's 99th percentile). So changes that come together are told once (`GATHER` seconds after the
first), and the streams are woken a slice at a time, each slice in its own turn of the loop, with the requests
that arrived meanwhile served between two slices.
"""

from __future__ import annotations

import asyncio

GATHER = 1.0  # seconds: the changes that come together (reports, a write) told as one; phones see them within it
SLICE = 4  # streams woken in one turn of the event loop (a page request goes on between two)


class Changes:
    """Wakes every page's event stream when something changed; `notify` is callable from any thread."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[asyncio.Future] = []
        self._pending = False

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def notify(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._gather)

    def _gather(self) -> None:
        if not self._pending and self.loop is not None:
            self._pending = True
            self.loop.call_later(GATHER, self._wake)

    def _wake(self) -> None:
        self._pending = False
        waiting, self._waiting = self._waiting, []
        self._wake_slice(waiting)

    def _wake_slice(self, waiting: list[asyncio.Future]) -> None:
        for future in waiting[:SLICE]:
            if not future.done():
                future.set_result(True)
        if len(waiting) > SLICE and self.loop is not None:
            self.loop.call_soon(self._wake_slice, waiting[SLICE:])

    async def wait(self, timeout: float) -> bool:
        """True when something changed within `timeout` seconds."""
        future = asyncio.get_running_loop().create_future()
        self._waiting.append(future)
        try:
            return await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            return False
        finally:
            if future in self._waiting:  # timed out, or the stream closed: not kept until the next change
                self._waiting.remove(future)
