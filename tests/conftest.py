import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from sheetrunner.cli import cli  # noqa: E402


@pytest.fixture
def run():
    """Run the CLI in-process; returns click's Result (exit_code, output, stderr)."""
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke
