"""Faults never lose a round (§7): a full disk, no permission, a kill, a second process, the TO saving meanwhile,
symlinks, modes and odd targets each leave the original bytes or the complete new file, and say so in one line."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import openpyxl
import pytest
from builder import digest, make_event

from sheetrunner.workbook.xlsx import files

pytestmark = pytest.mark.slow  # whole events and faults: CI runs them; `-m "not slow"` leaves them out

NAMES = [f"Player {i}" for i in range(1, 9)]


def sheet_names(path: Path) -> list[str]:
    return openpyxl.load_workbook(path, read_only=True).sheetnames


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if ".tmp" in p.name or "sheetrunner-lock" in p.name)


def refused(result, line: str) -> None:
    assert result.exit_code == 3, result.output
    assert result.stderr.splitlines() == [line, "Error: Nothing was written."]


# --- a full disk -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("room", [0, 1, 500, 4_000, 9_000, 14_000, 20_000, 40_000])
def test_disk_full_at_any_point_leaves_the_workbook_as_it_was(tmp_path, run, monkeypatch, room):
    """Simulated: writes fail with ENOSPC once `room` bytes are used, wherever that falls (the new file, or the
    backup of the old one)."""
    path = make_event(tmp_path / "e.xlsx", NAMES)
    before = digest(path)
    used = [0]
    write = os.write

    def filling(descriptor, data):
        if used[0] + len(data) > room:
            raise OSError(errno.ENOSPC, "No space left on device")
        used[0] += len(data)
        return write(descriptor, data)

    monkeypatch.setattr(files.os, "write", filling)
    result = run("pair", path, "--no-reports")
    monkeypatch.undo()
    if result.exit_code == 0:  # enough room after all: the complete new file
        assert run("check", path).exit_code == 0
    else:
        refused(result, "e.xlsx: The disk is full, so the workbook was not written (it is as it was). Free some "
                        "space and run the command again.")
        assert digest(path) == before
    assert leftovers(tmp_path) == []


def tmpfs(folder: Path, size: str) -> bool:
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True)
    return done.returncode == 0


def test_a_real_full_disk(tmp_path, run):
    """A 128 KB tmpfs filled to 24 levels around what a pair needs (skipped where mounting is not allowed)."""
    disk = tmp_path / "disk"
    if not tmpfs(disk, "128k"):
        pytest.skip("mounting a tmpfs is not allowed here; the simulated test covers the same paths")
    try:
        source = make_event(tmp_path / "source.xlsx", NAMES)
        outcomes = set()
        for level in range(24):
            for item in disk.iterdir():
                subprocess.run(["rm", "-rf", str(item)], check=True)
            path = disk / "e.xlsx"
            path.write_bytes(source.read_bytes())
            free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
            filler = max(0, free - level * 1536)
            try:
                (disk / "filler").write_bytes(b"\0" * filler)
            except OSError:
                pass
            result = run("pair", path, "--no-reports")
            assert result.exception is None or isinstance(result.exception, SystemExit)
            if result.exit_code == 0:
                outcomes.add("written")
                (disk / "filler").unlink(missing_ok=True)
                assert run("check", path).exit_code == 0
            else:
                outcomes.add("refused")
                refused(result, "e.xlsx: The disk is full, so the workbook was not written (it is as it was). Free "
                                "some space and run the command again.")
                assert path.read_bytes() == source.read_bytes()
            assert leftovers(disk) == []
        assert outcomes == {"written", "refused"}
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


# --- permissions, folders, odd targets -----------------------------------------------------------------------


def test_a_read_only_workbook_is_refused(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    path.chmod(0o444)
    before = digest(path)
    refused(run("pair", path), "e.xlsx: The workbook is read-only. Make it writable, or write a copy with -o NEW.xlsx.")
    assert digest(path) == before and leftovers(tmp_path) == []


def test_a_read_only_folder_is_refused(tmp_path, run, monkeypatch):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    before = digest(path)
    real_open = os.open

    def no_new_files(name, flags, *rest):  # what a read-only folder does (root ignores the mode bits)
        if flags & os.O_CREAT and Path(name).parent == tmp_path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(name, flags, *rest)

    monkeypatch.setattr(files.os, "open", no_new_files)
    result = run("pair", path, "--no-reports")
    monkeypatch.undo()
    refused(result, "e.xlsx: The workbook cannot be written here (permission denied, or a read-only folder or disk). "
                    "Check the folder's permissions, or write a copy elsewhere with -o NEW.xlsx.")
    assert digest(path) == before and leftovers(tmp_path) == []


@pytest.mark.parametrize("target, line", [
    ("missing/copy.xlsx", "copy.xlsx: The folder {folder}/missing does not exist. Create it, or choose another place."),
    ("a-folder", "a-folder: {folder}/a-folder is a folder, not a workbook file. Choose a file name ending in .xlsx."),
    ("/dev/full", "full: /dev/full is a device or a pipe, not a workbook file: sheetrunner cannot write a workbook "
                  "to it. Choose a file name ending in .xlsx."),
    ("fifo", "fifo: {folder}/fifo is a device or a pipe, not a workbook file: sheetrunner cannot write a workbook to "
             "it. Choose a file name ending in .xlsx."),
])
def test_odd_output_targets(tmp_path, run, target, line):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    (tmp_path / "a-folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    before = digest(path)
    output = target if target.startswith("/") else str(tmp_path / target)
    for command in (["pair", path, "-o", output], ["standings", path, "-o", output]):
        result = run(*command)
        refused(result, line.format(folder=tmp_path))
    assert digest(path) == before and not (tmp_path / "e-backups").exists()


def test_init_into_a_missing_folder(tmp_path, run):
    result = run("init", tmp_path / "nowhere" / "e.xlsx", "-r", "swiss-tp")
    refused(result, f"e.xlsx: The folder {tmp_path}/nowhere does not exist. Create it, or choose another place.")


def test_a_symlinked_workbook_is_updated_through_the_link_and_keeps_its_mode(tmp_path, run):
    real = make_event(tmp_path / "real.xlsx", NAMES)
    real.chmod(0o600)
    link = tmp_path / "event.xlsx"
    link.symlink_to(real)
    assert run("pair", link, "--no-reports").exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert run("check", link).exit_code == 0
    assert sheet_names(real) == ["Event", "Players", "Round 1", "Log"]


def test_an_existing_output_file_is_backed_up_first(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    copy = tmp_path / "copy.xlsx"
    copy.write_bytes(path.read_bytes())
    old = digest(copy)
    assert run("pair", path, "-o", copy, "--no-reports").exit_code == 0
    backups = [b for b in (tmp_path / "copy-backups").iterdir() if b.is_file()]
    assert [digest(b) for b in backups] == [old]


# --- the TO and other processes ------------------------------------------------------------------------------


def test_the_to_saving_the_workbook_during_pair_keeps_their_edit(tmp_path, run, monkeypatch):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    theirs = make_event(tmp_path / "theirs.xlsx", NAMES + ["Walk In"]).read_bytes()
    write = files._write_fully

    def and_excel_saves_meanwhile(target, data, like):
        write(target, data, like)
        if like == path:
            path.write_bytes(theirs)

    monkeypatch.setattr(files, "_write_fully", and_excel_saves_meanwhile)
    result = run("pair", path, "--no-reports")
    monkeypatch.undo()
    refused(result, "e.xlsx: The workbook changed on disk while sheetrunner was working (saved in another "
                    "program?), so nothing was written. Run the command again; it reads the workbook anew.")
    assert path.read_bytes() == theirs and leftovers(tmp_path) == []


def test_a_second_command_refuses_at_the_start(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    with files.workbook_lock(path, "pair"):
        before = digest(path)
        for command in (["pair", path], ["standings", path], ["pair", path, "--redo"]):
            result = run(*command)
            assert result.exit_code == 3
            assert result.stderr.splitlines()[0] == (f"e.xlsx: Another sheetrunner command (pair, process "
                                                     f"{os.getpid()}) is writing this workbook. Wait for it to finish, "
                                                     "then run the command again.")
        assert digest(path) == before
    assert run("pair", path, "--no-reports").exit_code == 0  # the lock is gone with its holder


def big_event(tmp_path: Path, players: int = 1500) -> Path:
    return make_event(tmp_path / "e.xlsx", [f"Player {i}" for i in range(1, players + 1)], seed=3)


def sheetrunner(*args) -> subprocess.Popen:
    """A command in its own process (its printed tables are not needed: only its messages)."""
    return subprocess.Popen([sys.executable, "-m", "sheetrunner", *map(str, args)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)


def another_command(path: Path, command: str, pid: int) -> list[str]:
    return [f"{path.name}: Another sheetrunner command ({command}, process {pid}) is writing this workbook. Wait "
            "for it to finish, then run the command again.", "Error: Nothing was written."]


def test_two_pair_runs_started_together_write_one_round(tmp_path):
    """Whichever starts first writes Round 1; the other is refused at the start (3), or, if the first was done
    already, finds Round 1 without results (1). Either order, either timing."""
    path = big_event(tmp_path)
    first, second = sheetrunner("pair", path, "--no-reports"), sheetrunner("pair", path, "--no-reports")
    results = {process.pid: (process.wait(timeout=120), process.communicate()[1].splitlines())
               for process in (first, second)}
    (winner, (code, errors)), (_, loser) = sorted(results.items(), key=lambda item: item[1][0])
    assert (code, errors) == (0, [])
    assert loser in [(3, another_command(path, "pair", winner)),
                     (1, ["Round 1: Round 1 has no results yet; to pair it again use `pair --redo`. To pair the "
                          "next round, type its results first.", "Error: Nothing was written."])], loser
    log = subprocess.run([sys.executable, "-c", f"import pandas; f = pandas.read_excel({str(path)!r}, sheet_name=None,"
                          " engine='calamine'); print(list(f)); print(len(f['Log']))"], capture_output=True, text=True)
    assert log.stdout.splitlines() == ["['Event', 'Players', 'Round 1', 'Log']", "1"]


def test_standings_started_during_pair_never_loses_the_round(tmp_path):
    """`standings` starts once `pair` holds the workbook's lock (or has finished): it is refused at the start,
    or (pair done) prints the standings after round 0 and writes nothing. Synchronised on the lock file, not on
    time, so a slow or a fast machine gives one of these two outcomes."""
    path = big_event(tmp_path)
    lock = tmp_path / ".e.xlsx.sheetrunner-lock"
    pairing = sheetrunner("pair", path, "--no-reports")
    while not lock.exists() and pairing.poll() is None:
        time.sleep(0.01)
    standings = sheetrunner("standings", path)
    assert (pairing.wait(timeout=120), pairing.communicate()[1]) == (0, "")
    refused_or_done = (standings.wait(timeout=120), standings.communicate()[1].splitlines())
    assert refused_or_done in [(3, another_command(path, "pair", pairing.pid)), (0, [])], refused_or_done
    assert sheet_names(path) == ["Event", "Players", "Round 1", "Log"]
    assert subprocess.run([sys.executable, "-m", "sheetrunner", "check", str(path)], capture_output=True,
                          text=True).returncode == 0


def test_a_kill_at_any_moment_leaves_the_original_or_the_whole_new_file(tmp_path):
    source = big_event(tmp_path)
    original = source.read_bytes()
    started = time.monotonic()
    timing = sheetrunner("pair", source, "-o", tmp_path / "timing.xlsx", "--no-reports")
    assert timing.wait(timeout=120) == 0
    timing.communicate()
    duration = time.monotonic() - started
    outcomes = []
    for step in range(12):
        path = tmp_path / "e.xlsx"
        path.write_bytes(original)  # each step starts anew: what the last step wrote is forgotten too
        shutil.rmtree(tmp_path / "e-backups", ignore_errors=True)
        process = sheetrunner("pair", path, "--no-reports")
        time.sleep(duration * step / 10)
        process.send_signal(signal.SIGKILL)
        process.communicate()
        check = subprocess.run([sys.executable, "-m", "sheetrunner", "check", str(path)], capture_output=True,
                               text=True)
        assert check.returncode == 0, (step, check.stdout + check.stderr)
        outcomes.append("original" if path.read_bytes() == original else "new")
        if outcomes[-1] == "new":
            assert "Round 1: Round 1 has no results yet" in subprocess.run(
                [sys.executable, "-m", "sheetrunner", "pair", str(path)], capture_output=True, text=True).stderr
        again = ["--redo"] if outcomes[-1] == "new" else []
        rerun = subprocess.run([sys.executable, "-m", "sheetrunner", "pair", str(path), *again, "--no-reports"],
                               capture_output=True, text=True)
        assert rerun.returncode == 0, (step, outcomes, rerun.stderr)  # no stale lock or temporary file in the way
        assert leftovers(tmp_path) == [], (step, outcomes)
    assert "original" in outcomes


def test_ctrl_c_prints_one_line(tmp_path, run, monkeypatch):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    before = digest(path)

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(files, "check_zip", interrupt)
    result = run("pair", path)
    assert result.exit_code == 130
    assert result.stderr.splitlines() == ["Interrupted. Nothing is half written: the workbook is as it was, or holds "
                                          "the whole new change."]
    assert digest(path) == before and leftovers(tmp_path) == []


def test_a_leftover_temporary_file_of_a_killed_run_is_removed(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    leftover = tmp_path / f".e.xlsx.sheetrunner-{dead}.tmp"
    leftover.write_bytes(b"half a workbook")
    (tmp_path / ".e.xlsx.sheetrunner-lock").write_text(f"{dead}\n{os.uname().nodename}\npair\n0\n")
    assert run("pair", path, "--no-reports").exit_code == 0
    assert leftovers(tmp_path) == []


def test_a_threaded_reader_never_sees_half_a_file(tmp_path, run):
    path = big_event(tmp_path, 600)
    seen, stop = [], threading.Event()

    def read():  # at least once, however the threads are scheduled
        while True:
            seen.append(path.read_bytes()[-22:-18])  # the zip's end record: present in every whole file
            if stop.is_set():
                return
    reader = threading.Thread(target=read)
    reader.start()
    try:
        assert run("pair", path, "--no-reports").exit_code == 0
    finally:
        stop.set()
        reader.join()
    assert set(seen) == {b"PK\x05\x06"}


def test_reports_that_cannot_be_written_do_not_hide_the_written_round(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    (tmp_path / "e-reports").write_text("a file where the reports folder would go")
    result = run("pair", path)
    assert result.exit_code == 5
    assert result.stdout.splitlines()[-1] == f"Wrote Round 1 to {path} (backup: e-backups/" + \
        f"{next(p for p in (tmp_path / 'e-backups').iterdir() if p.is_file()).name})."
    assert result.stderr.splitlines() == [
        f"round-1: The reports cannot be written in {tmp_path}/e-reports/round-1: Not a directory. Check that folder (a "
        "file of that name, no room or no permission?), then run `sheetrunner report`. The round was written; only "
        "its reports are missing."]
    assert run("check", path).exit_code == 0
    assert sheet_names(path) == ["Event", "Players", "Round 1", "Log"]


def test_a_backup_half_written_by_a_killed_run_is_removed_and_never_blocks_the_next(tmp_path, run):
    """A run killed while it wrote its backup leaves `.NAME.STAMP.xlsx.tmp` in NAME-backups/. The next run, in the
    same second, names its backup alike: the leftover once made it refuse with "File exists" (found by
    `test_a_kill_at_any_moment…` on a busy machine). Leftovers for this second and the next few are planted."""
    from datetime import datetime, timedelta

    path = make_event(tmp_path / "e.xlsx", NAMES)
    folder = tmp_path / "e-backups"
    folder.mkdir()
    now = datetime.now()
    for seconds in range(5):
        stamp = (now + timedelta(seconds=seconds)).strftime("%Y%m%d-%H%M%S")
        (folder / f".e.{stamp}.xlsx.tmp").write_bytes(b"half a backup")
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0, result.output
    assert leftovers(tmp_path) == []
    assert len(list(folder.glob("e.*.xlsx"))) == 1
