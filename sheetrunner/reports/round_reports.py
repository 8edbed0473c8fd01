"""A round's printable reports, made from the workbook's event: where they go, what they are made from (the
stamp that tells a set printed before a hand edit), and rendering them to HTML and, on request, PDF (§6)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ..rules import finals
from ..written.table_codes import round_codes
from ..model.event import Event, Round, SeatScore
from ..model.problems import EventError, PartlyDone, Problem, warning
from .stamp import KIT, STAMP_VERSION, made_from, stale_printouts, stale_reports
from ..rulesets import Ruleset
from ..scoring.standings import Standings
from .swap import write_reports
from ..rules.tournament import compute_scores, scored_rounds, standings_after


def reports_folder(workbook: Path, event: Event, round_: Round, out: Path | str | None = None) -> Path:
    """Reports go in `out`, or beside the workbook in NAME-reports/round-N (a stage of the cut: top-8, final)."""
    if out:
        return Path(out)
    name = f"round-{round_.number}" if round_ in event.rounds else "-".join(round_.sheet.lower().split())
    return workbook.with_name(f"{workbook.stem}-reports") / name


def find_round(event: Event, number: int) -> Round | None:
    """A round, or a stage of the cut (numbered after the last round), by number."""
    return next((r for r in event.rounds + event.playoff if r.number == number), None)


@dataclass
class ReportResult:
    round: int
    folder: Path
    files: list[Path]
    was_stale: bool = False  # the reports it replaced were made before the workbook changed
    title: str = ""  # "Round 3", "Top 8"
    removed_pdfs: list[str] = field(default_factory=list)  # printed with the set it replaced, gone with it

    def removed_note(self, workbook: Path) -> str:
        """A line for the TO whose printed PDFs went with the set they belonged to (after a line of its own)."""
        if not self.removed_pdfs:
            return ""
        named = KIT if KIT in self.removed_pdfs else self.removed_pdfs[0]
        others = f" and {len(self.removed_pdfs) - 1} other PDF(s)" if len(self.removed_pdfs) > 1 else ""
        return (f"\n{named}{others} of the earlier reports were removed with them; print them again: sheetrunner "
                f"report --pdf --round {self.round} {workbook.name}")


def report_stamp(event: Event, round_number: int) -> str:
    """What a round's printed pairings are made from: who sits at which table in which seat (a Diplomacy power),
    and their names (results typed afterwards do not make the pairings stale). Versioned, so a stamp made by
    an older sheetrunner from less is never taken for a change."""
    round_ = find_round(event, round_number)
    assert round_ is not None, "a round is stamped once found: `render_round` and `stale_report_warnings` find it"
    seating = sorted((str(t.number), sorted((event.player(s.player_id).name, str(s.seat)) for s in t.seats))
                     for t in round_.tables)
    return STAMP_VERSION + hashlib.sha256(repr(seating).encode()).hexdigest()[:12]


def render_round(event: Event, ruleset: Ruleset, round_number: int, workbook: Path, out: Path | str | None = None,
                 templates: Path | str | None = None, pdf: bool = False, paper: str = "A4",
                 paired_on: Standings | None = None, progress=lambda done, total: None) -> ReportResult:
    """Render (and with `pdf` print) a round's reports, from the standings it was paired on and the latest."""
    from .. import reports  # jinja2 loads only when something is rendered

    round_ = find_round(event, round_number)
    if round_ is None:
        raise EventError(Problem(f"Round {round_number}", "", f"There is no Round {round_number} sheet to report "
                                 "on.", "Pair the round first, or name a round that exists with --round."))
    before = event.with_rounds(tuple(r for r in event.rounds if r.number < round_number))
    paired_on = paired_on or standings_after(before, ruleset)
    complete = all(r.is_complete for r in event.rounds if r.number <= round_number)
    upto = event.with_rounds(tuple(r for r in event.rounds if r.number <= round_number))
    latest = standings_after(upto, ruleset) if complete else paired_on
    rules = ruleset if round_ in event.rounds else finals.stage_rules(ruleset)
    titles = {name: title for name, title in {**reports.REPORTS, **rules.reports.extra_reports}.items()
              if name not in rules.reports.left_out_reports}
    data = reports.build_report_data(event, rules, round_, paired_on, latest, _scores(upto, ruleset, latest), titles)
    data.extra.update(_codes(event, round_, workbook))
    folder = reports_folder(workbook, event, round_, out)
    stamp = report_stamp(event, round_number)
    stale = stale_reports(folder, stamp)
    data.extra["printouts"] = _printouts(titles, rules.reports.kit, pdf, folder, stamp, round_number, workbook)
    pages = reports.render_pages(data, Path(templates) if templates else None, paper)
    try:
        written = write_reports(folder, pages, pdf, rules.reports.kit, progress, round=round_number, made_from=stamp)
    except OSError as error:
        raise EventError(Problem(folder.name, "", f"The reports cannot be written in {folder}: "
                                 f"{error.strerror or error}.", "Check that folder (a file of that name, no room or "
                                 "no permission?), then run `sheetrunner report`.")) from None
    if written.unprinted is not None:
        raise PartlyDone(written.unprinted.problems, f"The HTML reports were written in {folder}; the PDFs were not.")
    return ReportResult(round_number, folder, written.files, stale, round_.sheet, written.removed_pdfs)


def _codes(event: Event, round_: Round, workbook: Path) -> dict[str, dict[str, str]]:
    """Each table's code, printed on its result slip (and with `Codes on pairings`, on its players' lines of the
    pairings) once the event's hall has a secret (issue 30): a TO who never opens the hall sees no codes."""
    codes = round_codes(workbook, round_.number, (game.number for game in round_.games))
    return {"codes": codes, "pairing_codes": codes if event.settings.option("codes_on_pairings") else {}}


def _printouts(titles: dict[str, str], kit: tuple[str, ...], pdf: bool, folder: Path, stamp: str, round_number: int,
               workbook: Path) -> dict:
    """The index's PDF links: printed now (`--pdf`), or kept from an earlier set made from the same pairings
    (`swap.write_reports` carries those over), else the command that prints them."""
    from .context import printouts

    printed = pdf or (made_from(folder) == stamp and (folder / KIT).is_file())
    return printouts(titles, kit, printed, f"sheetrunner report --pdf --round {round_number} {workbook.name}")


def _scores(event: Event, ruleset: Ruleset, latest: Standings) -> list[SeatScore]:
    """The per-seat scores of every counted round, for the history: those `latest` was ranked from when it counts
    the same rounds (the rounds counted are those up to the first without all results), else computed."""
    counted = scored_rounds(event)
    if latest.scores and latest.after_round == (counted[-1].number if counted else 0):
        return list(latest.scores)
    return compute_scores(event.with_rounds(counted), ruleset)


def stale_report_warnings(event: Event, workbook: Path) -> list[Problem]:
    """The reports of the round being played (the last round, or stage of the cut) when they were made before it
    changed (a hand edit since printing), PDFs and kit.pdf named: those printouts are on the tables. An earlier
    round's printouts are long gone, so its edits (a name corrected in Players changes every round's) are not
    repeated on every check for the rest of the event (issue 20)."""
    if not event.rounds:
        return []
    round_ = (event.rounds + event.playoff)[-1]
    where = reports_folder(workbook, event, round_)
    stamp = report_stamp(event, round_.number)
    whole = where.is_dir() and stale_reports(where, stamp)
    stale = stale_printouts(where, stamp) if where.is_dir() else []
    if not (whole or stale):
        return []
    pdfs = [name for name in stale if name.endswith(".pdf")]
    named = f"{KIT} and {len(pdfs) - 1} other PDF(s)" if KIT in pdfs and len(pdfs) > 1 else \
        pdfs[0] if len(pdfs) == 1 else f"{len(pdfs)} PDFs"
    if not whole:  # only PDFs, left beside pages rendered again since
        what = f"{named} in {where.parent.name}/{where.name} were printed"
    else:
        what = f"The printed reports in {where.parent.name}/{where.name}{f', {named} among them,' if pdfs else ''}" \
               " were made"
    return [warning(round_.sheet, "", f"{what} before {round_.sheet} changed.", f"Print them again: sheetrunner "
                    f"report{' --pdf' if pdfs else ''} --round {round_.number} {workbook.name}")]
