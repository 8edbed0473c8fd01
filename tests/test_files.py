"""Files that are not usable workbooks get one clear sentence, exit 1, and no change (§7)."""

from __future__ import annotations

import zipfile

import pytest
from builder import digest, make_event

from sheetrunner.workbook.xlsx.safety import OLE_MAGIC


def only_error(run, path, command="pair"):
    before = digest(path) if path.is_file() else None
    result = run(command, path)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[-1] == "Error: 1 problem(s) to fix; nothing was written."
    if before:
        assert digest(path) == before
    return lines[0]


def test_csv_instead_of_a_workbook(tmp_path, run):
    path = tmp_path / "roster.csv"
    path.write_text("Name,Team\nAlice,Red\n", encoding="utf-8")
    assert only_error(run, path) == ("roster.csv: This is a text (CSV) file, not an Excel workbook. Make a "
                                     "workbook with `sheetrunner init EVENT.xlsx --players roster.csv`.")


def test_old_xls_workbook(tmp_path, run):
    path = tmp_path / "event.xls"
    path.write_bytes(OLE_MAGIC + b"\0" * 1024 + "Workbook".encode("utf-16-le") + b"\0" * 512)
    assert only_error(run, path) == ("event.xls: This is an old Excel 97-2003 workbook (.xls); sheetrunner reads "
                                     ".xlsx only. Open it in Excel or LibreOffice and save it as an Excel Workbook "
                                     "(.xlsx).")
    renamed = path.rename(tmp_path / "event.xlsx")  # a real .xls renamed is still not called encrypted
    assert only_error(run, renamed).startswith("event.xlsx: This is an old Excel 97-2003 workbook (.xls)")


def test_password_protected_workbook(tmp_path, run):
    path = tmp_path / "event.xlsx"
    path.write_bytes(OLE_MAGIC + b"\0" * 512 + "EncryptionInfo".encode("utf-16-le") + b"\0" * 512)
    assert only_error(run, path) == ("event.xlsx: The workbook is password-protected (encrypted); sheetrunner "
                                     "cannot read it. Remove the password (in Excel: File > Info > Protect "
                                     "Workbook) and save it.")


def test_truncated_workbook(tmp_path, run):
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert only_error(run, path) == ("event.xlsx: The workbook is damaged or incomplete (perhaps a truncated "
                                     "download or copy). Use a backup (sheetrunner keeps them in a -backups folder "
                                     "beside the workbook), or save it again from Excel.")


def test_zip_that_is_not_a_workbook(tmp_path, run):
    path = tmp_path / "event.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "hi")
    assert only_error(run, path) == ("event.xlsx: This is a zip file, not an Excel workbook (.xlsx). Open it in "
                                     "Excel or LibreOffice and save it as an Excel Workbook (.xlsx).")


def test_zip_bomb_is_refused_before_unpacking(tmp_path, run):
    path = tmp_path / "event.xlsx"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", b"<" + b" " * (60 * 1024 * 1024) + b"/>")
    assert only_error(run, path).startswith("event.xlsx: The workbook unpacks to 60 MB, far more than any event "
                                            "needs; sheetrunner will not open it.")


def test_xml_entity_bomb_is_refused(tmp_path, run):
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    bomb = ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
            '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><sst><si><t>&c;</t></si></sst>')
    rewritten = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(rewritten, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/workbook.xml":
                data = bomb.encode()
            target.writestr(item, data)
    assert only_error(run, rewritten) == ("bomb.xlsx: The workbook contains XML entity declarations, which Excel "
                                          "never writes (a possible XML bomb); sheetrunner will not read it. Check "
                                          "where the file came from.")


def test_empty_file_and_missing_file(tmp_path, run):
    empty = tmp_path / "event.xlsx"
    empty.write_bytes(b"")
    assert only_error(run, empty) == ("event.xlsx: The file is empty. Use the event workbook, or make one with "
                                      "`sheetrunner init`.")
    assert only_error(run, tmp_path / "nope.xlsx") == (f"nope.xlsx: There is no file {tmp_path / 'nope.xlsx'}. "
                                                       "Check the name and the folder.")


def refused_write(run, path) -> list[str]:
    before = digest(path)
    result = run("pair", path)
    assert result.exit_code == 3
    assert digest(path) == before
    return result.stderr.splitlines()


def test_workbook_open_in_excel_is_not_overwritten(tmp_path, run):
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    (tmp_path / "~$event.xlsx").write_bytes(b"owner")
    assert refused_write(run, path) == ["event.xlsx: The workbook is open in Excel or LibreOffice (lock file "
                                        "~$event.xlsx). Close it there and run the command again, or write a copy "
                                        "with -o NEW.xlsx.", "Error: Nothing was written."]
    result = run("pair", path, "-o", tmp_path / "copy.xlsx")
    assert result.exit_code == 0


def test_workbook_open_in_libreoffice(tmp_path, run):
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    (tmp_path / ".~lock.event.xlsx#").write_text("user")
    assert "lock file .~lock.event.xlsx#" in refused_write(run, path)[0]


@pytest.mark.parametrize("command", ["check", "pair", "standings"])
def test_a_damaged_sheet_inside_a_good_zip(tmp_path, run, command):
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    damaged = tmp_path / "damaged.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(damaged, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet2.xml":
                data = data[: len(data) // 2]
            target.writestr(item, data)
    result = run(command, damaged)
    assert result.exit_code == 1
    printed = (result.stdout + result.stderr).splitlines()
    assert printed[0] == ("damaged.xlsx: The workbook is damaged: the part xl/worksheets/sheet2.xml is not "
                          "well-formed XML (line 1, column 401). Open it in Excel or LibreOffice, which may repair "
                          "it, and save it again; or use a copy you kept.")


def rewritten(path, tmp_path, change, name="changed.xlsx"):
    """A copy of the workbook's zip with `change(filename, data)` applied to each part (None drops it)."""
    target = tmp_path / name
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(target, "w") as out:
        for item in source.infolist():
            data = change(item.filename, source.read(item))
            if data is not None:
                out.writestr(item, data)
    return target


def test_a_sheet_listed_without_its_part(tmp_path, run):
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    broken = rewritten(path, tmp_path, lambda name, data: None if name == "xl/worksheets/sheet2.xml" else data)
    assert only_error(run, broken).startswith("changed.xlsx: The workbook is damaged")


def test_strict_open_xml_is_named(tmp_path, run):
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    strict = rewritten(path, tmp_path, lambda name, data: data.replace(
        b"http://schemas.openxmlformats.org/spreadsheetml/2006/main", b"http://purl.oclc.org/ooxml/spreadsheetml/main")
        if name == "xl/workbook.xml" else data)
    assert only_error(run, strict) == ("changed.xlsx: The workbook is saved as Strict Open XML, which sheetrunner does "
                                       "not read. Save it in Excel as Excel Workbook (.xlsx), not Strict Open XML "
                                       "Spreadsheet.")


def test_an_entity_bomb_in_any_part_is_refused(tmp_path, run):
    """The theme is a part no reader of values looks at; its entities must not reach the written copy either."""
    path = make_event(tmp_path / "event.xlsx", ["Alice", "Bob"])
    bomb = b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "bbbbbbbb"><!ENTITY c "&b;&b;&b;&b;">]><a>&c;</a>'
    theme = rewritten(path, tmp_path, lambda name, data: bomb if name == "xl/theme/theme1.xml" else data)
    assert "XML entity declarations" in only_error(run, theme)
    assert not (tmp_path / "changed-reports").exists()
