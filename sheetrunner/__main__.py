"""`python -m sheetrunner` runs the same command line as `sheetrunner`."""

from .cli import cli

cli(prog_name="sheetrunner")
