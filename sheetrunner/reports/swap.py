"""Outputs put in place whole, as the workbook is (SPEC §7): a folder of reports (a round's, a season's) and the
files written beside the workbook (exports, the simulation page) are never seen half written, mixed with an
earlier set, or left behind as temporary files.

A folder is built aside, in `.NAME.sheetrunner-PID.tmp` beside it, and swapped in: the old folder renamed to
`.NAME.sheetrunner-PID.old`, the new one renamed in, the old one removed. Each rename is atomic on POSIX, so a
kill at any moment leaves the old set or the new one. The one window: between the two renames NAME is missing
while the old set waits, whole, under its hidden name; the next run that writes NAME (or its sibling) puts it back
before anything else (`clean_leftovers`), and removes every other leftover of a killed run. Files in the old folder
that sheetrunner did not write (its stamp lists what it did) are carried into the new one (hard links), never
lost; a folder holding other files and no stamp is not sheetrunner's to swap, and is refused.

A single file is written to `.NAME.sheetrunner-PID.tmp`, flushed to the disk and renamed over the old one.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..model.problems import EventError, Problem
from .stamp import made_from as stamped_from
from .stamp import sheetrunner_files, stale_printouts, write_stamp
from ..workbook.xlsx.files import TEMPORARY, _alive, _write_fully, real_path

OLD = ".{name}.sheetrunner-{pid}.old"
LEFTOVER = re.compile(r"(\d+)\.(tmp|old)")  # after ".NAME.sheetrunner-"


def write_file(path: Path, data: bytes) -> Path:
    """`data` put at `path` whole: a temporary file beside it, flushed to the disk, then one atomic rename (with
    the mode of the file it replaces). A kill or a full disk leaves the old file or the new one."""
    real = real_path(path)
    clean_leftovers(real)
    temporary = real.with_name(TEMPORARY.format(name=real.name, pid=os.getpid()))
    try:
        _write_fully(temporary, data, like=real if real.is_file() else None)
        os.replace(temporary, real)
    finally:
        temporary.unlink(missing_ok=True)
    return path


@contextmanager
def folder_swap(folder: Path, names: Iterable[str]) -> Iterator[Path]:
    """An empty folder beside `folder` to build the new set in (`names`: the files it will hold); swapped in
    whole when the block ends normally, removed when it raises. Raises OSError as the disk says."""
    folder = real_path(folder)
    clean_leftovers(folder)
    theirs = _files_of_others(folder, set(names))
    temporary = folder.with_name(TEMPORARY.format(name=folder.name, pid=os.getpid()))
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir(parents=True)
    try:
        yield temporary
        for name in theirs:
            _carry(folder / name, temporary / name)
        _sync(temporary)
        _swap_in(temporary, folder)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


def _files_of_others(folder: Path, names: set[str]) -> list[str]:
    """The entries of `folder` sheetrunner did not write (carried over); refused when it has no stamp."""
    if not folder.is_dir():
        return []
    ours, stamped = sheetrunner_files(folder, names)
    theirs = sorted(name for name in os.listdir(folder) if name not in ours)
    if theirs and not stamped:
        shown = ", ".join(theirs[:3]) + (f" and {len(theirs) - 3} more" if len(theirs) > 3 else "")
        raise EventError(Problem(folder.name, "", f"{folder} holds files sheetrunner did not write ({shown}); "
                                 "its reports are put in place as a whole folder, so they need one of their own.",
                                 "Choose a new or empty folder with --out, or move those files elsewhere."))
    return theirs


def _swap_in(temporary: Path, folder: Path) -> None:
    """The old folder aside, the new one in, the old one removed; put back if the new one cannot go in."""
    old = folder.with_name(OLD.format(name=folder.name, pid=os.getpid()))
    moved = folder.is_dir() and not folder.is_symlink()
    if moved:
        os.rename(folder, old)
    try:
        os.rename(temporary, folder)
    except OSError:
        if moved:
            os.rename(old, folder)
        raise
    _sync_folder(folder.parent)
    shutil.rmtree(old, ignore_errors=True)


def clean_leftovers(path: Path) -> list[Path]:
    """What killed runs left beside `path`: an old set waiting to be removed is put back when `path` is missing
    (a kill between the two renames of a swap), every other leftover removed. A live run's are left alone."""
    removed: list[Path] = []
    if not path.parent.is_dir():
        return removed
    prefix = f".{path.name}.sheetrunner-"
    for name in sorted(os.listdir(path.parent), key=lambda n: not n.endswith(".old")):  # the old set first
        found = LEFTOVER.fullmatch(name[len(prefix):]) if name.startswith(prefix) else None
        if found is None or (int(found.group(1)) != os.getpid()
                             and _alive((int(found.group(1)), socket.gethostname(), ""))):
            continue
        leftover = path.parent / name
        if found.group(2) == "old" and not os.path.lexists(path):
            os.rename(leftover, path)
            continue
        _remove(leftover)
        removed.append(leftover)
    return removed


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _carry(source: Path, target: Path) -> None:
    """A file of the TO's into the new folder: a hard link (no copy, same file), a copy where links are not
    allowed; a folder of theirs whole."""
    if source.is_dir() and not source.is_symlink():
        shutil.copytree(source, target, symlinks=True, copy_function=_link_or_copy)
    else:
        _link_or_copy(source, target)


def _link_or_copy(source: Path | str, target: Path | str) -> None:
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, target, follow_symlinks=False)


def _sync(folder: Path) -> None:
    """Every file of the new set on the disk before it is swapped in (a power cut leaves it whole too)."""
    for name in os.listdir(folder):
        path = folder / name
        if path.is_file() and not path.is_symlink():
            descriptor = os.open(path, os.O_RDONLY)
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not every system opens a folder
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


@dataclass
class WrittenSet:
    files: list[Path]
    unprinted: EventError | None = None  # why the PDFs could not be printed (the pages went in place)
    removed_pdfs: list[str] = field(default_factory=list)  # PDFs of the set replaced that this set has not


def write_reports(folder: Path, pages: dict[str, str], pdf: bool = False, kit: Iterable[str] = (),
                  progress: Callable[[int, int], None] = lambda done, total: None, **made_from: Any) -> WrittenSet:
    """A set of reports put in place whole: the `pages`, with `pdf` their PDFs and kit.pdf of the `kit` pages,
    and the stamp (`made_from`, the files). The PDFs of the set it replaces go with it when they may show other
    pairings (kept when the pages are made again from the same round without --pdf); when the PDFs cannot be printed, the pages go in place without any. OSError as the disk says
    (the old set is left as it was)."""
    from .printing import print_pdfs

    failed = None
    earlier = {n for n in sheetrunner_files(folder, pages)[0] if n.endswith(".pdf") and (folder / n).is_file()}
    stamp = made_from.get("made_from")
    current = earlier if not pdf and stamp is not None and stamped_from(folder) == stamp and \
        not stale_printouts(folder, stamp) else set()
    with folder_swap(folder, pages) as aside:
        for name, text in pages.items():
            (aside / name).write_text(text, encoding="utf-8")
        for name in sorted(current):  # the pages again from the same round: its PDFs still show it
            _carry(folder / name, aside / name)
        written = list(pages) + sorted(current)
        if pdf:
            try:
                printed = print_pdfs([aside / name for name in pages], [aside / f"{name}.html" for name in kit],
                                     progress)
                written += [path.name for path in printed]
            except EventError as error:
                failed = error
                for partial in aside.glob("*.pdf"):
                    partial.unlink()
        write_stamp(aside, written, **made_from)
    return WrittenSet([folder / name for name in written], failed, sorted(earlier - set(written)))
