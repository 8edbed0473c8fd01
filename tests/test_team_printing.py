"""A team event's own reports printed through Chromium (issue 22): pairings by team, team result slips with a
line per board and the team totals, team standings; every page stands alone, and no team match is split across
pages."""

from __future__ import annotations

import re

import openpyxl
import pytest

from sheetrunner.reports import find_browser

pytestmark = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                                   reason="no Chromium on this machine: `apt-get install chromium` "
                                                          "to run")]

TEAMS = ["Aurochs", "Bison", "Caracal", "Dingo", "Egret", "Falcon", "Gecko", "Heron", "Ibex", "Jackal", "Koala",
         "Lemur", "Marmot", "Narwhal", "Ocelot"]  # 15 teams: a team bye every round
EVENT, DATE = "Team Hall Cup", "2026-12-05"


def pdf_pages(path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(str(path)).pages]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    from click.testing import CliRunner

    from sheetrunner.commands.cli import cli

    runner = CliRunner()

    def run(*args):
        result = runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result

    folder = tmp_path_factory.mktemp("teams")
    roster = folder / "teams.csv"
    roster.write_text("Name,Team,Board\n" + "".join(f"{team} {seat} Player,{team},{seat}\n" for team in TEAMS
                                                    for seat in "ABCD"), encoding="utf-8")
    path = folder / "cup.xlsx"
    run("init", path, "--ruleset", "swiss-tp", "--players", roster, "--rounds", 4, "--seed", 3, "--name", EVENT,
        "--date", DATE)
    book = openpyxl.load_workbook(path)
    for row in book["Event"].iter_rows(min_row=2):
        if row[0].value == "Team size":
            row[1].value = 4
    book.save(path)
    run("pair", path, "--no-reports")
    book = openpyxl.load_workbook(path)
    for row in book["Round 1"].iter_rows(min_row=2):
        if row[1].value != "BYE":  # OP by seat letter and side: the home side wins boards A and B
            row[6].value, row[7].value = (5 if row[2].value == 1 else 2) if row[4].value.split()[1] in "AB" else 1, 0
    players = book["Players"]
    players.cell(row=3, column=5).value = 1  # Aurochs B Player drops after round 1: a forfeited board from round 2
    book.save(path)
    run("pair", path, "--no-reports")
    run("report", path, "--round", 2, "--out", folder / "out", "--pdf", "--paper", "A4")
    rows = list(openpyxl.load_workbook(path)["Round 2"].iter_rows(min_row=2, values_only=True))
    return folder / "out", rows


def team_matches(rows) -> dict:
    """Team match label -> (the teams, every player of its rows)."""
    found: dict = {}
    for row in rows:
        if row[0] != "BYE":
            teams, players = found.setdefault(row[0], ([], []))
            teams.append(row[5]) if row[5] not in teams else None
            players.append(row[4])
    return found


def test_every_page_carries_event_round_date_and_page_x_of_y(printed):
    out, _ = printed
    for name in ("team_pairings.pdf", "team_slips.pdf", "team_standings.pdf"):
        pages = pdf_pages(out / name)
        for number, text in enumerate(pages, start=1):
            assert EVENT in text and "Round 2 of 4" in text and DATE in text, (name, number)
            assert f"Page {number} of {len(pages)}" in text, (name, number)


def test_no_team_match_is_split_across_pages(printed):
    out, rows = printed
    matches = team_matches(rows)
    assert len(matches) == 7
    for report in ("team_pairings.pdf", "team_slips.pdf"):
        pages = pdf_pages(out / report)
        for label, (teams, players) in matches.items():
            where = {index for index, text in enumerate(pages) for player in players if player in text}
            assert len(where) == 1, f"{report}: team match {label} is on pages {sorted(where)}"
            # the pairings add points; a slip names its round too (issue 31)
            heading = rf"Team match {label}( · Round \d+)?: {teams[0]}( \(MP \d+\))?\s+v {teams[1]}"
            assert re.search(heading, pages[where.pop()]), (report, label)
    assert len(pdf_pages(out / "team_slips.pdf")) > 1


def test_slips_have_a_line_per_board_and_the_team_totals(printed):
    out, rows = printed
    text = " ".join(" ".join(pdf_pages(out / "team_slips.pdf")).split())
    for label, (teams, players) in team_matches(rows).items():
        start = re.search(rf"Team match {label} · Round \d+:", text).start()
        end = text.find("Team match", start + 10)
        slip = text[start:end if end > 0 else None]
        assert all(player in slip for player in players), label
        assert f"Points: {teams[0]}" not in slip and f"Boards won: {teams[0]}" in slip and \
            f"Boards won: {teams[1]}" in slip, slip
        assert slip.count("Captain's signature") == 2
    assert "Forfeited board: won by" in text  # Aurochs' board B, its player dropped with no substitute


def test_team_standings_list_every_team_with_its_players(printed):
    out, _ = printed
    text = " ".join(" ".join(pdf_pages(out / "team_standings.pdf")).split())
    assert "Team standings after round 1" in text
    assert all(f"{team} A Player" in text for team in TEAMS)
    assert "Ranked by MP, then OMW%, then BW%, then OBW%." in text


def test_the_kit_is_team_pairings_team_slips_and_names(printed):
    """What a TO prints for a team round, in one kit.pdf: the pairings by team, the team slips, the pairings by
    name; the per-board pairings and slips stay their own PDFs."""
    out, _ = printed
    kit = pdf_pages(out / "kit.pdf")
    parts = [pdf_pages(out / f"{name}.pdf") for name in ("team_pairings", "team_slips", "pairings_by_name")]
    assert kit == [page for part in parts for page in part]
