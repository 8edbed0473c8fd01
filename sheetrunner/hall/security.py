"""What keeps the hall's server the TO's (issue 30): the event's secret, the table codes made from it, the slowing
of wrong codes, and the checks that refuse requests made by another site.

The secret is drawn once per event and kept in NAME-backups/hall/ beside the workbook (readable by the TO's
account only), never in a folder the server serves. The desk's address carries it once (`/desk?key=…`), then a
cookie does. A table's code is derived from the secret, the round and the table, so it is printed on that
table's slip and nowhere else; with 25 symbols in 6 places a guess succeeds once in 244 million, and wrong guesses
are slowed per client. The clock of the slowing is injected, so tests never sleep.
"""

from __future__ import annotations

import hmac
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

from ..written.table_codes import _mac, hall_folder, kept_secret, table_code

DESK_COOKIE = "sheetrunner_desk"
FREE_TRIES = 3  # wrong codes a client may type before it is slowed (a thumb slips)
LONGEST_WAIT = 300.0  # seconds: the slowing stops doubling at five minutes


def event_secret(workbook: Path) -> str:
    """The event's secret, made on first use (readable by this account only) and kept for the whole event, so a
    restarted laptop keeps the same desk address and the codes already printed."""
    kept = kept_secret(workbook)
    if kept is not None:
        return kept
    folder = hall_folder(workbook)
    path = folder / "secret.txt"
    folder.mkdir(parents=True, exist_ok=True)
    made = secrets.token_urlsafe(18)
    temporary = folder / f".secret.{os.getpid()}.tmp"
    descriptor = os.open(temporary, os.O_CREAT | os.O_TRUNC | os.O_WRONLY, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(made + "\n")
    os.replace(temporary, path)
    return made


def code_matches(secret: str, round_number: int, table: object, typed: object) -> bool:
    """A typed code, read leniently (case, spaces and dashes ignored), compared in constant time."""
    cleaned = "".join(str(typed or "").upper().split()).replace("-", "")
    return hmac.compare_digest(cleaned.encode(), table_code(secret, round_number, table).encode())


def desk_cookie(secret: str) -> str:
    """The desk's cookie value: proves the secret was given without being the secret itself."""
    return _mac(secret, "desk cookie").hex()


def csrf_token(secret: str) -> str:
    """The token desk forms carry; a page of another site cannot read it, so it cannot forge the form."""
    return _mac(secret, "form token").hex()[:32]


def secret_matches(secret: str, typed: object) -> bool:
    return isinstance(typed, str) and hmac.compare_digest(typed.encode(), secret.encode())


def same_origin(headers: dict[str, str] | object, host: str) -> bool:
    """A state-changing request comes from the hall's own pages, or from a script (no browser headers): refused
    when the browser says another site made it (Sec-Fetch-Site) or its Origin is not this server."""
    fetch_site = headers.get("sec-fetch-site")  # type: ignore[union-attr]
    if fetch_site not in (None, "same-origin", "none"):
        return False
    origin = headers.get("origin")  # type: ignore[union-attr]
    if origin is None:
        return True
    return origin != "null" and urlsplit(origin).netloc.lower() == host.lower()


@dataclass
class Backoff:
    """Wrong codes slowed per client: a few free tries, then a wait that doubles with each wrong code (2 s, 4 s …
    up to five minutes). A right code clears the count, so a player who mistyped is not punished."""

    now: Callable[[], float] = time.monotonic
    failures: dict[str, tuple[int, float]] = field(default_factory=dict)  # client -> (wrong codes, last at)

    def wait(self, client: str) -> float:
        """Seconds the client must wait before its next code is even looked at (0: go ahead)."""
        count, last = self.failures.get(client, (0, 0.0))
        if count < FREE_TRIES:
            return 0.0
        return max(0.0, last + min(LONGEST_WAIT, 2.0 ** (count - FREE_TRIES + 1)) - self.now())

    def failed(self, client: str) -> None:
        count, _ = self.failures.get(client, (0, 0.0))
        self.failures[client] = (count + 1, self.now())
        if len(self.failures) > 10_000:  # a flood of made-up clients cannot grow it without end
            oldest = min(self.failures, key=lambda key: self.failures[key][1])
            del self.failures[oldest]

    def succeeded(self, client: str) -> None:
        self.failures.pop(client, None)
