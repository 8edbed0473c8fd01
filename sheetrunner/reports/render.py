"""Rendering the report data to self-contained HTML pages with Jinja2 (SPEC §6).

Templates ship in the package; a TO's `--templates DIR` is searched first, and its templates can extend
the shipped ones as `default:standings.html`. Autoescape is on: a player called `<script>` is printed as
text. A template that fails is named with its line, in one sentence.
"""

from __future__ import annotations

import importlib.resources
import os
from pathlib import Path

import jinja2

from ..model.problems import EventError, Problem
from .context import POSTER_ROWS, ReportData
from .hall import phone_json, qr_code
from .printing import SCREEN_PAGES

REPORTS = {
    "pairings_by_table": "Pairings by table",
    "pairings_by_name": "Pairings by name",
    "result_slips": "Result slips",
    "standings": "Standings",
    "poster": "Poster",
    "history": "Player history",
    "outstanding": "Results still to come",
    "find": "Find your table (for phones)",
    "projector": "Projector view with the round clock",
}
# The wall poster's paper, twice the round's: A3 beside A4, ledger (11 x 17 in) beside Letter. Names at least 9 mm
# high (SPEC §6) fill too few rows of an A4 page.
WALL_PAPER = {"a4": "A3", "letter": "ledger"}


def default_templates() -> Path:
    """The shipped templates: inside the installed package, or `templates/` of a source checkout."""
    try:
        base = Path(str(importlib.resources.files("sheetrunner.templates").joinpath("base.html")))
        if base.exists():
            return base.parent
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent.parent / "templates"


def environment(user_templates: Path | None = None) -> jinja2.Environment:
    """Templates from `user_templates` first, then the shipped ones (also reachable as `default:NAME`)."""
    shipped = jinja2.FileSystemLoader(str(default_templates()))
    loaders: list[jinja2.BaseLoader] = [jinja2.FileSystemLoader(str(user_templates))] if user_templates else []
    loaders += [shipped, jinja2.PrefixLoader({"default": shipped}, delimiter=":")]
    env = ReportEnvironment(loader=jinja2.ChoiceLoader(loaders), autoescape=True, trim_blocks=True,
                            lstrip_blocks=True, undefined=jinja2.StrictUndefined, bytecode_cache=compiled_templates())
    env.filters["css_string"] = css_string
    return env


DICT_ATTRIBUTES = frozenset(dir(dict))


class ReportEnvironment(jinja2.Environment):
    """Jinja2 with `row.name` read straight from a dict's key. The report data is plain dicts, and Jinja2 tries
    an attribute first: the AttributeError it raises for every key cost 40 % of rendering a 4,096-player history.
    A key named like a dict method (`row.items`) still means the method, as in plain Jinja2."""

    def getattr(self, obj, attribute):  # noqa: A003 - Jinja2's name
        if type(obj) is dict and attribute in obj and attribute not in DICT_ATTRIBUTES:
            return obj[attribute]
        return super().getattr(obj, attribute)


class QuietBytecodeCache(jinja2.FileSystemBytecodeCache):
    """Templates compiled once and kept between runs: compiling them cost more than rendering a small round's
    reports. Keyed by each template's source (an edited or `--templates` template compiles again); a cache that
    cannot be written (a full disk, a read-only home) is skipped, never an error."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def compiled_templates() -> jinja2.BytecodeCache | None:
    """The user's cache folder for compiled templates (as for error details), or none when it cannot be made."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sheetrunner" / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return QuietBytecodeCache(str(folder))


def css_string(text: str) -> str:
    """Text inside a CSS string (the page header of printed pages): quotes and backslashes escaped, and the
    characters HTML would misread as hex escapes."""
    return "".join(ch if ch.isalnum() or ch in " ·.,:;-_()/!?'&" else f"\\{ord(ch):x} " for ch in str(text))


def render_pages(data: ReportData, user_templates: Path | None = None, paper: str = "") -> dict[str, str]:
    """Every report of the round, with an index page: the text of each file by its name. Nothing is written
    here: the caller builds the set aside and puts it in place whole (`swap`), so a failed template or a kill
    never leaves a half-written set. `paper` ("A4", "Letter") fixes the page size; blank leaves it to the
    printer."""
    env = environment(user_templates)
    context = {"data": data, "event": data.event, "round": data.round, "paper": paper, "poster_rows": POSTER_ROWS,
               "wall_paper": WALL_PAPER.get(paper.lower(), "A3"), "qr": qr_code(data.event.get("public_url", "")),
               "players_json": phone_json(data) if "find" in data.reports else "[]", "screen_pages": SCREEN_PAGES,
               **data.extra}
    return {f"{name}.html": _render(env, f"{name}.html", context, user_templates) for name in ["index", *data.reports]}


def _render(env: jinja2.Environment, name: str, context: dict, user_templates: Path | None) -> str:
    try:
        return env.get_template(name).render(**context, report=name[:-5])
    except jinja2.TemplateSyntaxError as error:
        where = f"{error.filename or error.name}, line {error.lineno}"
        raise _template_problem(name, f"{where}: {error.message}", user_templates) from None
    except (jinja2.TemplateError, TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError) as error:
        raise _template_problem(name, f"{_template_line(error)}{error}", user_templates) from None


def _template_line(error: Exception) -> str:
    """The template and line an error was raised at, from the traceback Jinja2 rewrites to point into them."""
    tb, found = error.__traceback__, ""
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".html"):
            found = f"{Path(filename).name}, line {tb.tb_lineno}: "
        tb = tb.tb_next
    return found


def _template_problem(name: str, detail: str, user_templates: Path | None) -> EventError:
    hint = f"Fix or remove your template override in {user_templates}." if user_templates else \
        "This is a fault in sheetrunner's own template; please report it."
    return EventError(Problem("", "", f"The template {name} cannot be rendered: {detail}.", hint))
