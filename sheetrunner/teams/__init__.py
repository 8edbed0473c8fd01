"""Team events (issue 22, SPEC §5a): teams are the Swiss's entrants, and each team match is played on boards.

How a team event is run, and why it is built this way:

- **Settings.** `Team size` (none: not a team event) is the number of boards of a team match; `Team match
  result` says how a match is decided from its boards (board wins, or summed points). Only a two-player Swiss
  (`swiss`, `swiss-tp`) can be a team event, and it has no top cut (`settings`).
- **Teams.** The Players sheet's `Team` column names each player's team; its `Board` column the board they play
  (1, 2, 3 or A, B, C: seat A plays seat A). Without a Board column the first players of a team, in Players
  order, hold boards 1, 2, 3 … and the rest are substitutes; with one, a blank Board is a substitute (`roster`).
- **One derived event.** The teams form a team-level `Event`: each team a `Player`, each team match a `Table` of
  two seats whose result is built from its boards (`scoring`). It is paired by the Swiss engine through the
  `swiss` ruleset's own `pair` (no rematch, shortest floats, the bye to the lowest team without one) and ranked
  by the tiebreaker library (match points, opponents' match-win %, board-win % where a team's "games" are its
  boards, opponents' board-win %). Nothing of the Swiss is copied.
- **Boards.** Each team match is written as one table per board (board b of one team against board b of the
  other), tables numbered on from match to match, with a `Team match` column grouping them (`sheets`). Each board
  is an ordinary two-player game of the ruleset, so the individual standings come as they always do.
- **The round sheet is the truth.** A TO may retype any line-up; it is read back as long as each board pits one
  player of each of two teams, a team plays one team match per round with at most Team size boards, and the Team
  match column agrees (`check`).
- **Substitutes, forfeits, drops, byes.** A regular who dropped is replaced on their board by the team's first
  substitute still in. With nobody left, the board is forfeited: the present player's row is a BYE row under the
  match's label (the ruleset's bye for them; a board won for their team). A team is dropped when all its players
  are. An odd team out gets the bye: every player of its line-up a BYE row, the team the ruleset's bye points.

- **Regulations (issue 33).** `Team tiebreakers` ranks the teams by the library's team tiebreakers (game points,
  Buchholz and its cuts, Sonneborn-Berger for teams, direct encounter: `tiebreakers`) instead of the order above;
  `Team bye` sets a team bye's worth apart from the players' `Points for a bye` (`byes`); a forfeited board scores
  a win (`forfeits`). Both read at their cells (`regulations`).

When Team size is set, validation hands on the event's ruleset with its layout, pairer and reports replaced by a
team event's (`rules`); the game is the ruleset's own.
"""
