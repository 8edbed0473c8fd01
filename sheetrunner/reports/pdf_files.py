"""The PDFs Chromium printed, made fit to hand out: one file of a round's kit, and links between the pages
that name the pages alone rather than the folder they were printed in (pypdf, loaded only when printing)."""

from __future__ import annotations

import io
from pathlib import Path


def combine(pdfs: list[Path], target: Path) -> Path:
    """One PDF of several, in order, each keeping its own page headers and numbers (written in one piece)."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(str(pdf))
    buffer = io.BytesIO()
    writer.write(buffer)
    target.write_bytes(buffer.getvalue())
    return target


def relative_links(pdf: bytes, folder: Path) -> bytes:
    """Links between the pages (index.pdf's) by their names alone: Chromium writes each as a file:// URI of the
    folder it printed in, which is the set's temporary folder (and names the TO's own folders)."""
    base = folder.resolve().as_uri() + "/"
    if base.encode() not in pdf:
        return pdf
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    for page in writer.pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            action = action.get_object() if action is not None else {}
            if str(action.get("/URI", "")).startswith(base):
                action[NameObject("/URI")] = TextStringObject(str(action["/URI"])[len(base):])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
