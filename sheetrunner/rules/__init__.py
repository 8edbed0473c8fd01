"""What the rounds mean: scores, standings and tiebreakers, penalties, the top cut, the steps between reading and writing."""
