"""Writing a package's zip with its unchanged parts copied as they are stored, compressed bytes and all.

Python's zipfile can only write what it compresses itself, so copying a part
would mean inflating and deflating it again: slow for a big sheet, heavy in
memory, and not the same bytes. This writes the zip format directly: a part
that did not change is copied from the old file byte for byte; a changed or
new one is deflated here. (A part stored with a method other than stored or
deflate is re-compressed instead.)
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from dataclasses import dataclass

LOCAL = struct.Struct("<4sHHHHHIIIHH")
CENTRAL = struct.Struct("<4sHHHHHHIIIHHHHHII")
END = struct.Struct("<4sHHHHIIH")
COPYABLE = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
UTF8_NAMES = 0x800


@dataclass
class Entry:
    name: bytes
    method: int
    dos_time: int
    dos_date: int
    crc: int
    packed: int
    size: int
    external: int
    flags: int
    offset: int = 0


def dos_stamp(date_time: tuple) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    return (hour << 11) | (minute << 5) | (second // 2), (max(year, 1980) - 1980) << 9 | (month << 5) | day


def stored_bytes(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """A member's data exactly as stored (compressed), read past its local header."""
    handle = archive.fp
    assert handle is not None  # the archive is open: its members are being copied
    handle.seek(info.header_offset)
    header = handle.read(LOCAL.size)
    name_length, extra_length = LOCAL.unpack(header)[-2:]
    handle.seek(info.header_offset + LOCAL.size + name_length + extra_length)
    return handle.read(info.compress_size)


def write_zip(members: list[tuple[str, zipfile.ZipInfo | None, bytes | None]], source: zipfile.ZipFile) -> bytes:
    """Members in order: (name, its old ZipInfo or None, new bytes or None to copy the old ones as stored)."""
    out = bytearray()
    entries = []
    for name, info, data in members:
        encoded = name.encode("utf-8")
        flags = UTF8_NAMES if not name.isascii() else 0
        when = dos_stamp(info.date_time if info else (1980, 1, 1, 0, 0, 0))
        external = info.external_attr if info else 0o600 << 16
        if data is None and info is not None and info.compress_type in COPYABLE and not info.flag_bits & 0x1:
            packed, method, crc, size = stored_bytes(source, info), info.compress_type, info.CRC, info.file_size
        else:
            if data is None:
                assert info is not None  # a new member comes with its bytes
                data = source.read(info)
            compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
            packed = compressor.compress(data) + compressor.flush()
            method, crc, size = zipfile.ZIP_DEFLATED, zlib.crc32(data), len(data)
        entry = Entry(encoded, method, when[0], when[1], crc, len(packed), size, external, flags, len(out))
        out += LOCAL.pack(b"PK\x03\x04", 20, flags, method, entry.dos_time, entry.dos_date, crc, entry.packed, size,
                          len(encoded), 0)
        out += encoded
        out += packed
        entries.append(entry)
    directory = len(out)
    for entry in entries:
        out += CENTRAL.pack(b"PK\x01\x02", 20, 20, entry.flags, entry.method, entry.dos_time, entry.dos_date,
                            entry.crc, entry.packed, entry.size, len(entry.name), 0, 0, 0, 0, entry.external,
                            entry.offset)
        out += entry.name
    out += END.pack(b"PK\x05\x06", 0, 0, len(entries), len(entries), len(out) - directory, directory, 0)
    return bytes(out)
