"""Running the hall's server (issue 30): the addresses the TO needs, a QR code of the players' one in the terminal,
and uvicorn on the chosen address.

It listens on 127.0.0.1 (this laptop only) unless `--host` says otherwise: `--host 0.0.0.0` puts it on the hall's
network, which the TO asks for knowingly (Windows then asks once whether to let Python through its firewall:
"Private networks" is the answer for a venue's Wi-Fi or a phone's hotspot).
"""

from __future__ import annotations

import errno
import gc
import io
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from ..model.problems import Problem, Refusal
from ..reports.round_reports import reports_folder
from .pages import desk_address
from .state import HallState
from .views import current_round

DEFAULT_PORT = 8080


@dataclass
class Addresses:
    players: list[str]  # the players' page on each address the hall's network can reach
    desk: str  # the desk with its secret, on this laptop


def lan_addresses() -> list[str]:
    """This laptop's addresses on the networks it is on (no packet is sent: a UDP socket's route is asked)."""
    found: list[str] = []
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 1))
                address = udp.getsockname()[0]
        except OSError:
            continue
        if address not in found and not address.startswith("127."):
            found.append(address)
    try:
        found += [a for a in socket.gethostbyname_ex(socket.gethostname())[2]
                  if a not in found and not a.startswith("127.")]
    except OSError:
        pass
    return found


def addresses(host: str, port: int, secret: str) -> Addresses:
    hosts = lan_addresses() if host in ("0.0.0.0", "") else [host]
    players = [f"http://{h}:{port}/" for h in hosts] or [f"http://127.0.0.1:{port}/"]
    local = "127.0.0.1" if host in ("0.0.0.0", "", "127.0.0.1", "localhost") else host
    return Addresses(players, desk_address(f"http://{local}:{port}", secret))


def check_port(host: str, port: int) -> None:
    """Refuse at once, in words, a port another program holds (uvicorn would print a traceback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            what = "in use by another program" if error.errno == errno.EADDRINUSE else \
                f"not available: {error.strerror}"
            raise Refusal(Problem("", "", f"Port {port} on {host} is {what}.",
                                  f"Choose another with --port, e.g. --port {port + 1}.")) from None


def qr_text(url: str) -> str:
    """The players' address as a QR code in the terminal's characters, to scan from the screen or photograph."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def slips_without_codes(state: HallState) -> str:
    """A line for the TO whose round's slips were printed before the hall had its secret (round 1 paired, then
    `serve` started for the first time): they carry no codes, and the players need them to report."""
    round_ = current_round(state.event)
    if round_ is None:
        return ""
    folder = reports_folder(state.path, state.event, round_)
    slips = [folder / name for name in ("result_slips.html", "team_slips.html") if (folder / name).is_file()]
    if not slips or any('class="slip-code"' in text or 'class="code"' in text
                        for text in (slip.read_text(encoding="utf-8", errors="replace") for slip in slips)):
        return ""
    return (f"The result slips of {round_.sheet} were printed before the hall's codes existed, so they carry none: "
            f"print them again (the desk's Print the reports again, or sheetrunner report --pdf {state.path.name}), "
            "or copy each table's code from the desk's Table codes page onto its slip.")


def serve(path: Path, host: str, port: int, say=print) -> None:
    """Start the hall: read the event (refusing a workbook with errors, as every command does), print the
    addresses, and serve until Ctrl+C."""
    import uvicorn

    from .app import create_app

    check_port(host, port)
    sys.setswitchinterval(0.0005)  # the writer thread's long Python stretches yield to the pages often (p99)
    state = HallState(path, writer_process=True)
    found = addresses(host, port, state.secret)
    say(f"Players: {found.players[0]}  (find your table, report results)")
    for other in found.players[1:]:
        say(f"      or {other}")
    for line in qr_text(found.players[0]).splitlines():
        say(line)
    say(f"Projector: {found.players[0]}projector   Standings: {found.players[0]}standings")
    say(f"Desk (keep it to yourself): {found.desk}")
    if host in ("127.0.0.1", "localhost"):
        say("Listening on this laptop only: to let phones in, run again with --host 0.0.0.0.")
    say("Stop with Ctrl+C; results wait safely in the journal, and start again the same way.")
    if uncoded := slips_without_codes(state):
        say(uncoded)
    app = create_app(state)
    gc.freeze()  # what start-up made (modules, the first reading) lives as long as the server: out of every gc pass
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=3)
