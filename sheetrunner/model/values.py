"""Reading one cell's value the way a TO typed it.

Numbers typed as text ("3"), whole numbers stored as floats (3.0), yes/no in
several spellings: each reader returns the clean value or raises `BadValue`
with a sentence that finishes "… found X".

A digit is 0-9, typed in ASCII or in fullwidth form (what a Japanese or
Chinese input method types: "３" is 3). Other characters that look like
numbers are refused by name rather than folded into digits: a superscript
"²" is a footnote mark or a stray keystroke, not the score 2, and "½",
"①", "٣" or a styled "𝟐" pasted from elsewhere is not what a scorekeeper
types either; the TO is asked to type the plain digit.
"""

from __future__ import annotations

import datetime
import math
import re
import string
import unicodedata
from decimal import Decimal
from fractions import Fraction
from typing import Any

YES = ("yes", "y", "true", "1", "x")
NO = ("no", "n", "false", "0", "")
LARGEST_WHOLE = 999_999_999  # far above any ID, score or round; Excel keeps 15 digits exactly
LONGEST_NUMBER_TEXT = 40
LEAST_PERCENTAGE = Fraction(1, 100)  # below 1 %, a floor or factor above 0 is a share typed with a % sign (0.33 %)
LONGEST_CELL_TEXT = 32_767  # Excel's limit for one cell: a longer text is cut when the workbook is opened
PLAIN_NUMBER = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(/[0-9]+)?$")
THOUSANDS = re.compile(r"^[+-]?[1-9][0-9]{0,2},[0-9]{3}$")  # 1,000: a thousand, or one with a decimal comma
FULLWIDTH_DIGITS = "０１２３４５６７８９"
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"  # hyphen-minus, hyphens, figure/en/em dash, minus sign
MATCH_SCORE = re.compile(rf"^([0-9]+)\s*[{DASHES}:]\s*([0-9]+)(?:\s*[{DASHES}:]\s*([0-9]+))?$")


class BadValue(ValueError):
    """A cell holds something that is not what the column needs. `hint` is the fix for this very value, when the
    reader knows one better than its column's or setting's own (33 in a percentage: "Type 33 % or 1/3.")."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


def clean_text(raw: str) -> str:
    """Text as a person reads it: compatibility forms folded (a no-break space is a space), invisible
    format characters (zero-width space, joiners, BOM) removed, runs of spaces made one, ends trimmed."""
    if raw.isascii():  # nearly every cell: nothing to fold, nothing invisible
        return " ".join(raw.split())
    folded = unicodedata.normalize("NFKC", raw)
    visible = "".join(ch for ch in folded if unicodedata.category(ch) != "Cf")
    return " ".join(visible.split())


def is_blank(raw: Any) -> bool:
    return raw is None or (isinstance(raw, str) and clean_text(raw) == "")


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
DATE_OR_TIME = (datetime.date, datetime.time, datetime.timedelta)  # datetime.datetime is a date


def shown(raw: Any) -> str:
    """How a value appears in a message: text in quotes, numbers plain, a date as people write it ("the date
    2 March 2026"), never as Python prints it."""
    if isinstance(raw, DATE_OR_TIME):
        return shown_date(raw)
    if isinstance(raw, str):
        return f'"{raw}"' if len(raw) <= LONGEST_NUMBER_TEXT else f'"{raw[:LONGEST_NUMBER_TEXT - 3]}…"'
    if isinstance(raw, float) and raw.is_integer() and abs(raw) < 1e15:
        return str(int(raw))
    if isinstance(raw, int) and not isinstance(raw, bool) and abs(raw) >= 10 ** 15:
        return f"{raw:.4g}"
    return str(raw)


def shown_date(raw: datetime.date | datetime.time | datetime.timedelta) -> str:
    if isinstance(raw, datetime.timedelta):
        return f"the duration {raw}"
    if isinstance(raw, datetime.time):
        return f"the time {raw:%H:%M}" + (f":{raw:%S}" if raw.second else "")
    day = f"{raw.day} {MONTHS[raw.month - 1]} {raw.year}"
    if isinstance(raw, datetime.datetime) and raw.time() != datetime.time(0):
        return f"the date and time {day} {raw:%H:%M}"
    return f"the date {day}"


def refuse_date(raw: Any, what: str) -> None:
    """The one rule of every number reader: a date or time in a number cell is what a spreadsheet made of what was
    typed (2-1 or 3/4 became a date, 2:1 a time, 1.5 the 1st of May in some locales), so the message says so
    instead of showing a Python datetime. Which date it made depends on the locale, so it is never read back as a
    number; formatting the column as Text keeps what is typed as typed."""
    if isinstance(raw, DATE_OR_TIME):
        made = "a time" if isinstance(raw, (datetime.time, datetime.timedelta)) else "a date"
        raise BadValue(f"needs {what}, found {shown(raw)} (the spreadsheet turned what was typed into {made}: format "
                       "the column as Text and type it again)")


def as_text(raw: Any) -> str:
    if raw is None:
        return ""
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return clean_text(str(raw))


def look_alike_digit(raw: str) -> str | None:
    """The first character of `raw` that reads as a number but is not a digit 0-9 (ASCII or fullwidth), e.g.
    "²" or "½"; None when there is none. Unicode folding would turn "²" into "2": this is checked first."""
    if raw.isascii():
        return None
    return next((ch for ch in raw if ch.isnumeric() and not ch.isascii() and ch not in FULLWIDTH_DIGITS), None)


def refuse_look_alike(raw: str, what: str) -> None:
    """Raise `BadValue` naming the character when `raw` holds a digit look-alike (see the module docstring)."""
    odd = look_alike_digit(raw)
    if odd is not None:
        name = unicodedata.name(odd, "").lower() or f"character U+{ord(odd):04X}"
        article = "an" if name[0] in "aeiou" else "a"
        raise BadValue(f"needs {what} in the digits 0-9, found {shown(raw)} (\"{odd}\" is {article} {name}, not a "
                       "digit)")


def as_label(raw: Any) -> str:
    """Text that is read as a number when it is one (a table label, a board, an ID typed for a name): as a
    person reads it, except that a look-alike that folding would make a digit ("²" -> "2") is refused by name, as
    every number reader refuses it. Text that would not read as a number keeps its characters ("Bob²")."""
    text = as_text(raw)
    if isinstance(raw, str) and text.isdecimal():
        refuse_look_alike(raw, "a number")
    return text


def as_board(raw: Any) -> int:
    """A team's Board cell: a whole number from 1, or a letter (A is board 1: card-game trios seat A, B, C)."""
    text = as_label(raw)  # "²" is not board 2
    if len(text) == 1 and text.upper() in string.ascii_uppercase:
        return string.ascii_uppercase.index(text.upper()) + 1
    try:
        return as_whole_number(text, 1)
    except BadValue:
        raise BadValue(f"needs a board number from 1 (or a letter A, B, C …), found \"{text}\"") from None


def as_whole_number(raw: Any, minimum: int | None = 0, maximum: int = LARGEST_WHOLE) -> int:
    """A whole number, from a number cell or text such as " 3 ", no larger than `maximum`."""
    value: Any = raw
    refuse_date(raw, "a whole number")
    if isinstance(raw, bool):
        raise BadValue(f"needs a whole number, found {shown(raw)}")
    if isinstance(raw, str):
        refuse_look_alike(raw, "a whole number")
        text = clean_text(raw)
        if len(text) > LONGEST_NUMBER_TEXT or not text.isascii():
            raise BadValue(f"needs a whole number, found {shown(raw)}")
        try:
            value = int(text)
        except ValueError:
            try:
                value = float(text)
            except ValueError:
                raise BadValue(f"needs a whole number, found {shown(raw)}") from None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise BadValue(f"needs a whole number, found {shown(raw)}")
    if not isinstance(value, (int, float)):
        raise BadValue(f"needs a whole number, found {shown(raw)}")
    if minimum is not None and value < minimum:
        raise BadValue(f"needs a whole number of at least {minimum}, found {shown(raw)}")
    if value > maximum:
        raise BadValue(f"needs a whole number of at most {maximum}, found {shown(raw)}")
    return int(value)


class MatchScore(int):
    """Games won typed as the match score from this row's side ("2-1", or "2-1-1" with drawn games): the int is
    this row's games won; `opponent` and `drawn` are what the score says of the rest, for the ruleset to check
    against the other row (sheetrunner never writes results, so the other row must say the same)."""

    opponent: int
    drawn: int | None
    typed: str

    def __new__(cls, won: int, opponent: int, drawn: int | None, typed: str) -> MatchScore:
        score = super().__new__(cls, won)
        score.opponent, score.drawn, score.typed = opponent, drawn, typed
        return score

    def __getnewargs__(self) -> tuple[int, int, int | None, str]:  # type: ignore[override]
        """What pickling hands `__new__` again (int's would be the games won alone): the hall's writer process
        sends the event it read, typed scores and intentional draws included, to the server's process."""
        return int(self), self.opponent, self.drawn, self.typed


class IntentionalDraw(MatchScore):
    """An intentional draw (MTR 2.4: the players agree to draw the match, and it is reported 0-0-3), typed `ID`
    or `0-0-3` in Games won: no game won, and not the drawn games of a played match, so game-win % can score it by
    its own setting (`Game points for an intentional draw`). Three drawn games really played are typed 0 with 3
    under Games drawn."""


INTENTIONAL_DRAW_WORDS = ("id", "intentional draw")
INTENTIONAL_DRAW_SCORE = (0, 0, 3)  # MTR 2.4's report of an intentional draw: won-lost-drawn


def as_games_won(raw: Any, minimum: int | None = 0) -> int:
    """Games won: a whole number, or a match score from this row's side (`2-1`, `2–1`, `2:1`, `2 - 1`, and
    `2-1-1` with drawn games, the MTR's won-lost-drawn order), or an intentional draw (`ID`, or the MTR's
    `0-0-3`). A date or time is refused by `refuse_date`: a spreadsheet turns a typed 2-1 into 1 February (or 2
    January: which depends on the locale, so it is not read back)."""
    refuse_date(raw, "a whole number")
    if isinstance(raw, str):
        refuse_look_alike(raw, "a whole number")
        if clean_text(raw).casefold() in INTENTIONAL_DRAW_WORDS:
            return IntentionalDraw(0, 0, None, clean_text(raw))
        match = MATCH_SCORE.match(clean_text(raw))
        if match:
            first, second, third = match.groups()  # the drawn games are optional
            won, opponent, drawn = int(first), int(second), (int(third) if third is not None else None)
            kind = IntentionalDraw if (won, opponent, drawn) == INTENTIONAL_DRAW_SCORE else MatchScore
            return kind(as_whole_number(won, minimum), opponent, drawn, clean_text(raw))
    return as_whole_number(raw, minimum)


def as_score(raw: Any, minimum: int | None = 0) -> int:
    """A whole number, or a game's score from this row's side (`4-1`: this player 4, the opponent 1; any dash or a
    colon between), so one row can say the whole game (issue 31). Three numbers are refused as any other text."""
    refuse_date(raw, "a whole number")
    if isinstance(raw, str):
        refuse_look_alike(raw, "a whole number")
        match = MATCH_SCORE.match(clean_text(raw))
        if match and match.group(3) is None:
            return MatchScore(as_whole_number(match.group(1), minimum), int(match.group(2)), None, clean_text(raw))
    return as_whole_number(raw, minimum)


def refuse_thousands(raw: str) -> None:
    """A comma before three digits (`1,000`, `12,500`) is a thousands separator in some countries and a decimal
    comma in others (where 2,5 is two and a half, as `as_number` reads it): which one was meant cannot be told, so
    it is refused with both readings, never read as the one a thousandth of the other."""
    text = clean_text(raw)
    if THOUSANDS.match(text):
        thousands, decimal = text.replace(",", ""), exact_decimal(Fraction(text.replace(",", ".")))
        raise BadValue(f"is {shown(raw)}, which is {thousands} in some countries and {decimal} in others",
                       f"Type {thousands} or {decimal}.")


def as_number(raw: Any, minimum: Fraction | None = None) -> Fraction:
    """An exact number; decimals typed in a cell are read as the decimal they show."""
    refuse_date(raw, "a number")
    if isinstance(raw, bool) or (isinstance(raw, str) and len(raw) > LONGEST_NUMBER_TEXT):
        raise BadValue(f"needs a number, found {shown(raw)}")
    if isinstance(raw, float) and not math.isfinite(raw):
        raise BadValue(f"needs a number, found {shown(raw)}")
    if isinstance(raw, str):
        refuse_look_alike(raw, "a number")
        refuse_thousands(raw)
    try:
        if isinstance(raw, float):
            value = Fraction(repr(raw))
        elif isinstance(raw, (int, Fraction)):
            value = Fraction(raw)
        else:
            text = clean_text(str(raw)).replace(",", ".")
            if not PLAIN_NUMBER.match(text):  # no exponents: "1e999999999" would take forever
                raise ValueError(text)
            value = Fraction(text)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise BadValue(f"needs a number, found {shown(raw)}") from None
    if abs(value) > LARGEST_WHOLE:
        raise BadValue(f"needs a number of at most {LARGEST_WHOLE}, found {shown(raw)}")
    if minimum is not None and value < minimum:
        raise BadValue(f"needs a number of at least {minimum}, found {shown(raw)}")
    return value


def as_yes_no(raw: Any) -> bool:
    text = as_text(raw).lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise BadValue(f"needs Yes or No, found {shown(raw)}")


def as_choice(raw: Any, choices: tuple[str, ...], synonyms: tuple[tuple[str, str], ...] = ()) -> str:
    """One of `choices`, matched case-insensitively; `synonyms` are other words read as a choice (word, choice)."""
    text = as_text(raw).casefold()
    for choice in choices:
        if choice.casefold() == text:
            return choice
    for word, choice in synonyms:
        if word.casefold() == text:
            return choice
    listed = ", ".join(choices)
    raise BadValue(f"needs one of {listed}, found {shown(raw)}")


def as_percentage(raw: Any) -> Fraction:
    """A share from 0 to 1 (a floor, a factor), as a person types a percentage: `33%` or `33 %` typed as text is
    33 %, and a percent-formatted cell already holds 0.33. A plain number is the share itself (0.33, 1/3); one
    above 1 is never read as a percentage of its own accord (is 33 meant as 33 % or as 33?) but refused with what it
    reads as and what to type, so a floor typed 33 never silently becomes 3300 % (SPEC §7). A share above 0 and
    below 1 % is refused alike: no event sets a floor or a factor that small, and 0.33 typed with a % sign (0.33 %,
    in a cell or one formatted as a percentage) would rank the event as with no floor at all."""
    refuse_date(raw, "a percentage")
    text = clean_text(raw) if isinstance(raw, str) else ""
    if not text.endswith("%"):
        share = as_number(raw)
        said = f"{shown(raw)}, which reads as {percent_text(share)}"
        if not 0 <= share <= 1:
            raise BadValue(f"is {said}", percentage_hint(share))
    else:
        refuse_look_alike(raw, "a percentage")
        try:
            share = as_number(text[:-1].rstrip().replace(",", ".")) / 100  # 33,333 %: below 100, a decimal comma
        except BadValue:
            raise BadValue(f"needs a percentage, found {shown(raw)}") from None
        said = percent_text(share)
        if share < 0 or share > 1:
            raise BadValue(f"is {said}, {'less than 0' if share < 0 else 'more than 100'} %")
    if 0 < share < LEAST_PERCENTAGE:  # 0.33 typed with a % sign: refused as 33 is, never read as no floor
        raise BadValue(f"is {said}, less than 1 %", percentage_hint(share * 10_000, none=True))
    return share


def percent_text(share: Fraction) -> str:
    """A share as a percentage in a message: 3300 %, 33.5 %, 33.33 % (a third, rounded for reading only)."""
    return f"{exact_decimal(share * 100) or f'{float(share * 100):.2f}'} %"


def exact_decimal(value: Fraction) -> str | None:
    """`value` written out exactly as a decimal (0.33, 3300), or None when it has no finite decimal (1/3)."""
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return None
    return format(Decimal(value.numerator) / Decimal(value.denominator), "f")


def percentage_hint(typed: Fraction, none: bool = False) -> str:
    """What to type for a number that reads as far more than 100 % because it was meant as a percentage (33 for
    33 %), or as far less (0.33 % for 0.33, given as the 33 it means): the same percentage with its sign, the share
    as a decimal, and a third when it is about one (the MTR's 1/3, 002's 33 %); `none`: and 0 for none. Empty when
    the number cannot be a percentage either (below 1, above 100)."""
    if not 1 <= typed <= 100:
        return ""
    meant = typed / 100
    ways = [percent_text(meant), exact_decimal(meant) or str(meant)]
    third = Fraction(round(meant * 3), 3)
    if third.denominator == 3 and abs(third - meant) < Fraction(1, 100) and str(third) not in ways:
        ways.append(str(third))
    return "Type " + (", ".join(ways[:-1]) + " or " + ways[-1]) + ("; 0 for none." if none else ".")
