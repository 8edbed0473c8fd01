"""Mirrors `sheetrunner/workbook/xlsx/zipcopy.py`: a zip written with its unchanged members copied as they are stored,
compressed bytes and all; changed and new members deflated here; a member stored with a method other than stored
or deflate compressed again (§7: every other part stays byte-identical)."""

from __future__ import annotations

import io
import zipfile
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsx_parts import as_stored

from sheetrunner.workbook.xlsx.zipcopy import UTF8_NAMES, dos_stamp, stored_bytes, write_zip

WHEN = (2022, 11, 30, 23, 58, 44)


def source_zip(members: dict[str, tuple[bytes, int]]) -> bytes:
    """A zip made by Python's zipfile: each member's data and compression method, all stamped WHEN, mode 0o644."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, (data, method) in members.items():
            info = zipfile.ZipInfo(name, WHEN)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def contents(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None  # every member's checksum holds
        return {info.filename: archive.read(info) for info in archive.infolist()}


SHEET = b"<worksheet>" + b"<row><c><v>1</v></c></row>" * 400 + b"</worksheet>"
PICTURE = bytes(range(256)) * 3


@pytest.mark.parametrize("date_time, stamp", [
    ((2024, 5, 17, 13, 45, 30), (13 << 11 | 45 << 5 | 15, 44 << 9 | 5 << 5 | 17)),
    ((1980, 1, 1, 0, 0, 0), (0, 1 << 5 | 1)),
    ((1970, 1, 1, 0, 0, 0), (0, 1 << 5 | 1)),  # before DOS time began: its first day
    ((2022, 11, 30, 23, 58, 59), (23 << 11 | 58 << 5 | 29, 42 << 9 | 11 << 5 | 30)),  # two-second steps
])
def test_dos_stamp(date_time, stamp):
    assert dos_stamp(date_time) == stamp


def test_stored_bytes_are_the_compressed_bytes_as_the_file_holds_them():
    data = source_zip({"xl/worksheets/sheet1.xml": (SHEET, zipfile.ZIP_DEFLATED)})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        packed = stored_bytes(archive, archive.getinfo("xl/worksheets/sheet1.xml"))
    assert packed == as_stored(data)["xl/worksheets/sheet1.xml"][0]
    assert zlib.decompress(packed, -15) == SHEET


def test_members_copied_are_byte_for_byte_what_was_stored():
    data = source_zip({"[Content_Types].xml": (b"<Types/>", zipfile.ZIP_DEFLATED),
                       "xl/worksheets/sheet1.xml": (SHEET, zipfile.ZIP_DEFLATED),
                       "xl/media/image1.png": (PICTURE, zipfile.ZIP_STORED)})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        written = write_zip([(info.filename, info, None) for info in archive.infolist()], archive)
    assert as_stored(written) == as_stored(data)
    assert as_stored(written)["xl/media/image1.png"][1] == zipfile.ZIP_STORED
    assert contents(written) == {"[Content_Types].xml": b"<Types/>", "xl/worksheets/sheet1.xml": SHEET,
                                 "xl/media/image1.png": PICTURE}


def test_a_changed_member_is_deflated_and_keeps_its_time_and_mode():
    data = source_zip({"a.xml": (b"<old/>", zipfile.ZIP_STORED), "b.xml": (SHEET, zipfile.ZIP_DEFLATED)})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        written = write_zip([("a.xml", archive.getinfo("a.xml"), b"<new/>"), ("b.xml", archive.getinfo("b.xml"),
                                                                              None)], archive)
    stored = as_stored(written)
    packed, method, crc, size, when, mode, _ = stored["a.xml"]
    assert (method, crc, size, when, mode) == (zipfile.ZIP_DEFLATED, zlib.crc32(b"<new/>"), 6, WHEN, 0o644 << 16)
    assert zlib.decompress(packed, -15) == b"<new/>"
    assert stored["b.xml"] == as_stored(data)["b.xml"]
    assert contents(written) == {"a.xml": b"<new/>", "b.xml": SHEET}


def test_a_new_member_is_deflated_stamped_1980_and_private():
    data = source_zip({"a.xml": (b"<a/>", zipfile.ZIP_DEFLATED)})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        written = write_zip([("a.xml", archive.getinfo("a.xml"), None), ("xl/new.xml", None, b"<n/>")], archive)
    _, method, crc, size, when, mode, flags = as_stored(written)["xl/new.xml"]
    assert (method, crc, size, when, mode, flags) == (zipfile.ZIP_DEFLATED, zlib.crc32(b"<n/>"), 4,
                                                      (1980, 1, 1, 0, 0, 0), 0o600 << 16, 0)
    assert list(contents(written)) == ["a.xml", "xl/new.xml"]  # in the order given


def test_a_member_stored_with_another_method_is_compressed_again():
    data = source_zip({"xl/worksheets/sheet1.xml": (SHEET, zipfile.ZIP_BZIP2)})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        written = write_zip([("xl/worksheets/sheet1.xml", archive.getinfo("xl/worksheets/sheet1.xml"), None)],
                            archive)
    _, method, crc, size, when, _, _ = as_stored(written)["xl/worksheets/sheet1.xml"]
    assert (method, crc, size, when) == (zipfile.ZIP_DEFLATED, zlib.crc32(SHEET), len(SHEET), WHEN)
    assert contents(written) == {"xl/worksheets/sheet1.xml": SHEET}


def test_a_name_beyond_ascii_is_marked_utf8():
    data = source_zip({"a.xml": (b"<a/>", zipfile.ZIP_DEFLATED)})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        written = write_zip([("a.xml", archive.getinfo("a.xml"), None), ("xl/média/Ünï.png", None, b"x")], archive)
    stored = as_stored(written)
    assert stored["xl/média/Ünï.png"][6] & UTF8_NAMES
    assert not stored["a.xml"][6] & UTF8_NAMES
    assert contents(written)["xl/média/Ünï.png"] == b"x"


NAMES = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x17F, exclude_characters="/\\"), min_size=1,
                max_size=12)


@settings(deadline=None, max_examples=60)
@given(members=st.dictionaries(NAMES, st.binary(max_size=3000), min_size=1, max_size=6))
def test_any_members_written_read_back_and_a_copy_of_the_copy_is_the_same_file(members):
    empty = zipfile.ZipFile(io.BytesIO(source_zip({})))
    written = write_zip([(name, None, data) for name, data in members.items()], empty)
    assert contents(written) == members
    with zipfile.ZipFile(io.BytesIO(written)) as archive:
        copied = write_zip([(info.filename, info, None) for info in archive.infolist()], archive)
    assert copied == written
