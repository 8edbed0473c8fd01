"""The command line: parsing, what it prints, exit codes, and the commands beyond the library's front door."""
