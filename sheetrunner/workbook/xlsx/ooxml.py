"""The names and small helpers of the Office Open XML a workbook is made of: namespaces, qualified tags, a parser
that never expands entities or fetches anything, and relationship targets as part names."""

from __future__ import annotations

import posixpath
import pyexpat

from lxml import etree

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT = "http://schemas.openxmlformats.org/package/2006/content-types"
APP = "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"
VT = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
WORKSHEET_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
WORKSHEET_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_blank_text=False)
CONTENT_TYPES = "[Content_Types].xml"


def q(namespace: str, tag: str) -> str:
    return f"{{{namespace}}}{tag}"


def parse_xml(data: bytes) -> etree._Element:
    return etree.fromstring(data, PARSER)


def serialize(root: etree._Element) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def resolve(base: str, target: str) -> str:
    """A relationship target as a part name: absolute ("/xl/x.xml") or relative to `base`."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(base, target))


class _Root(Exception):
    """Raised at a part's first tag: its root is all `root_of` reads."""


def root_of(data: bytes) -> str:
    """A part's root element as "{namespace}name", read from its first tag only (a million-row sheet costs no
    more than an empty one); "" when expat cannot read it (an encoding only lxml knows: not judged)."""
    parser = pyexpat.ParserCreate(namespace_separator="}")
    found: list[str] = []

    def start(name: str, _attributes) -> None:
        found.append("{" + name if "}" in name else name)
        raise _Root

    parser.StartElementHandler = start
    try:
        parser.Parse(data, True)
    except (_Root, pyexpat.ExpatError, LookupError):
        pass
    return found[0] if found else ""
