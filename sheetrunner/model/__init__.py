"""The event as data: players, rounds, results and settings, and how one cell's value is read."""
