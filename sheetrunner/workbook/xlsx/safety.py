"""Looking at a file's bytes before anything parses them: is it an xlsx, and is it safe to open?

A damaged, encrypted, old-format, Strict or hostile file is turned away with
a sentence, not a traceback or a hang: zip members are read with a size
limit and a compression-ratio limit, and no XML part may declare a DTD or
entities (how an entity bomb or an external-entity read starts).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from ...model.problems import EventError, Problem

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ENCRYPTED_MARK = "EncryptionInfo".encode("utf-16-le")
XLS_MARKS = ("Workbook".encode("utf-16-le"), "Book".encode("utf-16-le"))
MAX_UNPACKED = 512 * 1024 * 1024  # the whole package
MAX_MEMBER = 256 * 1024 * 1024  # one part
MAX_RATIO = 200  # unpacked / packed, for parts above a few MB
RATIO_FROM = 8 * 1024 * 1024
DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
STRICT = b"purl.oclc.org/ooxml/spreadsheetml/main"
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"  # an .ods (and its template, .ots)
SAVE_AS = "Open it in Excel or LibreOffice and save it as an Excel Workbook (.xlsx)."
CHUNK = 1024 * 1024
METHODS = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "LZMA", 9: "Deflate64", 6: "Implode", 93: "Zstandard"}
DAMAGED = ("The workbook is damaged or incomplete (perhaps a truncated download or copy).",
           "Use a backup (sheetrunner keeps them in a -backups folder beside the workbook), or save it again from "
           "Excel.")


def open_problem(path: Path, message: str, hint: str = "") -> EventError:
    return EventError(Problem(path.name, "", message, hint))


def read_file(path: Path) -> bytes:
    """The file's bytes, or a sentence saying why they cannot be read."""
    if not path.exists():
        raise open_problem(path, f"There is no file {path}.", "Check the name and the folder.")
    if path.is_dir():
        raise open_problem(path, f"{path} is a folder, not a workbook.", "Name the .xlsx file inside it.")
    if not path.is_file():
        raise open_problem(path, f"{path} is not a regular file (a device or a pipe).", "Name an .xlsx file.")
    try:
        size = path.stat().st_size
        if size > MAX_UNPACKED:
            raise open_problem(path, f"The file is {size // (1024 * 1024)} MB, far more than any event needs.",
                               "Check where the file came from.")
        return path.read_bytes()
    except PermissionError:
        raise open_problem(path, "The file cannot be read (permission denied or locked by another program).",
                           "Close it in Excel or LibreOffice, or check its permissions.") from None
    except OSError as error:
        raise open_problem(path, f"The file cannot be read: {error.strerror}.", "") from None


def check_workbook_bytes(path: Path, data: bytes) -> zipfile.ZipFile:
    """The opened package, or `EventError` when `data` is not an xlsx sheetrunner can open safely (its parts are
    looked at by `read_parts`)."""
    if data.startswith(OLE_MAGIC):
        raise _ole_problem(path, data)
    if not data.startswith(b"PK"):
        raise _not_xlsx_problem(path, data[:65536])
    import io

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except Exception:  # noqa: BLE001 - zipfile raises many kinds (struct.error, ValueError...) on a broken directory
        raise open_problem(path, *DAMAGED) from None
    names = {info.filename for info in infos}
    if "xl/workbook.xml" not in names and "[Content_Types].xml" not in names:
        raise _other_zip_problem(path, archive, names)
    _check_sizes(path, infos)
    return archive


def read_parts(path: Path, archive: zipfile.ZipFile, parsed: dict[str, int] | None = None) -> dict[str, bytes]:
    """Every part unpacked once (its checksum checked) and every XML part parsed, so that a damaged part is
    named before anything reads or writes it (§7); returns the XML parts' bytes, to be parsed no more than once
    again. Other parts (pictures, macros) are only checked, in chunks, and copied as stored when written.

    `parsed` names XML parts already parsed, by checksum: a written workbook read back to check it need not
    parse again the parts it copied as they were read (a styled million-row sheet took a second)."""
    xml = {}
    for info in archive.infolist():
        if info.is_dir():
            continue
        _check_member_format(path, info)
        if is_xml_part(info.filename):
            data = read_member(path, archive, info)
            if (parsed or {}).get(info.filename) != info.CRC:
                check_xml(path, info.filename, data)
            if info.filename.endswith("workbook.xml") and STRICT in data[:4096]:
                raise open_problem(path, "The workbook is saved as Strict Open XML, which sheetrunner does not "
                                   "read.", "Save it in Excel as Excel Workbook (.xlsx), not Strict Open XML "
                                   "Spreadsheet.")
            xml[info.filename] = data
        else:
            _check_other_member(path, archive, info)
    return xml


def is_xml_part(name: str) -> bool:
    """Parts sheetrunner parses: XML and relationships (VML drawings are not well-formed XML in Excel's own
    files, so they are only copied)."""
    return name.lower().endswith((".xml", ".rels"))


def _check_member_format(path: Path, info: zipfile.ZipInfo) -> None:
    """Zip features Excel never uses, refused by name before any byte is unpacked."""
    if info.flag_bits & 0x1:
        raise open_problem(path, f"The workbook's part {info.filename} is encrypted inside the zip, which Excel "
                           "never does; sheetrunner cannot read it.", "Save the workbook again from Excel, without "
                           "a zip password.")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        method = METHODS.get(info.compress_type, f"method {info.compress_type}")
        raise open_problem(path, f"The workbook's part {info.filename} is compressed with {method}, which Excel "
                           "never uses; sheetrunner cannot read it.", "Save the workbook again from Excel or "
                           "LibreOffice as an Excel Workbook (.xlsx).")


def _check_other_member(path: Path, archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """A part that is not XML, unpacked in chunks to check its data (the checksum is checked at its end), and its
    head searched for entity declarations (how an entity bomb starts) in case a program reads it as XML."""
    try:
        with archive.open(info) as member:
            head = member.read(4096)
            while member.read(CHUNK):
                pass
    except Exception:  # noqa: BLE001 - every decompressor raises its own kinds on damaged data
        raise damaged(path, f"the part {info.filename} cannot be unpacked (its compressed data is corrupt)") \
            from None
    if DOCTYPE.search(_plain_bytes(head)):
        raise _entity_problem(path)


def check_xml(path: Path, part: str, data: bytes) -> None:
    """`data` is well-formed XML with no DTD (entities are how an XML bomb or an external-entity read starts).

    expat checks it (four times faster than building an lxml tree; namespaces
    checked too); what expat refuses, lxml (no entities, no network, no huge
    trees) must refuse as well before the part is called damaged, so a part in
    an encoding expat lacks is not mistaken for damage.
    """
    import pyexpat

    parser = pyexpat.ParserCreate(namespace_separator=" ")
    parser.StartDoctypeDeclHandler = parser.EntityDeclHandler = _refuse_dtd
    try:
        parser.Parse(data, True)
    except _Dtd:
        raise _entity_problem(path) from None
    except LookupError:  # pyexpat asks Python's codecs for an encoding it lacks: one neither knows
        if not _lxml_accepts(data):
            raise damaged(path, f"the part {part} declares an encoding that no spreadsheet writes and "
                          "sheetrunner cannot read") from None
    except pyexpat.ExpatError as error:
        if not _lxml_accepts(data):
            raise damaged(path, f"the part {part} is not well-formed XML (line {error.lineno}, column "
                          f"{error.offset + 1})") from None


class _Dtd(Exception):
    """A DTD in a part: stops expat at its start, before any entity is declared."""


def _refuse_dtd(*_) -> None:
    raise _Dtd


def _lxml_accepts(data: bytes) -> bool:
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False)
    try:
        etree.fromstring(data, parser)
    except etree.XMLSyntaxError:
        return False
    return True


def _entity_problem(path: Path) -> EventError:
    return open_problem(path, "The workbook contains XML entity declarations, which Excel never writes (a possible "
                        "XML bomb); sheetrunner will not read it.", "Check where the file came from.")


def damaged(path: Path, what: str) -> EventError:
    """The one sentence for a damaged part (`what` names it), pointing to the backups when there are some."""
    return open_problem(path, f"The workbook is damaged: {what}.", backup_hint(path))


def backup_hint(path: Path) -> str:
    folder = path.with_name(f"{path.stem}-backups")
    if folder.is_dir():
        return (f"Use the newest backup in {folder.name}/ (the last by name), or open the workbook in Excel or "
                "LibreOffice, which may repair it, and save it again.")
    return "Open it in Excel or LibreOffice, which may repair it, and save it again; or use a copy you kept."


def _check_sizes(path: Path, infos: list[zipfile.ZipInfo]) -> None:
    unpacked = sum(info.file_size for info in infos)
    biggest = max((info.file_size for info in infos), default=0)
    packed = sum(info.compress_size for info in infos) or 1
    if unpacked > MAX_UNPACKED or biggest > MAX_MEMBER or (unpacked > RATIO_FROM and unpacked / packed > MAX_RATIO):
        raise open_problem(path, f"The workbook unpacks to {unpacked // (1024 * 1024)} MB, far more than any event "
                           "needs; sheetrunner will not open it.", "Check where the file came from.")


def read_member(path: Path, archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int = MAX_MEMBER) -> bytes:
    """A part's bytes, never more than `limit` unpacked (a zip may lie about its sizes); a larger part is
    refused, and damaged data (bad compressed data, a wrong checksum, a broken header) is named as such."""
    try:
        with archive.open(info) as member:
            data = member.read(limit + 1)
    except Exception:  # noqa: BLE001 - every decompressor raises its own kinds on damaged data
        raise damaged(path, f"the part {info.filename} cannot be unpacked (its compressed data is corrupt)") \
            from None
    if len(data) > limit:
        raise open_problem(path, f"The part {info.filename} unpacks to more than {limit // (1024 * 1024)} MB; "
                           "sheetrunner will not open it.", "Check where the file came from.")
    return data


def _plain_bytes(head: bytes) -> bytes:
    """The head of an XML part as plain bytes to search (UTF-16 parts decoded first)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head.decode("utf-16", errors="ignore").encode("utf-8")
    return head.replace(b"\x00", b"")


def _ole_problem(path: Path, data: bytes) -> EventError:
    """An OLE compound file is an encrypted xlsx when it holds an EncryptionInfo stream, an old .xls when it
    holds a Workbook stream, and some other old Office file (a Word .doc) when it holds neither."""
    if ENCRYPTED_MARK in data:
        return open_problem(path, "The workbook is password-protected (encrypted); sheetrunner cannot read it.",
                            "Remove the password (in Excel: File > Info > Protect Workbook) and save it.")
    if any(mark in data for mark in XLS_MARKS):
        return open_problem(path, "This is an old Excel 97-2003 workbook (.xls); sheetrunner reads .xlsx only.",
                            SAVE_AS)
    return open_problem(path, "This is not an Excel workbook (.xlsx).", SAVE_AS)


def _not_xlsx_problem(path: Path, head: bytes) -> EventError:
    if not head:
        return open_problem(path, "The file is empty.", "Use the event workbook, or make one with `sheetrunner init`.")
    text = head[:2048].lstrip(b"\xef\xbb\xbf")
    if path.suffix.lower() in (".csv", ".txt") or (b"," in text or b";" in text) and _looks_like_text(text):
        return open_problem(path, "This is a text (CSV) file, not an Excel workbook.",
                            "Make a workbook with `sheetrunner init EVENT.xlsx --players " + path.name + "`.")
    return open_problem(path, "This is not an Excel workbook (.xlsx).", SAVE_AS)


def _other_zip_problem(path: Path, archive: zipfile.ZipFile, names: set[str]) -> EventError:
    """A zip that is not an xlsx. LibreOffice's own OpenDocument spreadsheet (its `mimetype` part says so) and an
    Apple Numbers file (its `Index/*.iwa` parts) are named, with how to save them as .xlsx (issue 20)."""
    if "mimetype" in names:
        mimetype = _member_head(archive, archive.getinfo("mimetype"), 256).strip()
        if mimetype.startswith(ODS_MIMETYPE):
            return open_problem(path, "This is an OpenDocument spreadsheet (.ods), not an Excel workbook (.xlsx).",
                                "In LibreOffice: File > Save As…, file type Excel 2007-365 (.xlsx); then use that "
                                ".xlsx file.")
    if any(name.startswith("Index/") and name.endswith(".iwa") for name in names):
        return open_problem(path, "This is an Apple Numbers spreadsheet (.numbers), not an Excel workbook (.xlsx).",
                            "In Numbers: File > Export To > Excel…; then use that .xlsx file.")
    return open_problem(path, "This is a zip file, not an Excel workbook (.xlsx).", SAVE_AS)


def _member_head(archive: zipfile.ZipFile, info: zipfile.ZipInfo, size: int) -> bytes:
    """The first bytes of a part, only to tell what a file is: none when it cannot be unpacked."""
    try:
        with archive.open(info) as member:
            return member.read(size)
    except Exception:  # noqa: BLE001 - every decompressor raises its own kinds on damaged data
        return b""


def _looks_like_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def office_lock(path: Path) -> Path | None:
    """The lock file Excel (`~$name`, or `~$` over the first two letters) or LibreOffice (`.~lock.name#`) keeps
    beside a workbook while it is open."""
    names = ("~$" + path.name, "~$" + path.name[2:], f".~lock.{path.name}#")
    for candidate in (path.with_name(name) for name in names):
        if candidate.exists():
            return candidate
    return None
