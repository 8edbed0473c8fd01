"""A `Tiebreakers` or `Team tiebreakers` cell read as a TO types it (issue 32, "settings typed as people mean
them"): a tiebreaker by its name (`opponents_match_win_pct`, any case, spaces or hyphens for underscores) or by the
column the standings show (`OMW%`, `BH-C1`; a team event's own `BW%`). A name that is neither is refused at the
cell, as typed."""

from __future__ import annotations

import json

from test_frictions import played_event
from test_team_regulations import real_event, team_json


def test_tiebreakers_typed_as_the_columns_the_standings_show(tmp_path, run):
    """swiss-tp's `TP, opp op, Draw`: the same order as `tp, opponents_op, random`."""
    path = played_event(tmp_path, {"Tiebreakers": "TP, opp op, Draw"})
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]
    rows = json.loads(run("standings", path, "--json", "--no-write").stdout)
    assert list(rows[0])[list(rows[0]).index("dropped") + 1:] == ["tp", "opponents_op", "random"]


def test_a_name_that_is_neither_a_tiebreaker_nor_a_column_is_refused_as_typed(tmp_path, run):
    path = played_event(tmp_path, {"Tiebreakers": "TP, OMG%"})
    first = run("check", path).stdout.splitlines()[0]
    assert first.startswith('Event!B8: Unknown tiebreaker "omg%". Use names from: random, tp, op, sp, ')


def test_team_tiebreakers_typed_as_columns_fides_order_and_a_teams_own_board_win_column(tmp_path, run):
    """`MP, SB-C1, bh-c1` is FIDE's team order; `BW%` is a team event's name for the game-win % of its boards."""
    fide = team_json(run, real_event(mkdir(tmp_path / "fide"), {"Team tiebreakers": "MP, SB-C1, bh-c1"}))
    assert list(fide[0])[list(fide[0]).index("dropped") + 1:] == ["match_points", "sonneborn_berger_cut1",
                                                                    "buchholz_cut1"]
    boards = team_json(run, real_event(mkdir(tmp_path / "bw"), {"Team tiebreakers": "MP, BW%"}))
    assert list(boards[0])[list(boards[0]).index("dropped") + 1:] == ["match_points", "game_win_pct"]


def mkdir(path):
    path.mkdir()
    return path


def test_every_column_names_one_tiebreaker_and_none_reads_as_another_ones_name():
    """What makes a typed column unambiguous: no two tiebreakers share a column label (any case), and no label,
    typed, is the name of a different tiebreaker."""
    import sheetrunner.teams.tiebreakers  # noqa: F401  (the team tiebreakers register themselves)
    from sheetrunner.scoring.tiebreakers import TIEBREAKERS

    labels = [tiebreaker.label.lower().replace(" ", "_").replace("-", "_") for tiebreaker in TIEBREAKERS.values()]
    assert len(set(labels)) == len(labels) > 30
    assert [(label, key) for label, key in zip(labels, TIEBREAKERS) if label in TIEBREAKERS and label != key] == []
