"""columns.py: the columns sheetrunner knows in `Players` and `Round N`, how a header is matched (any case,
surrounding spaces ignored, §2) and how a cell under it is read."""

from __future__ import annotations

import pytest

from sheetrunner.model import columns as cols
from sheetrunner.model.columns import Column, by_header
from sheetrunner.model.values import BadValue, MatchScore

RESULT = Column("result", "Result", ("W/L/D",), "choice", choices=("W", "L", "D"), synonyms=(("Won", "W"),))
PLAYED = Column("played", "Played", (), "yesno")
GAMES = Column("games_won", "Games won", ("Won",), "games")


def refusal(column: Column, raw) -> str:
    with pytest.raises(BadValue) as refused:
        column.read(raw)
    return str(refused.value)


def test_a_header_matches_in_any_case_with_surrounding_spaces():
    assert cols.PLAYER_NAME.matches("  player NAME ")
    assert cols.PLAYER_NAME.matches("Full  name")
    assert not cols.PLAYER_NAME.matches("Names")
    assert not cols.PLAYER_NAME.matches(None)
    assert not cols.PLAYER_NAME.matches("   ")


def test_the_shared_columns_answer_to_their_aliases():
    assert cols.PLAYER_ID.names == ("ID", "Player ID", "#", "No", "Number")
    assert all(cols.PLAYER_ID.matches(alias) for alias in ("id", "#", "no", "NUMBER"))
    assert all(cols.TABLE.matches(alias) for alias in ("Table", "game", "BOARD", "Match"))  # §2: Table/Game/Board
    assert all(cols.TEAM.matches(alias) for alias in ("Team", "club", "Family"))
    assert cols.DROPPED_AFTER.matches("drop after") and cols.JOINED_IN.matches("Late entry")


def test_index_in_finds_the_first_matching_header():
    headers = ["Table", None, " seat ", "Player", "Name"]
    assert cols.SEAT.index_in(headers) == 2
    assert cols.ROUND_PLAYER.index_in(headers) == 3  # "Name" is an alias too, but comes later
    assert cols.NOTE.index_in(headers) is None


def test_by_header_looks_a_column_up_by_each_name_as_compared():
    lookup = by_header((cols.TABLE, cols.SEAT))
    assert set(lookup) == {"table", "game", "board", "match", "seat"}
    assert lookup["board"] is cols.TABLE


def test_blank_cells_read_as_none():
    for column in (cols.PLAYER_ID, cols.PLAYER_NAME, RESULT, PLAYED, GAMES):
        assert column.read(None) is None
        assert column.read("  ") is None
        assert column.read("\u200b") is None


def test_whole_number_columns_accept_numbers_typed_as_text():
    assert cols.PLAYER_ID.read(7) == 7
    assert cols.PLAYER_ID.read("7") == 7
    assert cols.PLAYER_ID.read(7.0) == 7
    assert cols.SEAT.read(" 2 ") == 2


def test_whole_number_columns_hold_their_minimum():
    assert refusal(cols.PLAYER_ID, 0) == "needs a whole number of at least 1, found 0"
    assert refusal(cols.DROPPED_AFTER, -1) == "needs a whole number of at least 0, found -1"
    assert cols.DROPPED_AFTER.read(0) == 0
    assert refusal(cols.PLAYER_ID, 2.5) == "needs a whole number, found 2.5"
    assert refusal(cols.PLAYER_ID, 10**9) == "needs a whole number of at most 999999999, found 1000000000"


def test_a_games_column_reads_a_match_score():
    score = GAMES.read("2-1")
    assert isinstance(score, MatchScore) and (int(score), score.opponent) == (2, 1)
    assert GAMES.read(2) == 2


def test_choice_and_yes_no_columns():
    assert RESULT.read("w") == "W"
    assert RESULT.read("WON") == "W"
    assert refusal(RESULT, "X") == 'needs one of W, L, D, found "X"'
    assert PLAYED.read("y") is True and PLAYED.read("no") is False


def test_text_columns_read_clean_text_and_numbers_as_text():
    assert cols.PLAYER_NAME.read("  Ann\u00a0 Lee ") == "Ann Lee"
    assert cols.TABLE.read(12.0) == "12"
    assert cols.TABLE.read("BYE") == "BYE"


def test_the_players_columns_in_their_order():
    assert [column.header for column in cols.PLAYER_COLUMNS] == [
        "ID", "Name", "Team", "Fixed table", "Dropped after", "Joined in"]
    assert cols.BYES.required is False and cols.BYES.minimum == 0


def test_every_shared_column_but_note_has_a_hint():
    for column in (*cols.PLAYER_COLUMNS, cols.BYES, cols.TABLE, cols.SEAT, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER):
        assert column.hint.endswith("."), column.header
    assert cols.ROUND_PLAYER_ID.aliases == cols.PLAYER_ID.aliases
