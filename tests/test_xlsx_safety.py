"""Mirrors `sheetrunner/workbook/xlsx/safety.py`: a file's bytes looked at before anything parses them. A damaged,
encrypted, old-format, Strict or hostile file is turned away with one sentence and a hint, never a traceback or a
hang (§7); every part is unpacked once and every XML part parsed, with no DTD or entity allowed.
(tests/test_hostile_files.py drives hostile workbooks through the CLI; this file calls the functions.)"""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest

from sheetrunner.model.problems import EventError
from sheetrunner.workbook.xlsx import safety
from sheetrunner.workbook.xlsx.safety import (backup_hint, check_workbook_bytes, check_xml, damaged, is_xml_part,
                                     office_lock, read_file, read_member, read_parts)

SAVE_AS = "Open it in Excel or LibreOffice and save it as an Excel Workbook (.xlsx)."
NO_BACKUPS = "Open it in Excel or LibreOffice, which may repair it, and save it again; or use a copy you kept."
ENTITIES = ("The workbook contains XML entity declarations, which Excel never writes (a possible XML bomb); "
            "sheetrunner will not read it.", "Check where the file came from.")
PATH = Path("e.xlsx")


def refused(call, *args) -> tuple[str, str, str, str]:
    """The one problem `call` raises: (sheet, cell, message, hint)."""
    with pytest.raises(EventError) as caught:
        call(*args)
    [problem] = caught.value.problems
    return problem.sheet, problem.cell, problem.message, problem.hint


def zipped(parts: dict[str, bytes | str], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def archive_of(parts: dict[str, bytes | str], method: int = zipfile.ZIP_DEFLATED) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(zipped(parts, method)))


# --- reading the file ---------------------------------------------------------------------------------------------


def test_no_such_file(tmp_path):
    path = tmp_path / "gone.xlsx"
    assert refused(read_file, path) == ("gone.xlsx", "", f"There is no file {path}.", "Check the name and the folder.")


def test_a_folder(tmp_path):
    folder = tmp_path / "event.xlsx"
    folder.mkdir()
    assert refused(read_file, folder) == ("event.xlsx", "", f"{folder} is a folder, not a workbook.",
                                          "Name the .xlsx file inside it.")


def test_a_pipe(tmp_path):
    pipe = tmp_path / "e.xlsx"
    os.mkfifo(pipe)
    assert refused(read_file, pipe) == ("e.xlsx", "", f"{pipe} is not a regular file (a device or a pipe).",
                                        "Name an .xlsx file.")


def test_a_file_larger_than_any_workbook_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "e.xlsx"
    with path.open("wb") as handle:
        handle.truncate(513 * 1024 * 1024)  # sparse: nothing is written, nothing is read
    assert refused(read_file, path) == ("e.xlsx", "", "The file is 513 MB, far more than any event needs.",
                                        "Check where the file came from.")


def test_a_file_is_read_as_its_bytes(tmp_path):
    path = tmp_path / "e.xlsx"
    path.write_bytes(b"PK\x03\x04abc")
    assert read_file(path) == b"PK\x03\x04abc"


# --- what kind of file it is ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, data, message, hint", [
    ("e.xlsx", b"", "The file is empty.", "Use the event workbook, or make one with `sheetrunner init`."),
    ("e.xlsx", b"Name,Team\nAnn,Red\n", "This is a text (CSV) file, not an Excel workbook.",
     "Make a workbook with `sheetrunner init EVENT.xlsx --players e.xlsx`."),
    ("e.xlsx", b"\xef\xbb\xbfName;Team\n", "This is a text (CSV) file, not an Excel workbook.",
     "Make a workbook with `sheetrunner init EVENT.xlsx --players e.xlsx`."),
    ("roster.txt", b"Ann\nBob\n", "This is a text (CSV) file, not an Excel workbook.",
     "Make a workbook with `sheetrunner init EVENT.xlsx --players roster.txt`."),
    ("e.xlsx", b"%PDF-1.7\n", "This is not an Excel workbook (.xlsx).", SAVE_AS),
    ("e.xlsx", b"\xff\xfe,;\x80\x81", "This is not an Excel workbook (.xlsx).", SAVE_AS),  # separators, not text
    ("e.xlsx", safety.OLE_MAGIC + bytes(64) + "Workbook".encode("utf-16-le"),
     "This is an old Excel 97-2003 workbook (.xls); sheetrunner reads .xlsx only.", SAVE_AS),
    ("e.xlsx", safety.OLE_MAGIC + bytes(64) + "Book".encode("utf-16-le"),
     "This is an old Excel 97-2003 workbook (.xls); sheetrunner reads .xlsx only.", SAVE_AS),
    ("e.xlsx", safety.OLE_MAGIC + bytes(64) + "EncryptionInfo".encode("utf-16-le") + "Workbook".encode("utf-16-le"),
     "The workbook is password-protected (encrypted); sheetrunner cannot read it.",
     "Remove the password (in Excel: File > Info > Protect Workbook) and save it."),
    ("e.xlsx", b"PK\x03\x04 cut short", "The workbook is damaged or incomplete (perhaps a truncated download or "
     "copy).", "Use a backup (sheetrunner keeps them in a -backups folder beside the workbook), or save it again "
     "from Excel."),
])
def test_a_file_that_is_not_an_xlsx(name, data, message, hint):
    assert refused(check_workbook_bytes, Path(name), data) == (name, "", message, hint)


@pytest.mark.parametrize("parts, message, hint", [
    ({"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<a/>"},
     "This is an OpenDocument spreadsheet (.ods), not an Excel workbook (.xlsx).",
     "In LibreOffice: File > Save As…, file type Excel 2007-365 (.xlsx); then use that .xlsx file."),
    ({"mimetype": "application/vnd.oasis.opendocument.spreadsheet-template"},
     "This is an OpenDocument spreadsheet (.ods), not an Excel workbook (.xlsx).",
     "In LibreOffice: File > Save As…, file type Excel 2007-365 (.xlsx); then use that .xlsx file."),
    ({"Index/Document.iwa": "x", "Metadata/Properties.plist": "x"},
     "This is an Apple Numbers spreadsheet (.numbers), not an Excel workbook (.xlsx).",
     "In Numbers: File > Export To > Excel…; then use that .xlsx file."),
    ({"mimetype": "application/epub+zip"}, "This is a zip file, not an Excel workbook (.xlsx).", SAVE_AS),
    ({"notes.txt": "x"}, "This is a zip file, not an Excel workbook (.xlsx).", SAVE_AS),
])
def test_a_zip_that_is_not_an_xlsx_is_named(parts, message, hint):
    assert refused(check_workbook_bytes, PATH, zipped(parts)) == ("e.xlsx", "", message, hint)


def test_a_zip_with_a_long_mimetype_is_named_as_a_zip():
    assert refused(check_workbook_bytes, PATH, zipped({"mimetype": "x" * 300})) == (
        "e.xlsx", "", "This is a zip file, not an Excel workbook (.xlsx).", SAVE_AS)


def test_an_ole_file_without_encryption_info_is_not_called_password_protected():
    """A Word .doc is an OLE file with neither an EncryptionInfo nor a Workbook stream: not an Excel workbook."""
    ole = safety.OLE_MAGIC + bytes(64) + "WordDocument".encode("utf-16-le")
    assert refused(check_workbook_bytes, PATH, ole)[2] == "This is not an Excel workbook (.xlsx)."


def test_an_xlsx_opens_as_its_archive():
    archive = check_workbook_bytes(PATH, zipped({"[Content_Types].xml": "<Types/>"}))
    assert [info.filename for info in archive.infolist()] == ["[Content_Types].xml"]


def test_a_package_that_unpacks_to_far_more_than_it_holds_is_refused():
    bomb = zipped({"[Content_Types].xml": "<Types/>", "xl/sharedStrings.xml": bytes(9 * 1024 * 1024)})
    assert refused(check_workbook_bytes, PATH, bomb) == (
        "e.xlsx", "", "The workbook unpacks to 9 MB, far more than any event needs; sheetrunner will not open it.",
        "Check where the file came from.")


def test_a_large_part_that_compresses_as_data_does_is_accepted():
    picture = os.urandom(9 * 1024 * 1024)  # compresses hardly at all: not a bomb
    archive = check_workbook_bytes(PATH, zipped({"[Content_Types].xml": "<Types/>", "xl/media/image1.png": picture}))
    assert archive.getinfo("xl/media/image1.png").file_size == len(picture)


# --- every part unpacked and parsed ------------------------------------------------------------------------------


def test_read_parts_returns_the_xml_parts_and_only_checks_the_others():
    archive = archive_of({"[Content_Types].xml": "<Types/>", "_rels/.rels": "<Relationships/>",
                          "xl/media/image1.png": bytes(range(256)), "xl/drawings/vmlDrawing1.vml": "<xml><br></xml>"})
    assert read_parts(PATH, archive) == {"[Content_Types].xml": b"<Types/>", "_rels/.rels": b"<Relationships/>"}


@pytest.mark.parametrize("name, data", [
    ("xl/workbook.xml", '<!DOCTYPE x [<!ENTITY a "b">]><workbook>&a;</workbook>'),
    ("xl/workbook.xml", "<!DOCTYPE workbook><workbook/>"),
    ("xl/media/evil.bin", "<!DOCTYPE x [<!ENTITY a SYSTEM 'file:///etc/passwd'>]>"),  # read as XML by some program
    ("xl/media/evil.bin", "<!ENTITY a 'b'>".encode("utf-16")),
])
def test_a_dtd_or_entity_in_any_part_is_refused(name, data):
    archive = archive_of({"[Content_Types].xml": "<Types/>", name: data})
    assert refused(read_parts, PATH, archive) == ("e.xlsx", "", *ENTITIES)


def test_malformed_xml_is_named_with_its_line_and_column():
    archive = archive_of({"[Content_Types].xml": "<Types/>", "xl/worksheets/sheet1.xml": "<a>\n<b></a>"})
    assert refused(read_parts, PATH, archive) == (
        "e.xlsx", "", "The workbook is damaged: the part xl/worksheets/sheet1.xml is not well-formed XML (line 2, "
        "column 6).", NO_BACKUPS)


def test_a_part_in_an_encoding_expat_lacks_is_not_mistaken_for_damage():
    data = '<?xml version="1.0" encoding="windows-1252"?><a>\u20ac</a>'.encode("cp1252")
    check_xml(PATH, "xl/custom.xml", data)  # lxml reads it: no damage
    assert read_parts(PATH, archive_of({"xl/custom.xml": data})) == {"xl/custom.xml": data}


def test_a_part_parsed_before_by_checksum_is_not_parsed_again():
    archive = archive_of({"xl/odd.xml": "<not closed"})
    crc = archive.getinfo("xl/odd.xml").CRC
    assert read_parts(PATH, archive, {"xl/odd.xml": crc}) == {"xl/odd.xml": b"<not closed"}
    with pytest.raises(EventError):
        read_parts(PATH, archive, {"xl/odd.xml": crc + 1})


def test_a_strict_open_xml_workbook_is_refused():
    archive = archive_of({"xl/workbook.xml": '<workbook xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"/>'})
    assert refused(read_parts, PATH, archive) == (
        "e.xlsx", "", "The workbook is saved as Strict Open XML, which sheetrunner does not read.",
        "Save it in Excel as Excel Workbook (.xlsx), not Strict Open XML Spreadsheet.")


def test_an_encrypted_member_is_refused_before_it_is_unpacked():
    archive = archive_of({"[Content_Types].xml": "<Types/>", "xl/styles.xml": "<styleSheet/>"})
    archive.getinfo("xl/styles.xml").flag_bits |= 0x1
    assert refused(read_parts, PATH, archive) == (
        "e.xlsx", "", "The workbook's part xl/styles.xml is encrypted inside the zip, which Excel never does; "
        "sheetrunner cannot read it.", "Save the workbook again from Excel, without a zip password.")


@pytest.mark.parametrize("method, named", [(zipfile.ZIP_BZIP2, "bzip2"), (zipfile.ZIP_LZMA, "LZMA"),
                                           (9, "Deflate64"), (6, "Implode"), (93, "Zstandard"), (77, "method 77")])
def test_a_compression_method_excel_never_uses_is_named(method, named):
    archive = archive_of({"[Content_Types].xml": "<Types/>"})
    archive.getinfo("[Content_Types].xml").compress_type = method
    assert refused(read_parts, PATH, archive) == (
        "e.xlsx", "", f"The workbook's part [Content_Types].xml is compressed with {named}, which Excel never "
        "uses; sheetrunner cannot read it.", "Save the workbook again from Excel or LibreOffice as an Excel "
        "Workbook (.xlsx).")


@pytest.mark.parametrize("name", ["xl/media/image1.png", "xl/worksheets/sheet1.xml"])
def test_corrupt_compressed_data_is_named(name):
    data = bytearray(zipped({"[Content_Types].xml": "<Types/>", name: bytes(range(256)) * 64}))
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo(name)
    middle = info.header_offset + 30 + len(name) + info.compress_size // 2
    data[middle] ^= 0xFF
    archive = zipfile.ZipFile(io.BytesIO(bytes(data)))
    assert refused(read_parts, PATH, archive) == (
        "e.xlsx", "", f"The workbook is damaged: the part {name} cannot be unpacked (its compressed data is "
        "corrupt).", NO_BACKUPS)


def test_read_member_never_unpacks_more_than_its_limit():
    archive = archive_of({"xl/vbaProject.bin": bytes(2 * 1024 * 1024 + 1)})
    info = archive.getinfo("xl/vbaProject.bin")
    assert refused(read_member, PATH, archive, info, 2 * 1024 * 1024) == (
        "e.xlsx", "", "The part xl/vbaProject.bin unpacks to more than 2 MB; sheetrunner will not open it.",
        "Check where the file came from.")
    assert read_member(PATH, archive, info, 3 * 1024 * 1024) == bytes(2 * 1024 * 1024 + 1)


@pytest.mark.parametrize("name, xml", [("[Content_Types].xml", True), ("xl/_rels/workbook.xml.rels", True),
                                       ("XL/WORKBOOK.XML", True), ("xl/drawings/vmlDrawing1.vml", False),
                                       ("xl/media/image1.png", False), ("xl/vbaProject.bin", False)])
def test_is_xml_part(name, xml):
    assert is_xml_part(name) is xml


# --- what the sentences point to ------------------------------------------------------------------------------------


def test_the_damage_hint_points_to_the_backups_when_there_are_some(tmp_path):
    path = tmp_path / "open.xlsx"
    assert backup_hint(path) == NO_BACKUPS
    (tmp_path / "open-backups").mkdir()
    assert backup_hint(path) == ("Use the newest backup in open-backups/ (the last by name), or open the workbook "
                                 "in Excel or LibreOffice, which may repair it, and save it again.")
    problem = damaged(path, "the part x.xml is odd").problems[0]
    assert (problem.sheet, problem.message, problem.hint) == (
        "open.xlsx", "The workbook is damaged: the part x.xml is odd.", "Use the newest backup in open-backups/ (the "
        "last by name), or open the workbook in Excel or LibreOffice, which may repair it, and save it again.")


@pytest.mark.parametrize("lock", ["~$event.xlsx", "~$ent.xlsx", ".~lock.event.xlsx#"])
def test_office_lock_files_beside_the_workbook(tmp_path, lock):
    path = tmp_path / "event.xlsx"
    assert office_lock(path) is None
    (tmp_path / lock).write_bytes(b"")
    assert office_lock(path) == tmp_path / lock
