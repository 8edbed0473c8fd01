"""Frozen dataclasses made quickly where every field's value is known good (issue 34).

A frozen dataclass's `__init__` sets each field through `object.__setattr__`, to get past its own frozen
`__setattr__`: about 2 µs for a six-field `Seat`, most of what building a simulated round costs (a seat, a table,
a score per player every round of hundreds of events, beside a pairing that may take 15 µs a player). `maker(cls)`
gives a function that fills the instance's `__dict__` instead, in a quarter of the time. The object is the same
one `cls(...)` makes (equal, hashed and printed alike: `tests/test_made.py`): only a caller that passes every
field, in order, values that need no check or conversion, uses it. Classes with `__post_init__` or `__slots__` are
refused, as what their `__init__` does is more than setting fields.

The price: CPython then reads the object's fields through its dict rather than the inline values `__init__` leaves,
a little slower each time. Worth it for objects made by the hundred and read a few times (a round's seats, tables
and scores, a ranking's rows); not for the simulated players, which every later round's pairing reads again.
"""

from __future__ import annotations

import inspect
from dataclasses import fields, is_dataclass
from typing import Any, Callable, TypeVar

from .event import kept_property

T = TypeVar("T")


def maker(cls: type[T], kept: tuple[str, ...] = ()) -> Callable[..., T]:
    """A function of every field of the dataclass `cls`, in order and all given, that returns the instance; then
    of the `kept` properties' values, when the caller has them already: each a property the class works out once
    and keeps in the instance's `__dict__` (`event.kept_property`), stored there as its first read would store
    it (a table's players, known to whoever seated them, cost a simulated round as much as making the table).

    Written out as source, as `dataclasses` writes `__init__` itself: one store per field, no loop, no zip (a
    third faster again than `__dict__.update(zip(...))` for a six-field `Seat`)."""
    if not is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__}: only a plain dataclass is made without its __init__")
    for name in kept:
        if not isinstance(inspect.getattr_static(cls, name, None), kept_property):
            raise TypeError(f"{cls.__name__}.{name} is not a kept_property")
    names = [field.name for field in fields(cls)] + list(kept)
    if any(name.startswith("_") for name in names):  # the function's own names start with one
        raise TypeError(f"{cls.__name__}: a field's name starts with an underscore")
    stores = "".join(f"    _made[{name!r}] = {name}\n" for name in names)
    source = (f"def make_{cls.__name__}({', '.join(names)}):\n    _instance = _new(_cls)\n"
              f"    _made = _instance.__dict__\n{stores}    return _instance\n")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec(source, scope)  # source made above from the field names alone, as dataclasses makes __init__
    return scope[f"make_{cls.__name__}"]
