"""How rounds score and rank: standings, the tiebreaker library, penalties and soft scores (pure)."""
