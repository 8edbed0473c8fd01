"""made.py: frozen dataclasses made without their `__init__` where every value is known good (issue 34): the same
object `__init__` makes, still frozen, and refused for a class whose `__init__` does more than set fields."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, fields

import pytest

from sheetrunner.model.event import Player, Round, Seat, SeatScore, Table
from sheetrunner.model.made import maker
from sheetrunner.scoring.standings import StandingsRow


def same(made: object, expected: object) -> bool:
    return made == expected and repr(made) == repr(expected) and vars(made) == vars(expected) and \
        list(vars(made)) == list(vars(expected)) and type(made) is type(expected)


@pytest.mark.parametrize("cls, values", [
    (Seat, (4, "Austria", {"result": None}, "a note", 0, {})),
    (Table, (3, ())),
    (Round, (2, (), "Round 2", (5,))),
    (SeatScore, (1, 7, (8,), {"mp": 3}, "win")),
    (StandingsRow, (1, False, Player(3, "Ana"), {"match_points": 6}, False, "Pod A", 5)),
])
def test_an_object_made_is_the_one_init_makes(cls, values):
    made, expected = maker(cls)(*values), cls(*values)
    assert same(made, expected)
    if cls not in (StandingsRow, SeatScore):  # (their dict fields are hashed: neither can be)
        assert hash(made) == hash(expected)


def test_what_is_made_stays_frozen_and_its_kept_properties_work():
    table = maker(Table)(1, (Seat(1), Seat(2)))
    with pytest.raises(FrozenInstanceError):
        table.number = 2  # type: ignore[misc]
    assert table.player_ids == (1, 2) and maker(Round)(1, (table,), "", ()).games == (table,)


def test_a_kept_property_given_is_kept_as_its_first_read_keeps_it():
    seats = (Seat(1), Seat(2))
    made, expected = maker(Table, kept=("player_ids",))(3, seats, (1, 2)), Table(3, seats)
    assert "player_ids" in vars(made) and "player_ids" not in vars(expected)
    assert expected.player_ids == (1, 2)  # its first read keeps it
    assert same(made, expected) and hash(made) == hash(expected)


@pytest.mark.parametrize("name", ["number", "is_bye", "opponents_of", "nothing"])
def test_only_a_kept_property_is_given_as_kept(name):
    """A field, a plain property or a method is not kept in the instance: a value stored there would hide it."""
    with pytest.raises(TypeError, match=f"Table.{name} is not a kept_property"):
        maker(Table, kept=(name,))


def test_every_field_is_needed():
    with pytest.raises(TypeError):
        maker(Table)(1)


def test_a_class_whose_init_does_more_is_refused():
    @dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            assert self.value > 0

    @dataclass(frozen=True)
    class Private:
        _value: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        value: int

    refused = ((Checked, "Checked: only a plain dataclass"), (Slotted, "Slotted: only a plain dataclass"),
               (int, "int: only a plain dataclass"), (Private, "Private: a field's name starts with an underscore"))
    for cls, said in refused:
        with pytest.raises(TypeError, match=said):
            maker(cls)
    assert [field.name for field in fields(Seat)] == ["player_id", "seat", "result", "note", "row", "marks"]
