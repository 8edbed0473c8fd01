"""What the hall's screens and walls need beyond the printed lists (SPEC §6): the players' phone page's data, one
JSON document inlined in `find.html`, and the QR code to the `Public URL` that printouts carry.

`find.html` and `projector.html` are pages for screens: they hold a script (the search, the round clock) and are
never printed to PDF (`printing.SCREEN_PAGES`). Everything stays offline: the data is inside the page, the QR code is an
inline SVG drawn here.
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from .context import ReportData

# Characters that could end the <script> element holding the JSON, or that JavaScript reads as line ends: written
# as \u escapes, which JSON.parse reads back as the same characters. So a player called `</script><script>…`
# stays a name.
_UNSAFE_IN_SCRIPT = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def phone_json(data: ReportData) -> Markup:
    """Every player of the round, and anyone else in the standings, as the phone page shows them: where they sit
    (table and seat), whom they play, and where they stand. Built in one pass over the round and the standings."""
    standing = _standings_by_player(data.standings)
    event = data.event
    players = []
    for row in data.by_name:  # shown as the lists by name show them ("Lee, Ann"), found by either form
        where = row["table"] if row["bye"] else f"{event['table']} {row['table']}"
        seat = f"{event['seat']} {row['seat']}" if row["seat"] not in ("", None) and not row["bye"] else ""
        players.append({**standing.pop(row["id"], {}), "name": row["listed"], "also": row["name"], "where": where,
                        "seat": seat, "against": row["opponents"]})
    # the players not in the round (dropped), in the history's order: every player, sorted as the lists are
    players += [{**standing.pop(entry["id"]), "name": entry["listed"], "also": entry["name"], "where": "", "seat": "",
                 "against": []} for entry in data.history if entry["id"] in standing]
    text = json.dumps(players, ensure_ascii=False, separators=(",", ":"))
    for character, escape in _UNSAFE_IN_SCRIPT.items():
        text = text.replace(character, escape)
    return Markup(text)


def _standings_by_player(standings: dict[str, Any]) -> dict[int, dict[str, str]]:
    """Each player's rank and main score ("TP 12") in the latest standings, by ID; none before any result."""
    if not standings["after"]:
        return {}
    label = standings["columns"][0]["label"] if standings["columns"] else ""
    found = {}
    for group in standings["groups"]:
        prefix = f"{standings['group_label']} {group['name']}: " if standings["group_label"] else ""
        for row in group["rows"]:
            score = f" · {label} {row['cells'][0]}" if label else ""
            found[row["id"]] = {"name": row["name"], "standing": f"{prefix}Rank {row['rank']}{score} after round "
                                                                  f"{standings['after']}",
                                "dropped": bool(row["dropped"])}
    return found


def qr_code(url: str) -> dict[str, Any] | None:
    """The QR code of `url` as an SVG path of its dark modules, one rectangle per run of dark modules in a row
    (medium error correction: a crumpled poster still scans); None without a URL. segno loads only here."""
    if not url:
        return None
    import segno

    rows = [list(row) for row in segno.make(url, error="m", micro=False).matrix_iter(scale=1, border=0)]
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            parts.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    return {"size": len(rows), "path": "".join(parts), "url": url}
