"""Every command example the README and docs/ show runs and does what the text says (issue 31).

A TO copies commands from the README; one that fails, or that prints other than the text quotes, costs the
trust the README is there to earn. So each ```sh block of README.md and docs/*.md, and each inline
`sheetrunner …` span whose arguments are concrete (a real file name, not EVENT.xlsx or `…`), is run here on a
scratch folder (the samples copied, or an event made by the README's own `init`), and checked for its exit code
and, where the text quotes a line of output, that line. A new example with no entry below fails, as does an
entry for an example the docs no longer show. What cannot run here says why, in `NOT_RUN`.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import shutil
from pathlib import Path

import openpyxl
import pytest
from builder import edit_players, type_results

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_events"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
ROSTER = "Name\nAnn Lee\nBen Roe\nCid Moe\nDee Fox\n"
SEED = 2  # seats Ann Lee v Ben Roe at table 1 and Dee Fox v Cid Moe at table 2, as the README's quotes show
CONCRETE = re.compile(r"^[a-z0-9][\w.-]*\.xlsx$")  # spring.xlsx, not EVENT.xlsx


def page_text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def code_blocks(languages: tuple[str, ...] = ("sh", "bat")) -> dict[str, str]:
    """Each shell block of the README and docs, by its first line (with the page it is on)."""
    blocks = {}
    for page in PAGES:
        for language, body in re.findall(r"^```(\w+)\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S):
            if language in languages:
                blocks[body.splitlines()[0]] = body
    return blocks


def inline_examples() -> set[str]:
    """Inline `sheetrunner …` spans that are examples: every argument concrete, or a command that takes none."""
    found = set()
    for page in PAGES:
        for span in re.findall(r"`(sheetrunner(?: [^`]*)?)`", page.read_text(encoding="utf-8")):
            words = span.split()[1:]
            files = [word for word in words if word.endswith(".xlsx")]
            if "…" in span or not words:
                continue
            if (files and all(CONCRETE.match(word) for word in files)) or words in (["rulesets"], ["tiebreakers"],
                                                                                    ["--help"]):
                found.add(span)
    return found


def run_line(run, line: str):
    """One `sheetrunner …` (or `.venv/bin/sheetrunner …`) command line, in-process."""
    words = shlex.split(line, comments=True)
    assert words[0].endswith("sheetrunner"), line
    return run(*words[1:])


# --- the scratch events the examples run on -------------------------------------------------------------------

def new_event(folder: Path, run) -> Path:
    """The README's step-by-step `init`, with a seed so the quotes' seating is the one made."""
    (folder / "roster.csv").write_text(ROSTER, encoding="utf-8")
    assert run("init", "spring.xlsx", "--ruleset", "swiss-tp", "--players", "roster.csv", "--rounds", 5, "--name",
               "Spring Open", "--seed", SEED).exit_code == 0
    return folder / "spring.xlsx"


def paired(folder: Path, run) -> Path:
    path = new_event(folder, run)
    assert run("pair", path).exit_code == 0
    return path


RESULTS = {"Ann Lee": {"OP": 4, "SP": 1}, "Ben Roe": {"OP": 1, "SP": 0}, "Dee Fox": {"OP": 3, "SP": 2},
           "Cid Moe": {"OP": 2, "SP": 1}}


def played(folder: Path, run) -> Path:
    path = paired(folder, run)
    type_results(path, 1, RESULTS)
    return path


def copies(folder: Path, run, conflict: bool = False) -> Path:
    """The README's e-mail workflow: a judge typed table 1, a scorekeeper table 2 (and, with `conflict`, the judge
    typed Dee Fox's OP as 3 where the scorekeeper typed 2)."""
    path = paired(folder, run)
    for person in ("judge", "scorekeeper"):
        shutil.copy(path, folder / f"spring-{person}.xlsx")
    judge = {name: RESULTS[name] for name in ("Ann Lee", "Ben Roe")}
    type_results(folder / "spring-judge.xlsx", 1, {**judge, **({"Dee Fox": {"OP": 3}} if conflict else {})})
    type_results(folder / "spring-scorekeeper.xlsx", 1, {name: RESULTS[name] for name in ("Cid Moe", "Dee Fox")}
                 | ({"Dee Fox": {"OP": 2, "SP": 2}} if conflict else {}))
    return path


def conflicting(folder: Path, run) -> Path:
    return copies(folder, run, conflict=True)


def older_copy(folder: Path, run) -> Path:
    """The checklist's older copy: a judge's copy of round 1 saved over the workbook after round 2 was posted, then
    put beside it and the file sheetrunner last wrote copied back, as the checklist says."""
    path = played(folder, run)
    shutil.copy(path, folder / "the-older-copy.xlsx")
    type_results(folder / "the-older-copy.xlsx", 1, {"Ann Lee": {"Note": "judge: slow play warning"}})
    assert run("pair", path).exit_code == 0
    shutil.copy(folder / "the-older-copy.xlsx", path)
    older = run("check", path)
    assert older.exit_code == 1 and "This looks like an older copy saved over the workbook." in older.stdout
    shutil.copy(folder / "spring-backups" / "last-written" / "spring.xlsx", path)
    return path


def walk_in(folder: Path, run) -> Path:
    path = paired(folder, run)
    edit_players(path, new=[{"Name": "Eve Ash", "Joined in": 1}])
    return path


def nothing(folder: Path, run) -> None:
    return None


# An inline example -> (the scratch event it runs on, its exit code, a line of its output the text quotes or
# that shows it did what the text says).
INLINE = {
    "sheetrunner rulesets": (nothing, 0, "swiss-tp: Swiss with tournament points, offensive and defensive bonus "
                                         "(source 004)"),
    "sheetrunner tiebreakers": (nothing, 0, "match_points"),
    "sheetrunner --help": (nothing, 0, "Exit codes: 0 done; 1 problems in the workbook"),
    "sheetrunner check spring.xlsx": (new_event, 0, "0 error(s), 0 warning(s)."),
    "sheetrunner pair spring.xlsx": (new_event, 0, "Round 1: 2 table(s), 0 bye(s)."),
    "sheetrunner outstanding spring.xlsx": (paired, 0, "Round 1: 2 table(s) with no result yet."),
    "sheetrunner report spring.xlsx": (paired, 0, "Open spring-reports/round-1/index.html"),
    "sheetrunner standings spring.xlsx": (played, 0, "Standings after round 1"),
    "sheetrunner pair spring.xlsx --redo": (walk_in, 0, "Changed: table 1 (Ben Roe v Ann Lee, was Ann Lee v Ben Roe)"),
    "sheetrunner diff spring.xlsx spring-judge.xlsx": (
        copies, 1, "Round 1, table 1 (Ann Lee (ID 1) v Ben Roe (ID 2)): result typed: OP blank → 4-1 (Round 1!E2)."),
    "sheetrunner merge spring.xlsx spring-judge.xlsx spring-scorekeeper.xlsx": (
        copies, 0, "Merged 8 change(s) into spring.xlsx."),
    "sheetrunner diff spring.xlsx the-older-copy.xlsx": (
        older_copy, 1, "Round 1, table 1 (Ann Lee (ID 1) v Ben Roe (ID 2)): result typed: Note blank → judge: slow "
                       "play warning (Round 1!G2)."),
    "sheetrunner merge spring.xlsx the-older-copy.xlsx": (
        older_copy, 1, "is a copy of the event at Round 1, and spring.xlsx is at Round 2"),
}
NOT_RUN = {
    "sheetrunner serve spring.xlsx --host 0.0.0.0": "serves until stopped; tests/test_hall_browser.py runs the hall "
                                                    "(here: `serve --help` names --host, below)",
    "sheetrunner report spring.xlsx --pdf": "needs Chromium: test_report_pdf_makes_the_kit below (slow)",
}


def test_every_inline_example_is_run_or_says_why_not():
    assert sorted(inline_examples() - INLINE.keys() - NOT_RUN.keys()) == []
    assert sorted((INLINE.keys() | NOT_RUN.keys()) - inline_examples()) == []


@pytest.mark.parametrize("example", sorted(INLINE))
def test_an_inline_example_does_what_the_text_says(run, tmp_path, monkeypatch, example):
    monkeypatch.chdir(tmp_path)
    scenario, code, line = INLINE[example]
    scenario(tmp_path, run)
    result = run_line(run, example)
    assert result.exit_code == code, result.output
    assert line in result.output


def test_the_quoted_merge_conflict_is_what_merge_says(run, tmp_path, monkeypatch):
    """README, e-mail workflow, step 4: two copies that disagree stop the merge, naming the cell and both values."""
    monkeypatch.chdir(tmp_path)
    conflicting(tmp_path, run)
    quoted = re.search(r"\(`(Round 1!E4: Dee Fox[^`]*)`\)", page_text("README.md")).group(1)
    before = hashlib.sha256(Path("spring.xlsx").read_bytes()).hexdigest()
    result = run_line(run, "sheetrunner merge spring.xlsx spring-judge.xlsx spring-scorekeeper.xlsx")
    assert result.exit_code == 1 and quoted in result.output
    assert hashlib.sha256(Path("spring.xlsx").read_bytes()).hexdigest() == before  # nothing written


def test_serve_takes_the_host_the_docs_give(run):
    assert "--host" in run("serve", "--help").stdout


# --- the ```sh blocks ----------------------------------------------------------------------------------------

BLOCKS_NOT_RUN = {
    "git worktree add -f /tmp/mutnow HEAD": "docs/mutation.md: a developer's mutmut run in a git worktree",
    "cd /tmp/mutnow/mutants": "docs/mutation.md: one mutant re-run by hand, in that worktree",
    "MUTANT_UNDER_TEST=sheetrunner.rules.finals.x_bracket__mutmut_25 PYTHONPATH=. \\": "docs/mutation.md: one mutant's "
                                                                                 "test run, in that worktree",
}


def test_every_block_is_run_or_says_why_not():
    handled = {"python3 -m venv .venv && .venv/bin/pip install .", "py -m venv .venv",
               QUICK_START, TESTS_COMMAND, "sheetrunner init spring.xlsx --ruleset swiss-tp --players roster.csv "
               "--rounds 5 --name \"Spring Open\"", LEAGUE_FIRST}
    shown = set(code_blocks())
    assert sorted(shown - handled - BLOCKS_NOT_RUN.keys()) == []
    assert sorted((handled | BLOCKS_NOT_RUN.keys()) - shown) == []


def test_install_block_runs_the_installed_command(run):
    """The `pip install .` itself is the packaging test's (tests/test_packaging.py builds and checks the wheel);
    the installed command answers `--version`."""
    block = code_blocks()["python3 -m venv .venv && .venv/bin/pip install ."]
    assert block.splitlines()[1] == ".venv/bin/sheetrunner --version"
    assert run_line(run, block.splitlines()[1]).stdout.startswith("sheetrunner, version ")


def test_the_windows_block_is_the_linux_block_in_windows_spelling():
    """Not run here (no Windows): each of its lines is the Linux install's, as Windows spells it."""
    windows = code_blocks()["py -m venv .venv"].splitlines()
    linux = code_blocks()["python3 -m venv .venv && .venv/bin/pip install ."].splitlines()
    as_linux = [line.replace("py -m venv", "python3 -m venv").replace(".venv\\Scripts\\", ".venv/bin/")
                for line in windows]
    assert as_linux == [*linux[0].split(" && "), linux[1]]


QUICK_START = ("python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/sheetrunner pair "
               "sample_events/swiss-tp-16-players.xlsx -o my-event.xlsx")
TESTS_COMMAND = 'python3 -m venv .venv && .venv/bin/pip install ".[test]" && .venv/bin/python -m pytest'


def test_quick_start_pairs_round_4_of_the_sample_into_a_new_file(run, tmp_path, monkeypatch):
    """Its sheetrunner part, on a scratch copy of the samples: round 4 into my-event.xlsx, the reports in
    my-event-reports/round-4/, the sample as it was."""
    shutil.copytree(SAMPLES, tmp_path / "sample_events")
    monkeypatch.chdir(tmp_path)
    sample = tmp_path / "sample_events" / "swiss-tp-16-players.xlsx"
    before = sample.read_bytes()
    result = run_line(run, QUICK_START.split(" && ")[-1])
    assert result.exit_code == 0 and result.stdout.startswith("Round 4:")
    assert "Round 4" in openpyxl.load_workbook(tmp_path / "my-event.xlsx").sheetnames
    assert (tmp_path / "my-event-reports" / "round-4" / "index.html").is_file()
    assert sample.read_bytes() == before


def test_the_tests_command_is_what_ci_runs():
    """README: "runs the tests (CI runs exactly this)"."""
    assert TESTS_COMMAND in code_blocks()
    assert TESTS_COMMAND in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_a_round_step_by_step_as_the_readme_shows_it(run, tmp_path, monkeypatch):
    """Each line in order; the comment line is the TO typing OP and SP; each write is the sheet its comment names."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    block = code_blocks()['sheetrunner init spring.xlsx --ruleset swiss-tp --players roster.csv --rounds 5 '
                          '--name "Spring Open"']
    for line in block.splitlines():
        if line.startswith("#"):
            assert "type OP and SP" in line
            type_results(tmp_path / "spring.xlsx", 1, RESULTS)
            continue
        result = run_line(run, line)
        assert result.exit_code == 0, (line, result.output)
        comment = line.split("#", 1)[1] if "#" in line else ""
        if "every problem at once" in comment:
            assert result.stdout == "0 error(s), 0 warning(s).\n"
        written = re.findall(r'"([^"]+)"', comment) if comment.lstrip().startswith("writes") else []
        sheets = openpyxl.load_workbook(tmp_path / "spring.xlsx").sheetnames
        assert [sheet for sheet in written if sheet not in sheets] == [], line
    assert "Standings after round 1" in result.stdout


LEAGUE_FIRST = ("sheetrunner league season.xlsx jan.xlsx feb.xlsx mar.xlsx   # makes season.xlsx, listing the "
                "three events")


def test_the_league_block_makes_the_season_then_reads_its_events_sheet(run, tmp_path, monkeypatch):
    """docs/leagues.md: three finished samples as jan, feb and mar."""
    monkeypatch.chdir(tmp_path)
    for name, sample in zip(("jan", "feb", "mar"), ("swiss-top-8-24-players", "pod-round-robin-7-players",
                                                   "allegiance-9-players")):
        shutil.copy(SAMPLES / f"{sample}.xlsx", tmp_path / f"{name}.xlsx")
    first, second = code_blocks()[LEAGUE_FIRST].splitlines()
    assert run_line(run, first).exit_code == 0
    events = [row[0] for row in openpyxl.load_workbook("season.xlsx")["Events"].iter_rows(min_row=2,
                                                                                         values_only=True)]
    assert events == ["jan.xlsx", "feb.xlsx", "mar.xlsx"]
    again = run_line(run, second)
    assert again.exit_code == 0 and again.stdout.startswith("season: 3 event(s), points per placing")


# --- examples that need Chromium or many seconds ----------------------------------------------------------------

@pytest.mark.slow
def test_report_pdf_makes_the_kit(run, tmp_path, monkeypatch):
    from sheetrunner.reports.printing import find_browser

    if find_browser() is None:
        pytest.skip("no Chromium on this machine")
    monkeypatch.chdir(tmp_path)
    paired(tmp_path, run)
    result = run_line(run, "sheetrunner report spring.xlsx --pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "spring-reports" / "round-1" / "kit.pdf").is_file()


@pytest.mark.slow
def test_the_simulation_docs_show_is_what_simulate_prints(run):
    """docs/simulate.md quotes a run; every line it shows (but the elided `…`) is the command's."""
    block = re.search(r"```text\n\$ (sheetrunner simulate[^\n]*)\n(.*?)```", page_text("docs/simulate.md"), re.S)
    printed = run_line(run, block.group(1)).stdout.splitlines()
    shown = [line for line in block.group(2).splitlines() if line.strip() != "…"]
    assert [line for line in shown if line not in printed] == []


# --- what the docs say init writes ----------------------------------------------------------------------------

def test_init_writes_a_penalties_sheet_ready_to_fill(run, tmp_path, monkeypatch):
    """docs/penalties.md: `init` writes the Penalties sheet empty, headed as the reader reads it, with a drop-down
    of the roster's names and of the kinds the ruleset applies; `check` is clean, and a penalty typed there counts
    (a point deduction of 1 TP: Ann's 4 become 3)."""
    monkeypatch.chdir(tmp_path)
    path = played(tmp_path, run)
    sheet = openpyxl.load_workbook(path)["Penalties"]
    assert [cell.value for cell in sheet[1]] == ["Round", "Player", "Kind", "Points", "Note"] and sheet.max_row == 1
    rules = {str(rule.sqref): (rule.type, rule.formula1) for rule in sheet.data_validations.dataValidation}
    assert rules["A2:A201"] == ("whole", "1") and rules["B2:B201"] == ("list", "Players!$B$2:$B$500")
    assert rules["C2:C201"] == ("list", '"warning,point deduction,disqualification,match loss"')
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    before = {row["name"]: row["tp"] for row in json.loads(run("standings", path, "--json", "--no-write").stdout)}
    book = openpyxl.load_workbook(path)
    book["Penalties"].append([1, "Ann Lee", "point deduction", 1, "late"])
    book.save(path)
    after = {row["name"]: row["tp"] for row in json.loads(run("standings", path, "--json", "--no-write").stdout)}
    assert (before["Ann Lee"], after["Ann Lee"], after["Ben Roe"]) == (4, 3, before["Ben Roe"])


def test_every_option_of_every_command_is_in_the_commands_page():
    """docs/commands.md is every option: one added to a command without a word there fails here."""
    import click

    from sheetrunner.commands.cli import cli

    text = page_text("docs/commands.md")
    missing = [f"{name} {option}" for name, command in sorted(cli.commands.items()) for param in command.params
               if isinstance(param, click.Option) for option in param.opts
               if option.startswith("--") and option != "--help" and option not in text]
    assert missing == []


def heading_anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.+)$", text, re.M)}


def test_every_link_between_the_pages_leads_somewhere():
    """The README sends the reader to docs/ for everything it left out: each relative link names a file that
    exists, and a heading of it where it names one."""
    broken = []
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"https?://", target):
                continue
            name, _, anchor = target.partition("#")
            linked = (page.parent / name).resolve() if name else page
            if not linked.exists() or (anchor and linked.suffix == ".md" and anchor not in heading_anchors(linked)):
                broken.append(f"{page.name}: {target}")
    assert broken == []
