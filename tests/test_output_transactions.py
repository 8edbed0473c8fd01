"""Outputs are put in place whole, like the workbook (issue 29): a round's reports and PDFs, a season's pages and
the exports are built aside and swapped in, so a kill or a full disk leaves the old set or the new one, never a
mix, and the next run leaves no leftover; a set printed before the round changed is named by `check`, kit.pdf too.

The fault tests run the real command in its own process with each file-system step under the test's folder
counted (this file run as a script, `fault_run`): SIGKILL at the Nth step, or ENOSPC once N bytes are written (the
write that crosses the line lands in part, as on a full disk). Kill points are counted in steps, never in time."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from builder import edit_players, make_event, seating, type_results

from sheetrunner.reports.printing import find_browser
from sheetrunner.reports.stamp import STAMP
from sheetrunner.workbook.xlsx import files

NAMES = [f"Player {i}" for i in range(1, 9)]
KILLS = 18  # kill points per command (each a run of the command and of the next one)
needs_chromium = pytest.mark.skipif(find_browser() is None, reason="no Chromium: `apt-get install chromium`")


def leftovers(folder: Path) -> list[str]:
    """Temporary files and folders of a run, anywhere under `folder` (the stamp is not one)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*")
                  if p.name != STAMP and (".sheetrunner-" in p.name or p.name.endswith(".tmp")))


def played(folder: Path, run) -> Path:
    path = make_event(folder / "e.xlsx", NAMES)
    assert run("pair", path, "--no-reports").exit_code == 0
    return path


def kit_text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(str(path)).pages)


# --- the stale kit ---------------------------------------------------------------------------------------------


@needs_chromium
def test_a_late_drop_and_redo_never_leave_the_old_kit_beside_the_new_pages(tmp_path, run):
    """`report --pdf`, a drop, `pair --redo`: the redo's set replaces the printed one whole, so no PDF of the old
    pairings stays (kit.pdf among them), and `check` has nothing to say; printing again gives a kit of the new
    round sheet."""
    path = played(tmp_path, run)
    assert run("report", path, "--pdf").exit_code == 0
    folder = tmp_path / "e-reports" / "round-1"
    assert "Player 3" in kit_text(folder / "kit.pdf")
    edit_players(path, {"Player 3": {"Dropped after": 0}})
    redone = run("pair", path, "--redo")
    assert redone.exit_code == 0
    assert redone.stdout.splitlines()[-2:] == [
        f"Reports: {folder / 'index.html'}", "kit.pdf and 8 other PDF(s) of the earlier reports were removed with "
        "them; print them again: sheetrunner report --pdf --round 1 e.xlsx"]
    assert "Player 3" not in sum(seating(path, 1).values(), [])
    assert sorted(p.name for p in folder.glob("*.pdf")) == []
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]
    assert run("report", path, "--pdf").exit_code == 0
    text = kit_text(folder / "kit.pdf")
    assert "Player 3" not in text and all(name in text for name in NAMES if name != "Player 3")
    assert leftovers(tmp_path) == []


@needs_chromium
def test_a_kit_printed_before_the_round_sheet_changed_is_named_by_check(tmp_path, run):
    """Two players moved between tables by hand after printing: every printout, the kit first, is stale."""
    path = played(tmp_path, run)
    assert run("report", path, "--pdf").exit_code == 0
    first, second = seating(path, 1)[1][0], seating(path, 1)[2][0]
    type_results(path, 1, {first: {"Player": second, "ID": int(second.split()[1])},
                           second: {"Player": first, "ID": int(first.split()[1])}})
    assert run("check", path).stdout.splitlines() == [
        "Round 1: warning: The printed reports in e-reports/round-1, kit.pdf and 8 other PDF(s) among them, were made "
        "before Round 1 changed. Print them again: sheetrunner report --pdf --round 1 e.xlsx",
        "0 error(s), 1 warning(s)."]
    assert run("report", path, "--pdf").exit_code == 0
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]


@needs_chromium
def test_pdfs_an_older_sheetrunner_left_beside_newer_pages_are_named_by_check(tmp_path, run):
    """What sheetrunner before this change left after `pair --redo`: new pages and a stamp listing no files, the
    PDFs of the earlier pairings older than it."""
    path = played(tmp_path, run)
    assert run("report", path, "--pdf").exit_code == 0
    folder = tmp_path / "e-reports" / "round-1"
    record = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    (folder / STAMP).write_text(json.dumps({"round": 1, "made_from": record["made_from"]}), encoding="utf-8")
    later = (folder / "kit.pdf").stat().st_mtime_ns + 10**9
    os.utime(folder / STAMP, ns=(later, later))
    assert run("check", path).stdout.splitlines() == [
        "Round 1: warning: kit.pdf and 8 other PDF(s) in e-reports/round-1 were printed before Round 1 changed. Print "
        "them again: sheetrunner report --pdf --round 1 e.xlsx", "0 error(s), 1 warning(s)."]
    assert run("report", path).exit_code == 0  # the set replaced whole: those PDFs go with it
    assert list(folder.glob("*.pdf")) == [] and run("check", path).stdout.splitlines() == [
        "0 error(s), 0 warning(s)."]


# --- the folder is sheetrunner's, the TO's files in it are kept ---------------------------------------------------


def test_the_tos_own_files_in_a_report_folder_are_kept(tmp_path, run):
    path = played(tmp_path, run)
    assert run("report", path).exit_code == 0
    folder = tmp_path / "e-reports" / "round-1"
    (folder / "notes.txt").write_text("table 4 wobbles", encoding="utf-8")
    (folder / "photos").mkdir()
    (folder / "photos" / "hall.jpg").write_bytes(b"\xff\xd8 a photo")
    assert run("report", path).exit_code == 0
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "table 4 wobbles"
    assert (folder / "photos" / "hall.jpg").read_bytes() == b"\xff\xd8 a photo"
    assert "notes.txt" not in json.loads((folder / STAMP).read_text(encoding="utf-8"))["files"]
    assert leftovers(tmp_path) == []


def test_a_folder_of_other_files_is_refused_as_a_report_folder(tmp_path, run):
    path = played(tmp_path, run)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "budget.xlsx").write_bytes(b"the TO's")
    result = run("report", path, "--out", mine)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"mine: {mine} holds files sheetrunner did not write (budget.xlsx); its reports are put in place as a whole "
        "folder, so they need one of their own. Choose a new or empty folder with --out, or move those files "
        "elsewhere.", "Error: 1 problem(s) to fix; nothing was written."]
    assert os.listdir(mine) == ["budget.xlsx"] and (mine / "budget.xlsx").read_bytes() == b"the TO's"


def dead_pid() -> int:
    return int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout)


def test_the_old_set_a_kill_left_aside_is_put_back_and_every_leftover_removed(tmp_path, run):
    """A kill between the swap's two renames leaves NAME missing and the old set whole under a hidden name; the
    next run puts it back before its own swap, and removes the half-built set of the killed run."""
    path = played(tmp_path, run)
    assert run("report", path).exit_code == 0
    reports, pid = tmp_path / "e-reports", dead_pid()
    (reports / "round-1" / "notes.txt").write_text("the TO's", encoding="utf-8")
    os.rename(reports / "round-1", reports / f".round-1.sheetrunner-{pid}.old")
    (reports / f".round-1.sheetrunner-{pid}.tmp").mkdir()
    (reports / f".round-1.sheetrunner-{pid}.tmp" / "index.html").write_text("<html><bo", encoding="utf-8")
    assert run("report", path).exit_code == 0
    assert (reports / "round-1" / "notes.txt").read_text(encoding="utf-8") == "the TO's"
    assert leftovers(tmp_path) == []


# --- single files ----------------------------------------------------------------------------------------------


def test_a_full_disk_leaves_an_export_as_it_was(tmp_path, run, monkeypatch):
    path = played(tmp_path, run)
    export = tmp_path / "s.csv"
    export.write_bytes(b"the last export\r\n")
    write = os.write

    def full(descriptor, data):
        write(descriptor, bytes(data)[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "write", full)
    result = run("standings", path, "--no-write", "--csv", export)
    monkeypatch.undo()
    assert result.exit_code == 3
    assert result.stderr.splitlines() == ["s.csv: could not be saved: No space left on device."]
    assert export.read_bytes() == b"the last export\r\n" and leftovers(tmp_path) == []


def test_a_leftover_of_a_killed_export_is_removed_by_the_next(tmp_path, run):
    path = played(tmp_path, run)
    (tmp_path / f".s.xlsx.sheetrunner-{dead_pid()}.tmp").write_bytes(b"half an export")
    assert run("standings", path, "--no-write", "--xlsx", tmp_path / "s.xlsx").exit_code == 0
    assert leftovers(tmp_path) == [] and (tmp_path / "s.xlsx").read_bytes()[:2] == b"PK"


# --- kills and full disks at every step --------------------------------------------------------------------------


def fault_run(folder: Path, *args, kill_at: int = 0, room: int = -1, trace: Path | None = None):
    """The command in its own process, its file-system steps under `folder` counted (see `fault_driver`)."""
    env = {**os.environ, "FAULT_ROOT": str(folder), "FAULT_KILL_AT": str(kill_at), "FAULT_ROOM": str(room),
           "FAULT_TRACE": str(trace or "")}
    return subprocess.run([sys.executable, __file__, *map(str, args)], env=env, capture_output=True, text=True,
                          timeout=600)


def kill_points(trace: Path) -> list[int]:
    """Steps to kill at: the first and last of each run of like steps (a file's writes, a folder's removals),
    spread over the run, at most `KILLS`, so every kind of moment is met without a run per byte."""
    steps = [line.rsplit(" ", 1)[0].split(" ", 2) for line in trace.read_text(encoding="utf-8").splitlines()]
    groups: list = []
    for number, kind, where in steps:
        key = (kind, where if kind == "write" else Path(where).parent)
        if groups and groups[-1][0] == key:
            groups[-1][1].append(int(number))
        else:
            groups.append((key, [int(number)]))
    points = sorted({n for _, numbers in groups for n in (numbers[0], numbers[-1])})
    return [points[round(i * (len(points) - 1) / (KILLS - 1))] for i in range(KILLS)] if len(points) > KILLS else points


def byte_points(trace: Path, count: int = 6) -> list[int]:
    """Room left on the disk: nothing, and half of one write in each of `count` writes spread over the run."""
    sizes = [int(line.rsplit(" ", 1)[1]) for line in trace.read_text(encoding="utf-8").splitlines()
             if line.split(" ")[1] == "write"]
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    chosen = sorted({round(i * (len(sizes) - 1) / (count - 1)) for i in range(count)})
    return [0] + [starts[i] + max(1, sizes[i] // 2) for i in chosen]


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()} \
        if folder.is_dir() else {}


def whole_set(found: dict[str, bytes], reference: dict[str, bytes], old: dict[str, bytes]) -> bool:
    """The same files as `reference`: pages byte for byte, PDFs whole and printed anew (they carry their printing
    time, so none is the old set's)."""
    if sorted(found) != sorted(reference):
        return False
    for name, data in found.items():
        if name.endswith(".pdf"):
            if not (data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")) or data == old.get(name):
                return False
        elif name == STAMP:
            if json.loads(data).get("files") != json.loads(reference[name]).get("files"):
                return False
        elif data != reference[name]:
            return False
    return True


def outcome(folder: Path, old: dict[str, bytes], new: dict[str, bytes]) -> str:
    """"old", "new", or what is wrong; a set waiting aside whole (a kill between the swap's renames) is "old"."""
    found = files_of(folder)
    if found == old:
        return "old"
    if whole_set(found, new, old):
        return "new"
    aside = [p for p in folder.parent.glob(f".{folder.name}.sheetrunner-*.old")]
    if not found and len(aside) == 1 and files_of(aside[0]) == old:
        return "old"
    return f"mixed: {sorted(found)}"


def report_scene(root: Path) -> Path:
    """A round printed with its PDFs, then paired again after a drop (no reports): the old set is on disk."""
    path = make_event(root / "e.xlsx", NAMES)
    for args in (["pair", path, "--no-reports"], ["report", path, "--pdf"], ["pair", path, "--redo", "--no-reports"]):
        assert fault_run(root, *args).returncode == 0
        if args[0] == "report":
            edit_players(path, {"Player 3": {"Dropped after": 0}})
    return path


def league_scene(root: Path, pdf: bool) -> list[Path]:
    """Three finished events, and the season of the first two written (with its pages, printed with `pdf`)."""
    events = []
    for month, (a, b, c, d) in enumerate([("Ann", "Ben", "Cat", "Dov"), ("Ben", "Cat", "Dov", "Eve"),
                                          ("Cat", "Eve", "Ann", "Fay")], start=1):
        rounds = [[(1, a, 3, 1), (1, b, 0, 1), (2, c, 3, 1), (2, d, 0, 1)],
                  [(1, a, 3, 1), (1, c, 1, 1), (2, b, 3, 1), (2, d, 0, 1)]]
        events.append(make_event(root / f"e{month}.xlsx", [a, b, c, d], rounds, total_rounds=2,
                                 settings={"Event name": f"Month {month}"}))
    first = fault_run(root, "league", root / "s.xlsx", *events[:2], *(["--pdf"] * pdf))
    assert first.returncode == 0, first.stderr
    return events


def scene_outputs(root: Path, folder: Path) -> dict[str, bytes]:
    return {**files_of(folder), **({"season": (root / "s.xlsx").read_bytes()} if (root / "s.xlsx").exists() else {})}


def classify(root: Path, folder: Path, old: dict, new: dict) -> str:
    """The report folder's outcome, and for a season its workbook's (old bytes, or a workbook that reads)."""
    result = outcome(folder, {k: v for k, v in old.items() if k != "season"}, {k: v for k, v in new.items()
                                                                                if k != "season"})
    if "season" in old:
        import openpyxl

        data = (root / "s.xlsx").read_bytes()
        book = "old" if data == old["season"] else "new" if openpyxl.load_workbook(root / "s.xlsx") else "broken"
        result += f"/{book}"
    return result


def scenes(tmp_path: Path) -> dict[str, tuple[Path, list, Path]]:
    """Each command's scene (its folder, the command, the folder it writes), built once and copied per fault."""
    made = {}
    report_root = tmp_path / "report-scene"
    report_root.mkdir()
    path = report_scene(report_root)
    made["report --pdf"] = (report_root, ["report", path, "--pdf"], report_root / "e-reports" / "round-1")
    for pdf in (False, True):
        root = tmp_path / f"league-scene-{pdf}"
        root.mkdir()
        events = league_scene(root, pdf)
        made["league" + " --pdf" * pdf] = (root, ["league", root / "s.xlsx", *events, *(["--pdf"] * pdf)],
                                          root / "s-reports")
    return made


def copy_scene(root: Path, to: Path, command: list) -> list:
    shutil.copytree(root, to, symlinks=True)
    return [str(a).replace(str(root), str(to)) for a in command]


def fault_outcomes(tmp_path: Path, name: str, scene, faults: list[dict]) -> list[str]:
    """Each fault on a fresh copy of the scene: what the outputs were after it, then after the next run."""
    root, command, folder = scene
    reference = tmp_path / f"{name}-reference".replace(" ", "")
    copy = copy_scene(root, reference, command)
    assert fault_run(reference, *copy).returncode == 0
    new = scene_outputs(reference, Path(str(folder).replace(str(root), str(reference))))
    old = scene_outputs(root, folder)
    found = []
    for number, fault in enumerate(faults):
        here = tmp_path / f"{name}-{number}".replace(" ", "")
        args = copy_scene(root, here, command)
        target = Path(str(folder).replace(str(root), str(here)))
        done = fault_run(here, *args, **fault)
        assert "Internal error" not in done.stderr and "Traceback" not in done.stderr, (fault, done.stderr)
        if "room" in fault and done.returncode != 0:
            assert leftovers(here) == [], (fault, leftovers(here))  # a refusal cleans up after itself
        state = classify(here, target, old, new)
        again = fault_run(here, *[a for a in args if a != "--pdf"])  # the next run, any run writing there
        assert again.returncode == 0, (fault, again.stderr)
        left = leftovers(here)
        found.append(f"{state}{' LEFTOVERS ' + str(left) if left else ''}")
        shutil.rmtree(here)
    return found


@pytest.mark.slow
@pytest.mark.skipif(find_browser() is None, reason="no Chromium: `apt-get install chromium`")
def test_a_kill_or_a_full_disk_at_any_step_leaves_the_old_outputs_or_the_new_ones(tmp_path):
    counts = {}
    for name, scene in scenes(tmp_path).items():
        root, command, _ = scene
        trace = tmp_path / f"{name}.trace".replace(" ", "")
        traced = tmp_path / f"{name}-traced".replace(" ", "")
        assert fault_run(traced, *copy_scene(root, traced, command), trace=trace).returncode == 0
        faults = [{"kill_at": n} for n in kill_points(trace)] + [{"room": n} for n in byte_points(trace)]
        found = fault_outcomes(tmp_path, name, scene, faults)
        counts[name] = (len(kill_points(trace)), len(byte_points(trace)), found)
        bad = [(fault, state) for fault, state in zip(faults, found)
               if state.split("/")[0] not in ("old", "new") or "LEFTOVERS" in state or "broken" in state]
        assert bad == [], (name, bad)
    print({name: (kills, rooms, sorted(set(found))) for name, (kills, rooms, found) in counts.items()})


# --- the fault driver: this file run as a script -----------------------------------------------------------------


def fault_driver() -> None:
    """Run the sheetrunner command in argv with each file-system step under FAULT_ROOT counted: SIGKILL at step
    FAULT_KILL_AT; ENOSPC once FAULT_ROOM bytes are written; each step's line in FAULT_TRACE."""
    import builtins
    import io
    import pathlib

    root, kill_at, room = os.environ["FAULT_ROOT"], int(os.environ["FAULT_KILL_AT"]), int(os.environ["FAULT_ROOM"])
    state = {"steps": 0, "bytes": 0, "lines": []}
    real = {name: getattr(os, name) for name in ("open", "write", "rename", "replace", "unlink", "rmdir", "mkdir",
                                                 "link", "fsync")}
    real_open = io.open

    def step(what: str, where: str, data: bytes = b"", write=None) -> None:
        state["steps"] += 1
        state["lines"].append(f"{state['steps']} {what} {where} {len(data)}")
        if state["steps"] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        if room >= 0 and data and state["bytes"] + len(data) > room:
            write(bytes(data)[:room - state["bytes"]])  # what fits lands, as on a full disk
            state["bytes"] = room
            raise OSError(errno.ENOSPC, "No space left on device")
        state["bytes"] += len(data)

    def where(path, dir_fd=None) -> str:
        if isinstance(path, int):
            return os.readlink(f"/proc/self/fd/{path}")
        path = os.fsdecode(path)
        if dir_fd is not None and not os.path.isabs(path):
            return os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), path)
        return os.path.abspath(path)

    def counted(name: str):
        def wrapper(*args, **kwargs):
            if name == "open" and not (args[1] if len(args) > 1 else kwargs.get("flags", 0)) & (os.O_WRONLY
                                                                                                 | os.O_RDWR):
                return real[name](*args, **kwargs)
            if name == "write" and not stat.S_ISREG(os.fstat(args[0]).st_mode):
                return real[name](*args, **kwargs)  # a pipe (to the browser), not the disk
            try:
                place = where(args[0], kwargs.get("dir_fd", kwargs.get("src_dir_fd")))
            except OSError:
                place = ""
            if place.startswith(root):
                if name == "write":
                    step(name, place, args[1], lambda part: real["write"](args[0], part))
                else:
                    step(name, place)
            return real[name](*args, **kwargs)
        return wrapper

    class Counted:
        """A file opened for writing: each write a step."""

        def __init__(self, handle, path):
            self._handle, self._path = handle, path

        def write(self, data):
            encoded = data.encode("utf-8") if isinstance(data, str) else data
            step("write", self._path, encoded, lambda part: self._handle.buffer.write(part) if isinstance(
                data, str) else self._handle.write(part))
            return self._handle.write(data)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self._handle.__exit__(*exc)

        def __getattr__(self, name):
            return getattr(self._handle, name)

    def opening(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+") and not isinstance(file, int) and where(file).startswith(root):
            step("open", where(file))
            return Counted(real_open(file, mode, *args, **kwargs), where(file))
        return real_open(file, mode, *args, **kwargs)

    for name in real:
        setattr(os, name, counted(name))
    io.open = builtins.open = opening
    accessor = getattr(pathlib, "_NormalAccessor", None)  # Python 3.10: `Path` kept its own os functions
    if accessor is not None:
        for name in ("open", "rename", "replace", "unlink", "rmdir", "mkdir", "link"):
            setattr(accessor, name, staticmethod(opening if name == "open" else getattr(os, name)))
    sys.argv = ["sheetrunner", *sys.argv[1:]]
    from sheetrunner.commands.cli import cli
    from sheetrunner.commands.exits import command_line

    code = command_line(cli)
    if os.environ.get("FAULT_TRACE"):
        with real_open(os.environ["FAULT_TRACE"], "w", encoding="utf-8") as handle:
            handle.write("".join(line + "\n" for line in state["lines"]))
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    fault_driver()


@pytest.mark.slow
def test_the_pages_made_again_from_the_same_round_keep_its_pdfs(tmp_path, run):
    """`report` without --pdf after `report --pdf`, the round unchanged: the PDFs still show it, and stay."""
    if find_browser() is None:
        pytest.skip("needs Chromium to print")
    path = Path(shutil.copy(Path(__file__).resolve().parent.parent / "sample_events" / "swiss-tp-16-players.xlsx",
                            tmp_path / "e.xlsx"))
    assert run("report", path, "--pdf").exit_code == 0
    folder = tmp_path / "e-reports" / "round-3"
    assert folder.is_dir()
    printed = sorted(p.name for p in folder.glob("*.pdf"))
    assert "kit.pdf" in printed
    result = run("report", path)
    assert result.exit_code == 0 and "removed" not in result.output
    assert sorted(p.name for p in folder.glob("*.pdf")) == printed
    assert run("check", path).stdout.splitlines()[-1] == "0 error(s), 0 warning(s)."
