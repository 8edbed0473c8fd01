"""Putting a workbook on disk so that nothing is ever lost.

Every write: an advisory lock beside the workbook (a second sheetrunner
refuses at the start), the new file written to a temporary file in the same
folder and read back to check it, the old file copied to `NAME-backups/`, and
one atomic replace. A failure at any point (disk full, no permission, the
folder gone, a kill) leaves the original or the complete new file; a
temporary file left by a killed run is removed by the next one. The workbook
is refused when it changed on disk while sheetrunner worked (the TO saved it
in Excel meanwhile), when Excel or LibreOffice holds it open, or when it is
read-only. A symlink is followed: the file it points to is replaced, and
keeps its mode and owner.
"""

from __future__ import annotations

import errno
import hashlib
import os
import socket
import stat
import time
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterator

from ...model.problems import Problem, WriteRefused
from .package import Package
from .safety import office_lock

TEMPORARY = ".{name}.sheetrunner-{pid}.tmp"
LOCK = ".{name}.sheetrunner-lock"


def refusal(path: Path, message: str, hint: str) -> WriteRefused:
    """A write sheetrunner will not make: nothing was written."""
    return WriteRefused(Problem(path.name, "", message, hint))


@contextmanager
def workbook_lock(path: Path, command: str) -> Iterator[list[Path]]:
    """Hold the advisory lock beside `path` while writing it; a second command refuses at once. Yields the
    temporary files of killed runs it removed, to be named."""
    real = real_path(path)
    lock = real.with_name(LOCK.format(name=real.name))
    owner = f"{os.getpid()}\n{socket.gethostname()}\n{command}\n{time.time():.0f}\n".encode()
    for _ in range(2):
        try:
            if _create_lock(lock, owner, real.with_name(TEMPORARY.format(name=real.name, pid=os.getpid()))):
                break
        except OSError as error:
            raise os_refusal(path, error) from None
        holder = _lock_owner(lock)
        if holder is not None and _alive(holder):
            raise refusal(path, f"Another sheetrunner command ({holder[2]}, process {holder[0]}) is writing this "
                          "workbook.", "Wait for it to finish, then run the command again.") from None
        lock.unlink(missing_ok=True)  # left by a killed run
    else:
        raise refusal(path, "The workbook's lock cannot be taken.", f"Delete {lock.name} if no sheetrunner runs.")
    try:
        yield clean_leftovers(real)
    finally:
        lock.unlink(missing_ok=True)


def _create_lock(lock: Path, owner: bytes, temporary: Path) -> bool:
    """Take the lock, or False when it is held. The lock appears with its owner already written (a hard link to
    a finished temporary file), so a second command never reads it empty and takes a live lock for a dead one;
    where the folder allows no hard links, it is created exclusively and then written. `temporary` is named as
    this run's temporary workbook, so a kill in between leaves nothing the next run does not clean."""
    try:
        temporary.write_bytes(owner)
        os.link(temporary, lock)
        return True
    except FileExistsError:
        return False
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK, errno.ENOSYS):
            raise  # a full disk, a read-only folder: refused by the caller
    finally:
        temporary.unlink(missing_ok=True)
    try:  # no hard links here (some network or FAT folders)
        descriptor = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    try:
        os.write(descriptor, owner)
    except OSError:
        lock.unlink(missing_ok=True)
        raise
    finally:
        os.close(descriptor)
    return True


def _lock_owner(lock: Path) -> tuple[int, str, str] | None:
    try:
        pid, host, command, *_ = lock.read_text(encoding="utf-8").splitlines() + ["", "", ""]
        return (int(pid), host, command or "a command") if host == socket.gethostname() else (0, host, command)
    except (OSError, ValueError):
        return None


def _alive(owner: tuple[int, str, str]) -> bool:
    pid, host, _ = owner
    if host != socket.gethostname():
        return True  # another machine's lock on a shared folder: respect it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_leftovers(path: Path) -> list[Path]:
    """Temporary files left by a run that was killed: beside the workbook (its process is gone), and a backup
    half written in NAME-backups/. Backups are written only under the workbook's lock, which the caller holds, so
    any temporary backup there is a killed run's; left, it would block the next backup made in the same second."""
    removed = []
    for leftover in path.parent.glob(TEMPORARY.format(name=path.name, pid="*")):
        try:
            pid = int(leftover.name.rsplit("-", 1)[1].split(".")[0])
        except (IndexError, ValueError):
            continue
        if not _alive((pid, socket.gethostname(), "")):
            leftover.unlink(missing_ok=True)
            removed.append(leftover)
    for leftover in backups_folder(path).glob(f".{path.stem}.*{path.suffix}.tmp"):
        leftover.unlink(missing_ok=True)
        removed.append(leftover)
    return removed


def real_path(path: Path) -> Path:
    """The file a path names, through symlinks (the link stays a link)."""
    return Path(os.path.realpath(path))


def check_target(path: Path, in_place: bool) -> None:
    """Refuse, before any work, a target that cannot take a workbook."""
    real = real_path(path)
    if not real.parent.is_dir():
        raise refusal(path, f"The folder {real.parent} does not exist.", "Create it, or choose another place.")
    if is_device(path, real):
        raise refusal(path, f"{path} is a device or a pipe, not a workbook file: sheetrunner cannot write a workbook "
                      "to it.", "Choose a file name ending in .xlsx.")
    if real.exists() and not real.is_file():
        what = "a folder" if real.is_dir() else "a device or a pipe"
        raise refusal(path, f"{path} is {what}, not a workbook file.", "Choose a file name ending in .xlsx.")
    made = (".xlsx",) if in_place else (".xlsx", ".xlsm")  # a new file is plain; a copy may keep its macros
    if (not in_place or not real.exists()) and path.suffix.lower() not in made:
        raise refusal(path, f"sheetrunner writes an Excel workbook, so it cannot name it {path.name}: a spreadsheet "
                      "would refuse to open it.", f"Name it {path.stem}.xlsx.")
    if real.exists() and (not os.access(real, os.W_OK) or not stat.S_IMODE(real.stat().st_mode) & 0o222):
        raise refusal(path, "The workbook is read-only.", "Make it writable, or write a copy with -o NEW.xlsx.")
    lock = office_lock(real) if real.exists() else None
    if lock is not None:
        where = "The workbook" if in_place else "The output file"
        raise refusal(path, f"{where} is open in Excel or LibreOffice (lock file {lock.name}).",
                      "Close it there and run the command again, or write a copy with -o NEW.xlsx.")


def is_device(path: Path, real: Path) -> bool:
    """`-o /dev/stdout` and the like: a name in /dev or /proc, or one whose link leads to a pipe (a pipe's
    /proc/self/fd link resolves to a name that does not exist, which once read as a folder gone). A workbook is
    saved by replacing a file, which a device or a stream cannot be."""
    named = str(path.absolute())
    if named.startswith(("/dev/", "/proc/")) or str(real).startswith("/proc/"):
        return True
    return path.exists() and not path.is_file() and not path.is_dir()


def save(data: bytes, target: Path, expected_digest: str | None = None, verify: Callable[[bytes], None] | None = None,
         keep_backup: bool = True, new_only: bool = False) -> Path | None:
    """Write `data` to `target` safely; returns the backup made of the file it replaced, if any.

    `expected_digest`: the digest of the file as it was read; if it changed since, the write is refused.
    `new_only`: the target must not exist (init never overwrites), checked atomically.
    """
    real = real_path(target)
    temporary = real.with_name(TEMPORARY.format(name=real.name, pid=os.getpid()))
    try:
        _write_fully(temporary, data, like=real if real.exists() else None)
        if verify is not None:
            verify(temporary.read_bytes())
        if new_only:
            try:
                os.link(temporary, real)
            except FileExistsError:
                raise refusal(target, f"{target} already exists; init never overwrites a workbook.",
                              "Choose a new file name, or delete the old file first.") from None
            return None
        if expected_digest is not None and _digest(real) != expected_digest:
            raise refusal(target, "The workbook changed on disk while sheetrunner was working (saved in another "
                          "program?), so nothing was written.", "Run the command again; it reads the workbook anew.")
        backup = make_backup(real) if keep_backup and real.exists() else None
        os.replace(temporary, real)
        return backup
    except OSError as error:
        raise os_refusal(target, error) from None
    finally:
        temporary.unlink(missing_ok=True)


def _write_fully(path: Path, data: bytes, like: Path | None) -> None:
    """Write and flush to the disk, with the mode and owner of the file it will replace."""
    descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(descriptor, view)
            view = view[written:]
        os.fsync(descriptor)
        if like is not None:
            info = like.stat()
            os.fchmod(descriptor, stat.S_IMODE(info.st_mode))
            try:
                os.fchown(descriptor, info.st_uid, info.st_gid)
            except (PermissionError, AttributeError):
                pass  # only the owner's group, or root, may keep another owner
    finally:
        os.close(descriptor)


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def backups_folder(path: Path) -> Path:
    return path.with_name(f"{path.stem}-backups")


def backup_path(output: Path, backup: Path) -> str:
    """The backup relative to the workbook's folder (`spring-backups/spring.20261125-101500.xlsx`), or in full
    when it lies elsewhere (a symlinked workbook is backed up beside the file it points to)."""
    try:
        return str(backup.relative_to(output.absolute().parent.resolve()))
    except ValueError:
        return str(backup)


def make_backup(path: Path) -> Path:
    """A copy of the file about to be replaced, in NAME-backups/ beside it; written to a temporary name first, so
    a backup is never left half written. Names sort oldest first: NAME.YYYYMMDD-HHMMSS.xlsx, then _02, _03 … for
    more in the same second ("_" sorts after the ".")."""
    folder = backups_folder(path)
    folder.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    backup = folder / f"{path.stem}.{stamp}{path.suffix}"
    counter = 1
    while backup.exists():
        counter += 1
        backup = folder / f"{path.stem}.{stamp}_{counter:02d}{path.suffix}"
    temporary = folder / f".{backup.name}.tmp"
    try:
        _write_fully(temporary, path.read_bytes(), like=path)
        os.replace(temporary, backup)
    finally:
        temporary.unlink(missing_ok=True)
    return backup


def os_refusal(path: Path, error: OSError) -> WriteRefused:
    """One sentence for what the disk said; nothing was written."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return refusal(path, "The disk is full, so the workbook was not written (it is as it was).",
                       "Free some space and run the command again.")
    if isinstance(error, PermissionError) or error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return refusal(path, "The workbook cannot be written here (permission denied, or a read-only folder or "
                       "disk).", "Check the folder's permissions, or write a copy elsewhere with -o NEW.xlsx.")
    if isinstance(error, FileNotFoundError):
        return refusal(path, "The workbook's folder is gone.", "Check where the workbook is, and run the command "
                       "again.")
    return refusal(path, f"The workbook cannot be written: {error.strerror or error}.", "Nothing was written.")


def check_zip(data: bytes, sheet_titles: list[str], parsed: dict[str, int] | None = None) -> None:
    """The written package passes every check a read makes (each part unpacks with its checksum, each XML part
    parses: a file whose parts do not all parse is never written, §7), and lists the sheets it should. `parsed`:
    the parts copied as they were read, by checksum, which parsed then (`read_parts`)."""
    from ...model.problems import EventError
    from .safety import check_workbook_bytes, read_parts

    where = Path("written.xlsx")
    try:
        archive = check_workbook_bytes(where, data)
        titles = [entry.title for entry in Package(archive, where, read_parts(where, archive, parsed)).sheets]
    except EventError as error:
        raise RuntimeError(f"the written workbook does not read back: {error.problems[0].message}") from None
    if titles != sheet_titles:
        raise RuntimeError(f"the written workbook lists {titles}, expected {sheet_titles}")
