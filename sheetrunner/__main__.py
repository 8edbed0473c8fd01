"""`python -m sheetrunner` runs the same command line as `sheetrunner`."""

from .cli import main

main()
