"""No file crashes sheetrunner (§7, issue 18): a damaged or hostile workbook gets one line naming what is damaged,
exit code 1, and stays byte for byte as it was; a value far from the data (even at XFD1048576) reads fine."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zipfile
from datetime import datetime
from pathlib import Path

import pytest
from builder import digest, make_event
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetrunner.workbook.xlsx import files

NAMES = [f"Player {i}" for i in range(1, 9)]
NO_BACKUPS = "Open it in Excel or LibreOffice, which may repair it, and save it again; or use a copy you kept."
BACKUPS = ("Use the newest backup in e-backups/ (the last by name), or open the workbook in Excel or LibreOffice, "
           "which may repair it, and save it again.")
SAFETY_NET = 120  # seconds: only so that a hang fails the test instead of stalling the run; not a timing check


# --- helpers ----------------------------------------------------------------------------------------------------


def paired_event(folder: Path) -> Path:
    """A real workbook as sheetrunner leaves it: built, then paired once (new sheets, the Log, a backup)."""
    path = make_event(folder / "e.xlsx", NAMES)
    done = subprocess.run([sys.executable, "-m", "sheetrunner", "pair", str(path), "--no-reports"],
                          capture_output=True, text=True, timeout=SAFETY_NET)
    assert done.returncode == 0, done.stderr
    return path


def rewritten(path: Path, target: Path, change) -> Path:
    """A copy of the workbook with `change(name, data)` applied to each part (None leaves the part out)."""
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for item in source.infolist():
            data = change(item.filename, source.read(item))
            if data is not None:
                out.writestr(item, data)
    return target


def with_cell(path: Path, target: Path, row_xml: str, sheet: str = "xl/worksheets/sheet2.xml") -> Path:
    """The workbook with one more row (holding a cell) at the end of a sheet (sheet2 is Players)."""
    return rewritten(path, target, lambda name, data: data.replace(b"</sheetData>", row_xml.encode() + b"</sheetData>")
                     if name == sheet else data)


def compressed_span(data: bytes, info: zipfile.ZipInfo) -> tuple[int, int]:
    """Where a member's compressed bytes are in the file."""
    name_length, extra_length = struct.unpack("<HH", data[info.header_offset + 26: info.header_offset + 30])
    start = info.header_offset + 30 + name_length + extra_length
    return start, start + info.compress_size


def explained(run, path: Path, command: str = "check") -> str:
    """Run a command that must refuse the file: exit 1, exactly one explanation, the file untouched."""
    before = digest(path)
    args = [command, path, "--no-reports"] if command == "pair" else [command, path]
    result = run(*args)
    assert result.exit_code == 1, result.output
    if command == "check":
        lines = result.stdout.splitlines()
        assert lines[1:] == ["1 error(s), 0 warning(s)."] and result.stderr == ""
    else:
        lines = result.stderr.splitlines()
        assert lines[1:] == ["Error: 1 problem(s) to fix; nothing was written."]
    assert digest(path) == before
    return lines[0]


def cli(*args: str) -> subprocess.CompletedProcess:
    """The command in its own process: an abort (exit 134) or a hang must not take the test run with it."""
    return subprocess.run([sys.executable, "-m", "sheetrunner", *args], capture_output=True, text=True,
                          timeout=SAFETY_NET, env={**os.environ, "RUST_BACKTRACE": "0"})


# --- cells far from A1 -------------------------------------------------------------------------------------------


FAR_CORNER = '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>stray</t></is></c></row>'


@pytest.mark.parametrize("players", [8, 600])
def test_a_value_at_the_far_corner_is_read_in_its_place(tmp_path, players):
    """A legal cell: read where it is (a small sheet in full; a big one with the stray kept at its place), in
    bounded memory (calamine would ask for 512 GB and abort)."""
    path = with_cell(make_event(tmp_path / "base.xlsx", [f"P{i}" for i in range(players)]), tmp_path / "e.xlsx",
                     FAR_CORNER)
    code = ("import sys; from pathlib import Path; from sheetrunner.workbook.xlsx.read import read_workbook; "
            "rows = read_workbook(Path(sys.argv[1])).sheets['Players'].rows; "
            "print(len(rows), rows[-1][0], len(rows[-1][1]), rows[-1][1][-1], rows[-2][0])")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=SAFETY_NET)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [str(players + 1), "1048576", "16384", "stray", str(players + 1)]


def test_a_value_at_the_far_corner_is_named_by_check_not_a_crash(tmp_path):
    path = with_cell(make_event(tmp_path / "base.xlsx", NAMES), tmp_path / "e.xlsx", FAR_CORNER)
    before = digest(path)
    done = cli("check", str(path))
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr and "memory" not in done.stderr
    assert "XFD1048576" in done.stdout  # validation sees the stray value, so it was read
    assert digest(path) == before


@pytest.mark.parametrize(("row", "named"), [
    ('<row r="99999999999"><c r="A99999999999" t="inlineStr"><is><t>x</t></is></c></row>', "a row 99999999999"),
    ('<row r="20"><c r="J2147483648" t="inlineStr"><is><t>x</t></is></c></row>', "a cell at J2147483648"),
    ('<row r="20"><c r="XFE20" t="inlineStr"><is><t>x</t></is></c></row>', "a cell at XFE20"),
    ('<row r="20"><c r="ZZZZZZZZZZZZ20"><v>1</v></c></row>', "a cell at ZZZZZZZZZZZZ20"),
    ('<row r="20"><c r="A0"><v>1</v></c></row>', "a cell at A0"),
])
@pytest.mark.parametrize("command", ["check", "pair", "standings"])
def test_a_place_beyond_excels_grid_is_damage(tmp_path, run, row, named, command):
    path = with_cell(make_event(tmp_path / "base.xlsx", NAMES), tmp_path / "e.xlsx", row)
    assert explained(run, path, command) == (
        f'e.xlsx: The workbook is damaged: the sheet "Players" (part xl/worksheets/sheet2.xml) has {named} outside '
        f"Excel's grid (A1:XFD1048576). {NO_BACKUPS}")


def test_beyond_the_grid_in_a_subprocess_neither_aborts_nor_hangs(tmp_path):
    path = with_cell(make_event(tmp_path / "base.xlsx", NAMES), tmp_path / "e.xlsx",
                     '<row r="2147483648"><c r="J2147483648"><v>1</v></c></row>')
    done = cli("pair", str(path), "--no-reports")
    assert done.returncode == 1 and done.stderr.count("\n") == 2 and "has a row 2147483648 outside" in done.stderr


# --- damaged bytes and XML ------------------------------------------------------------------------------------


def test_a_flipped_byte_in_every_compressed_part_is_named(tmp_path, run):
    path = paired_event(tmp_path)
    original = path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        infos = [info for info in archive.infolist() if info.compress_size > 4]
    assert len(infos) >= 12
    for info in infos:
        start, end = compressed_span(original, info)
        damaged = bytearray(original)
        damaged[(start + end) // 2] ^= 0x55
        path.write_bytes(bytes(damaged))
        line = explained(run, path, "pair")
        assert line.startswith(f"e.xlsx: The workbook is damaged: the part {info.filename} ")
        assert line.endswith(BACKUPS)
    path.write_bytes(original)
    assert run("check", path).exit_code == 0


def test_a_flipped_byte_message_in_full(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        start, end = compressed_span(bytes(data), archive.getinfo("xl/styles.xml"))
    data[start + 10] ^= 0xFF
    path.write_bytes(bytes(data))
    assert explained(run, path) == ("e.xlsx: The workbook is damaged: the part xl/styles.xml cannot be unpacked (its "
                                    f"compressed data is corrupt). {NO_BACKUPS}")


def xml_parts(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return [name for name in archive.namelist() if name.endswith((".xml", ".rels"))]


@pytest.mark.parametrize("how", ["truncated", "garbage"])
def test_malformed_xml_in_every_part_is_named_and_never_copied(tmp_path, run, how):
    """Even a part sheetrunner neither reads nor edits (the theme, docProps) is parsed before anything is written."""
    source = paired_event(tmp_path)
    parts = xml_parts(source)
    assert {"xl/theme/theme1.xml", "docProps/core.xml", "xl/styles.xml", "[Content_Types].xml"} <= set(parts)
    for part in parts:
        damage = (lambda data: data[: len(data) * 2 // 3]) if how == "truncated" else \
            (lambda data: data.replace(b">", b">< garbage", 2))
        path = rewritten(source, tmp_path / "damaged.xlsx", lambda name, data: damage(data) if name == part else data)
        line = explained(run, path, "pair")
        assert line.startswith(f"damaged.xlsx: The workbook is damaged: the part {part} is not well-formed XML (line ")


def test_malformed_xml_message_in_full(tmp_path, run):
    path = make_event(tmp_path / "base.xlsx", NAMES)
    damaged = rewritten(path, tmp_path / "e.xlsx", lambda name, data: data.replace(b"</sheetData>", b"<row></sheetData>")
                        if name == "xl/worksheets/sheet1.xml" else data)
    line = explained(run, damaged)
    assert line.startswith("e.xlsx: The workbook is damaged: the part xl/worksheets/sheet1.xml is not well-formed "
                           "XML (line ")
    assert line.endswith(f"). {NO_BACKUPS}")


def test_the_write_check_refuses_a_part_that_does_not_parse(tmp_path):
    """The last guard: a new file whose parts do not all parse is never put in place."""
    path = make_event(tmp_path / "e.xlsx", NAMES)
    good = path.read_bytes()
    bad = rewritten(path, tmp_path / "bad.xlsx", lambda name, data: data[:-5] if name == "docProps/app.xml" else data)
    files.check_zip(good, ["Event", "Players"])
    with pytest.raises(RuntimeError, match="docProps/app.xml is not well-formed XML"):
        files.check_zip(bad.read_bytes(), ["Event", "Players"])


# --- missing parts ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "pair"])
def test_no_content_types_is_damage(tmp_path, run, command):
    path = rewritten(make_event(tmp_path / "base.xlsx", NAMES), tmp_path / "e.xlsx",
                     lambda name, data: None if name == "[Content_Types].xml" else data)
    assert explained(run, path, command) == ("e.xlsx: The workbook is damaged: it has no part [Content_Types].xml, "
                                             f"which every workbook has. {NO_BACKUPS}")


def test_no_styles_part_gets_one_made(tmp_path, run):
    """A style part the workbook names but lacks (as some programs write) is made, with no second relationship."""
    path = rewritten(make_event(tmp_path / "base.xlsx", NAMES), tmp_path / "e.xlsx",
                     lambda name, data: None if name == "xl/styles.xml" else data)
    assert run("check", path).exit_code == 0
    assert run("pair", path, "--no-reports").exit_code == 0
    with zipfile.ZipFile(path) as archive:
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
        types = archive.read("[Content_Types].xml").decode()
        assert b"<cellXfs" in archive.read("xl/styles.xml")
    assert rels.count("relationships/styles") == 1 and types.count('PartName="/xl/styles.xml"') == 1
    assert run("check", path).exit_code == 0


def test_a_styles_part_not_linked_as_styles_is_damage(tmp_path, run):
    path = rewritten(make_event(tmp_path / "base.xlsx", NAMES), tmp_path / "e.xlsx", lambda name, data: data.replace(
        b"relationships/styles", b"relationships/stylez") if name == "xl/_rels/workbook.xml.rels" else data)
    assert explained(run, path, "pair") == ("e.xlsx: The workbook is damaged: its style part xl/styles.xml is not "
                                            f"linked from xl/_rels/workbook.xml.rels. {NO_BACKUPS}")


# --- zip features Excel never uses ------------------------------------------------------------------------------


def with_header_field(path: Path, member: str, offset_local: int, offset_central: int, value: int) -> None:
    """Set a 16-bit field of one member's local and central headers (flags at 6/8, method at 8/10)."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
    struct.pack_into("<H", data, info.header_offset + offset_local, value)
    position = data.find(b"PK\x01\x02")
    while position >= 0:
        name_length, extra_length, comment_length = struct.unpack("<HHH", data[position + 28: position + 34])
        if data[position + 46: position + 46 + name_length] == member.encode():
            struct.pack_into("<H", data, position + offset_central, value)
        position = data.find(b"PK\x01\x02", position + 46 + name_length + extra_length + comment_length)
    path.write_bytes(bytes(data))


def test_an_encrypted_member_is_named(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    with_header_field(path, "xl/styles.xml", 6, 8, 0x1)
    assert explained(run, path) == ("e.xlsx: The workbook's part xl/styles.xml is encrypted inside the zip, which "
                                    "Excel never does; sheetrunner cannot read it. Save the workbook again from "
                                    "Excel, without a zip password.")


@pytest.mark.parametrize(("method", "named"), [(9, "Deflate64"), (12, "bzip2"), (14, "LZMA"), (77, "method 77")])
def test_a_compression_method_excel_never_uses_is_named(tmp_path, run, method, named):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    with_header_field(path, "xl/worksheets/sheet2.xml", 8, 10, method)
    assert explained(run, path, "pair") == (
        f"e.xlsx: The workbook's part xl/worksheets/sheet2.xml is compressed with {named}, which Excel never uses; "
        "sheetrunner cannot read it. Save the workbook again from Excel or LibreOffice as an Excel Workbook (.xlsx).")


# --- the roster of init ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("content", "message"), [
    (bytes(range(256)) * 8, "The roster is not a text (CSV) file. Give --players a CSV file: one player per line, "
                            "or a Name column (File > Save As > CSV UTF-8 in Excel)."),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64), "The roster is not a text (CSV) file. Give --players a "
     "CSV file: one player per line, or a Name column (File > Save As > CSV UTF-8 in Excel)."),
    (b"PK\x03\x04" + bytes(64), "The roster is a workbook, not a CSV file. Save its list of players as CSV (File > "
                                "Save As > CSV UTF-8) and give that file to --players."),
])
def test_a_binary_roster_is_one_line(tmp_path, run, content, message):
    roster = tmp_path / "roster.bin"
    roster.write_bytes(content)
    result = run("init", tmp_path / "new.xlsx", "--ruleset", "swiss-tp", "--players", roster)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"roster.bin: {message}", "Error: 1 problem(s) to fix; nothing was written."]
    assert not (tmp_path / "new.xlsx").exists()


def test_a_roster_the_csv_module_cannot_split_is_one_line(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_bytes(b'Name\nAnn\rBen,"x\r\n')
    result = run("init", tmp_path / "new.xlsx", "--ruleset", "swiss-tp", "--players", roster)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("roster.csv, line 2: The roster cannot be read as CSV (new-line "
                                             "character seen in unquoted field). Save the roster as CSV (UTF-8) from "
                                             "Excel or LibreOffice.")


# --- backups and reports ------------------------------------------------------------------------------------------


def test_backups_made_in_the_same_second_sort_newest_last(tmp_path, monkeypatch):
    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2026, 5, 1, 12, 0, 0)

    path = tmp_path / "e.xlsx"
    monkeypatch.setattr(files, "datetime", Frozen)
    made = []
    for number in range(12):
        path.write_bytes(b"version %d" % number)
        made.append(files.make_backup(path).name)
    assert sorted(made) == made
    assert made[:3] == ["e.20260501-120000.xlsx", "e.20260501-120000_02.xlsx", "e.20260501-120000_03.xlsx"]
    assert sorted(p.read_bytes() for p in (tmp_path / "e-backups").iterdir())[0] == b"version 0"


def test_reports_are_moved_into_place_whole(tmp_path, run):
    """Reports are rendered aside and moved in: no temporary folder stays, a TO's own file in the folder stays."""
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path).exit_code == 0
    folder = tmp_path / "e-reports" / "round-1"
    (folder / "my notes.txt").write_text("mine")
    assert run("report", path).exit_code == 0
    assert (folder / "my notes.txt").read_text() == "mine" and (folder / ".sheetrunner-report.json").is_file()
    assert (folder / "index.html").is_file()
    assert [p.name for p in (tmp_path / "e-reports").iterdir()] == ["round-1"]


# --- fuzzing ----------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fuzz_source(tmp_path_factory) -> Path:
    return paired_event(tmp_path_factory.mktemp("fuzz"))


def mutate(source: bytes, kind: str, where: int, value: int, part_index: int) -> bytes:
    """One byte of the file flipped, or one XML part changed: cut short, or a stray `<` or `&` put in."""
    if kind == "flip":
        data = bytearray(source)
        data[where % len(data)] ^= value or 1
        return bytes(data)
    import io

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as archive, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        names = [i.filename for i in archive.infolist()]
        chosen = names[part_index % len(names)]
        for item in archive.infolist():
            data = archive.read(item)
            if item.filename == chosen:
                cut = where % (len(data) + 1)
                data = data[:cut] if kind == "cut" else data[:cut] + (b"<" if value % 2 else b"&") + data[cut:]
            target.writestr(item, data)
    return out.getvalue()


@pytest.mark.slow
@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["flip", "flip", "cut", "insert"]), where=st.integers(0, 10**6),
       value=st.integers(0, 255), part_index=st.integers(0, 40),
       command=st.sampled_from(["check", "pair", "standings"]))
def test_fuzz_damaged_files_never_crash(fuzz_source, tmp_path_factory, kind, where, value, part_index, command):
    folder = tmp_path_factory.mktemp("case")
    path = folder / "e.xlsx"
    path.write_bytes(mutate(fuzz_source.read_bytes(), kind, where, value, part_index))
    before = digest(path)
    args = [command, str(path)] + (["--no-reports", "-o", str(folder / "out.xlsx")] if command == "pair" else [])
    done = cli(*args)
    assert done.returncode in (0, 1), (done.returncode, done.stderr[-3000:])
    assert "Traceback" not in done.stderr and "Internal error" not in done.stderr
    assert digest(path) == before
    if done.returncode == 1 and command == "pair":
        assert not (folder / "out.xlsx").exists()
