"""The command line's own parameters: a workbook's path, a ruleset's name, an encoding, --quiet. Each is checked
as click reads it (a mistake there is exit 2), without loading the library."""

from __future__ import annotations

from pathlib import Path

import click

WORKBOOK_PATH = click.Path(dir_okay=False, path_type=Path)


class RulesetName(click.ParamType):
    """A ruleset's name, checked against the rulesets only when one is given: `--help` and `--version` do not
    load them."""

    name = "ruleset"

    def convert(self, value, param, ctx) -> str:
        from ..rulesets import RULESET_NAMES

        if value in RULESET_NAMES:
            return value
        self.fail(f"{value!r} is not a ruleset; choose from {', '.join(RULESET_NAMES)}.", param, ctx)


def quiet_option(function):
    """-q for a command without --json (its help does not mention one: issue 31)."""
    return click.option("--quiet", "-q", is_flag=True, help="Print only problems.")(function)


def quiet_json_option(function):
    """-q for a command with --json, which still prints what --json asks for."""
    return click.option("--quiet", "-q", is_flag=True, help="Print only problems (and what --json asks for).")(
        function)


def known_encoding(_context: click.Context, _parameter: click.Parameter, name: str) -> str:
    """An --encoding Python can write text in, or a usage error (exit 2)."""
    try:
        "".encode(name)
    except LookupError:
        raise click.BadParameter(f"{name!r} is not an encoding; try utf-8-sig, utf-8 or cp1252.") from None
    return name


def from_older_copy_option(function):
    return click.option("--from-older-copy", is_flag=True,
                        help="Go on from a workbook older than the one sheetrunner last wrote, on purpose (the Log "
                             "says so); without it such a copy is refused, naming what it lacks.")(function)


def setting_range(key: str, minimum: int | None = None) -> click.IntRange:
    """An `init` option's range: the Event setting's own bounds (`options.DECLARED`: one declaration), so `init`
    never writes a workbook its own `check` refuses. `minimum` for a setting whose 0 means none (Top cut)."""
    from ..model.options import DECLARED

    option = DECLARED[key]
    return click.IntRange(min=option.minimum if minimum is None else minimum, max=option.upper)
