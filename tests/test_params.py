"""Mirrors `sheetrunner/commands/params.py`: the command line's own parameter types, checked as click reads them (a mistake
there is exit 2, a usage error), without loading the library."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from sheetrunner.commands.params import WORKBOOK_PATH, RulesetName, known_encoding, quiet_option


@click.command()
@click.option("--ruleset", type=RulesetName())
@click.option("--encoding", default="utf-8-sig", callback=known_encoding)
@click.argument("workbook", type=WORKBOOK_PATH)
@quiet_option
def command(ruleset, encoding, workbook, quiet):
    click.echo(f"{ruleset}|{encoding}|{type(workbook).__name__}:{workbook}|{quiet}")


def invoke(*args):
    return CliRunner().invoke(command, list(args), catch_exceptions=False)


@pytest.mark.parametrize("name", ["swiss-tp", "pod-round-robin", "swiss", "chits-and-cards", "allegiance",
                                  "ndc-diplomacy"])
def test_every_ruleset_of_the_spec_is_a_ruleset_name(name):
    result = invoke("--ruleset", name, "e.xlsx")
    assert (result.exit_code, result.stdout) == (0, f"{name}|utf-8-sig|PosixPath:e.xlsx|False\n")


def test_an_unknown_ruleset_is_a_usage_error_listing_the_choices():
    result = invoke("--ruleset", "Swiss-TP", "e.xlsx")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--ruleset': 'Swiss-TP' is not a ruleset; choose from swiss-tp, pod-round-robin, "
        "swiss, chits-and-cards, allegiance, ndc-diplomacy.")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "latin-1", "UTF8"])
def test_an_encoding_python_knows_is_passed_on_as_typed(encoding):
    result = invoke("--encoding", encoding, "e.xlsx")
    assert (result.exit_code, result.stdout) == (0, f"None|{encoding}|PosixPath:e.xlsx|False\n")


@pytest.mark.parametrize("encoding", ["base64", "utf-9", "rot13"])
def test_an_encoding_that_cannot_write_text_is_a_usage_error(encoding):
    result = invoke("--encoding", encoding, "e.xlsx")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (f"Error: Invalid value for '--encoding': '{encoding}' is not an "
                                              "encoding; try utf-8-sig, utf-8 or cp1252.")


def test_quiet_has_a_short_form_and_help():
    assert invoke("-q", "e.xlsx").stdout == "None|utf-8-sig|PosixPath:e.xlsx|True\n"
    help_lines = [line.split() for line in invoke("--help").stdout.splitlines()]
    assert ["-q,", "--quiet", "Print", "only", "problems."] in help_lines  # this command has no --json to mention


def test_help_does_not_load_the_rulesets():
    """RulesetName imports the rulesets only when a ruleset is given."""
    code = ("import sys, click; from sheetrunner.commands.params import RulesetName\n"
            "@click.command()\n@click.option('--ruleset', type=RulesetName())\ndef c(ruleset): pass\n"
            "c.main(['--help'], standalone_mode=False)\n"
            "print('sheetrunner.rulesets' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "False"


def test_a_workbook_path_is_not_a_folder(tmp_path):
    result = invoke(str(tmp_path))
    assert result.exit_code == 2
    assert "is a directory" in result.stderr
