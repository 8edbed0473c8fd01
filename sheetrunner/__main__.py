"""`python -m sheetrunner` runs the same command line as `sheetrunner`."""

from .commands.cli import main

main()
