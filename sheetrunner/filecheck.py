"""Looking at a file before openpyxl does: is it an xlsx, is it safe to read and to rewrite?

Everything here reads bytes and zip entries only, so a damaged, encrypted,
old-format or hostile file is turned away with a sentence, not a traceback or
a hang.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from .problems import EventError, Problem

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ENCRYPTED_MARK = "EncryptionInfo".encode("utf-16-le")
MAX_UNPACKED = 512 * 1024 * 1024
MAX_RATIO = 200
SAVE_AS = "Open it in Excel or LibreOffice and save it as an Excel Workbook (.xlsx)."

# Parts openpyxl drops or damages when it rewrites a workbook, with what a TO calls them.
DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
DRAWING = re.compile(r"xl/drawings/drawing\d+\.xml$")
DRAWN_OBJECT = re.compile(rb"<(\w+:)?(twoCellAnchor|oneCellAnchor|absoluteAnchor)\b")
UNKEEPABLE_PARTS = (
    (re.compile(r"xl/media/"), "pictures"),
    (re.compile(r"xl/charts/"), "charts"),
    (re.compile(r"xl/pivot(Tables|Cache)/"), "pivot tables"),
    (re.compile(r"vbaProject\.bin$"), "macros"),
    (re.compile(r"xl/threadedComments/"), "threaded comments"),
    (re.compile(r"xl/connections\.xml$"), "data connections"),
    (re.compile(r"xl/(slicers|slicerCaches|timelines|timelineCaches)/"), "slicers or timelines"),
    (re.compile(r"xl/model/"), "a data model"),
)
UNKEEPABLE_SHEET_MARKS = (
    (b"x14:dataValidation", "drop-downs that use other sheets (Excel 2010 data validation)"),
    (b"x14:conditionalFormatting", "Excel 2010 conditional formatting (data bars, icon sets)"),
    (b"x14:sparklineGroup", "sparklines"),
)


def open_problem(path: Path, message: str, hint: str = "") -> EventError:
    return EventError(Problem(path.name, "", message, hint))


def check_readable(path: Path) -> None:
    """Raise `EventError` unless `path` is an xlsx workbook sheetrunner can open safely."""
    if not path.exists():
        raise open_problem(path, f"There is no file {path}.", "Check the name and the folder.")
    if path.is_dir():
        raise open_problem(path, f"{path} is a folder, not a workbook.", "Name the .xlsx file inside it.")
    try:
        with path.open("rb") as handle:
            head = handle.read(65536)
    except PermissionError:
        raise open_problem(path, "The file cannot be read (permission denied or locked by another program).",
                           "Close it in Excel or LibreOffice, or check its permissions.") from None
    except OSError as error:
        raise open_problem(path, f"The file cannot be read: {error.strerror}.", "") from None
    if head.startswith(OLE_MAGIC):
        raise _ole_problem(path, head)
    if not head.startswith(b"PK"):
        raise _not_xlsx_problem(path, head)
    _check_zip(path)


def _ole_problem(path: Path, head: bytes) -> EventError:
    if ENCRYPTED_MARK in head or path.suffix.lower() == ".xlsx":
        return open_problem(path, "The workbook is password-protected (encrypted); sheetrunner cannot read it.",
                            "Remove the password (in Excel: File > Info > Protect Workbook) and save it.")
    return open_problem(path, "This is an old Excel 97-2003 workbook (.xls); sheetrunner reads .xlsx only.",
                        SAVE_AS)


def _not_xlsx_problem(path: Path, head: bytes) -> EventError:
    if not head:
        return open_problem(path, "The file is empty.", "Use the event workbook, or make one with `sheetrunner init`.")
    text = head[:2048].lstrip(b"\xef\xbb\xbf")
    if path.suffix.lower() in (".csv", ".txt") or (b"," in text or b";" in text) and _looks_like_text(text):
        return open_problem(path, "This is a text (CSV) file, not an Excel workbook.",
                            "Make a workbook with `sheetrunner init EVENT.xlsx --players " + path.name + "`.")
    return open_problem(path, "This is not an Excel workbook (.xlsx).", SAVE_AS)


def _looks_like_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _check_zip(path: Path) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, EOFError):
        raise open_problem(path, "The workbook is damaged or incomplete (perhaps a truncated download or copy).",
                           "Use the backup sheetrunner made beside it, or save it again from Excel.") from None
    names = {info.filename for info in infos}
    if "xl/workbook.xml" not in names and "[Content_Types].xml" not in names:
        raise open_problem(path, "This is a zip file, not an Excel workbook (.xlsx).", SAVE_AS)
    unpacked = sum(info.file_size for info in infos)
    packed = sum(info.compress_size for info in infos) or 1
    if unpacked > MAX_UNPACKED or (unpacked > 50 * 1024 * 1024 and unpacked / packed > MAX_RATIO):
        raise open_problem(path, f"The workbook unpacks to {unpacked // (1024 * 1024)} MB, far more than any event "
                           "needs; sheetrunner will not open it.", "Check where the file came from.")
    _check_no_doctype(path, infos)


def _check_no_doctype(path: Path, infos: list[zipfile.ZipInfo]) -> None:
    """Refuse any XML part that declares a DTD or entities: Excel never writes one, and it is how an entity
    bomb or an external-entity read starts. A declaration must come before the root element, so the head
    of each part is enough."""
    try:
        with zipfile.ZipFile(path) as archive:
            for info in infos:
                if info.filename.endswith((".xml", ".rels", ".vml")) or info.filename.startswith("xl/"):
                    with archive.open(info) as part:
                        head = part.read(4096)
                    if DOCTYPE.search(_plain_bytes(head)):
                        raise open_problem(path, "The workbook contains XML entity declarations, which Excel never "
                                           "writes (a possible XML bomb); sheetrunner will not read it.",
                                           "Check where the file came from.")
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError):
        raise open_problem(path, "The workbook is damaged or incomplete (perhaps a truncated download or copy).",
                           "Use the backup sheetrunner made beside it, or save it again from Excel.") from None


def _plain_bytes(head: bytes) -> bytes:
    """The head of an XML part as plain bytes to search (UTF-16 parts decoded first)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head.decode("utf-16", errors="ignore").encode("utf-8")
    return head.replace(b"\x00", b"")


def find_unkeepable(path: Path) -> list[str]:
    """What the workbook holds that rewriting it with openpyxl would lose (§7)."""
    found: list[str] = []
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            for pattern, what in UNKEEPABLE_PARTS:
                if pattern.search(name) and what not in found:
                    found.append(what)
            # LibreOffice writes an empty drawing part for many sheets: only a drawn object counts.
            if DRAWING.search(name) and DRAWN_OBJECT.search(archive.read(name)):
                if "pictures, shapes or text boxes" not in found:
                    found.append("pictures, shapes or text boxes")
            if name.startswith("xl/worksheets/") and name.endswith(".xml"):
                data = archive.read(name)
                if b"extLst" in data:
                    found.extend(what for mark, what in UNKEEPABLE_SHEET_MARKS if mark in data and what not in found)
    return found


def lock_file(path: Path) -> Path | None:
    """The lock file kept while the workbook is open.

    Excel writes `~$name` (or `~$` over the first two letters), LibreOffice `.~lock.name#`.
    """
    names = ("~$" + path.name, "~$" + path.name[2:], f".~lock.{path.name}#")
    for candidate in (path.with_name(name) for name in names):
        if candidate.exists():
            return candidate
    return None
