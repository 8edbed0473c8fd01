import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

from sheetrunner.commands.cli import cli  # noqa: E402

# No property test has a deadline: on a busy machine (two shared cores, a parallel job) one slow example is not
# a failure. Loaded before the test modules, so their own @settings(...) inherit it.
settings.register_profile("sheetrunner", deadline=None)
settings.load_profile("sheetrunner")


@pytest.fixture
def run():
    """Run the CLI in-process; returns click's Result (exit_code, output, stderr)."""
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke
