"""The codes printed on result slips (issue 30): each table's code, made from the event's secret that the hall keeps
beside the workbook (NAME-backups/hall/). The printed reports read them here; the hall server checks them
(`hall.security`). Reads one small file: no web stack is loaded."""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path
from typing import Iterable

from ..workbook.xlsx import files

CODE_ALPHABET = "ACDEFHJKLMNPQRTUVWXY34679"  # no 0/O, 1/I, 2/Z, 5/S, 8/B: read off a slip without doubt
CODE_LENGTH = 6


def hall_folder(workbook: Path | str) -> Path:
    """NAME-backups/hall/ beside the workbook: the journal and the secret, out of every served folder."""
    return files.backups_folder(files.real_path(Path(workbook))) / "hall"


def kept_secret(workbook: Path) -> str | None:
    """The event's secret if the hall ever made one (`serve` ran, or `pair`/`report --codes`), else None: the
    printed reports carry table codes only then, so a TO who never opens the hall sees none."""
    try:
        kept = (hall_folder(workbook) / "secret.txt").read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return kept if len(kept) >= 20 else None


def _mac(secret: str, purpose: str) -> bytes:
    return hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()


def table_code(secret: str, round_number: int, table: object) -> str:
    """The code printed on a table's result slip: only that table of that round."""
    number = int.from_bytes(_mac(secret, f"table|{round_number}|{table}"), "big")
    code = ""
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        code += CODE_ALPHABET[index]
    return code


def round_codes(workbook: Path, round_number: int, tables: Iterable[object]) -> dict[str, str]:
    """Each table's code by its label (as the hall reads a table: `str(number)`), for the printed slips; empty for
    an event whose hall has no secret. Reads one small file: no web stack is loaded."""
    secret = kept_secret(workbook)
    return {str(table): table_code(secret, round_number, table) for table in tables} if secret else {}



