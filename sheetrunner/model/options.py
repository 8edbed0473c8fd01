"""Event settings and ruleset options: one declaration each, read and written alike.

An `Option` names the row in the `Event` sheet, its default (written by
`init`), how a typed value is read, and a one-line explanation that `init`
writes beside it. Rulesets declare their own options with the same class; an
unknown setting in the sheet is reported, never silently ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from . import values


DECLARED: dict[str, "Option"] = {}  # every setting by key, as the code that reads it declared it (the first)


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    default: Any
    about: str
    kind: str = "whole"  # whole | yesno | choice | number | percent | mean_or_number | none_or_whole | text | url
    choices: tuple[str, ...] = ()
    minimum: int | None = 0
    required: bool = False
    maximum: int | None = None  # a whole number's upper bound, when it has one
    at_most: str = ""  # the key of another option this one may not exceed (a draw worth no more than a win)

    def __post_init__(self) -> None:
        DECLARED.setdefault(self.key, self)

    def read(self, raw: Any) -> Any:
        """The typed value, or the default when the cell is blank."""
        if values.is_blank(raw):
            if self.required:
                raise values.BadValue("is required and is empty")
            return self.default
        reader: dict[str, Callable[[Any], Any]] = {
            "whole": lambda r: values.as_whole_number(r, self.minimum, values.LARGEST_WHOLE if self.maximum is None
                                                      else self.maximum),
            "yesno": values.as_yes_no,
            "choice": lambda r: values.as_choice(r, self.choices),
            "number": lambda r: values.as_number(r, None if self.minimum is None else Fraction(self.minimum)),
            "percent": values.as_percentage,  # a share from 0 to 1: a floor, a factor (33 is refused, never 3300 %)
            "mean_or_number": read_mean_or_number,
            "none_or_whole": lambda r: read_none_or_whole(r, self.upper),
            "text": values.as_text,
            "url": read_url,
        }
        return reader[self.kind](raw)

    def cell_value(self, value: Any) -> Any:
        """How a value is written into the `Event` sheet."""
        if self.kind == "yesno":
            return "Yes" if value else "No"
        if isinstance(value, Fraction):  # a whole or finite decimal number stays a number
            return fraction_cell(value)
        if self.kind == "none_or_whole" and not value:
            return NONE
        return value

    @property
    def upper(self) -> int:
        """The largest whole number the setting takes: its own bound, else the one every whole number has. `init`'s
        options take the same (click.IntRange), so init never writes what check refuses."""
        return values.LARGEST_WHOLE if self.maximum is None else self.maximum

    @property
    def hint(self) -> str:
        if self.kind == "yesno":
            return "Type Yes or No."
        if self.kind == "choice":
            return "Pick one of: " + ", ".join(self.choices) + "."
        if self.kind == "whole":
            if self.minimum is None:
                return "Type a whole number."
            if self.maximum is not None:
                return f"Type a whole number from {self.minimum} to {self.maximum}."
            return f"Type a whole number (at least {self.minimum})."
        if self.kind == "number":
            return "Type a number, e.g. 1/3 or 0.5."
        if self.kind == "percent":
            return "Type a percentage from 0 % to 100 %, e.g. 33 % or 1/3."
        if self.kind == "mean_or_number":
            return "Type mean, or a number such as 0 or 25."
        if self.kind == "none_or_whole":
            most = "" if self.maximum is None else f" (at most {self.maximum})"
            return f"Type none, or a number of players such as 8{most}."
        if self.kind == "url":
            return "Type the web address where the round's reports are published, e.g. https://example.org/open/."
        return ""

    @property
    def allowed(self) -> str:
        """The values the option takes, as `sheetrunner rulesets` lists them beside its default."""
        if self.kind in ("yesno", "choice"):
            return " | ".join(self.choices or ("Yes", "No"))
        if self.kind in ("whole", "number"):
            what = "a whole number" if self.kind == "whole" else "a number"
            if self.minimum is None:
                return what
            if self.maximum is not None:
                return f"{what} from {self.minimum} to {self.maximum}"
            return f"{what} of at least {self.minimum}"
        return {"percent": PERCENT_RANGE, "mean_or_number": "mean, or a number",
                "none_or_whole": "none, or a whole number of at least 2" if self.maximum is None else
                f"none, or a whole number from 2 to {self.maximum}", "text": "text",
                "url": "a web address (https://…)"}[self.kind]


def read_mean_or_number(raw: Any) -> str | Fraction:
    if values.as_text(raw).lower() == MEAN:
        return MEAN
    try:
        return values.as_number(raw)
    except values.BadValue:
        raise values.BadValue(f"needs mean or a number, found {values.shown(raw)}") from None


def read_none_or_whole(raw: Any, maximum: int = values.LARGEST_WHOLE) -> int:
    """`none` (or 0) is 0; otherwise a whole number from 2 to `maximum`."""
    if values.as_text(raw).lower() in (NONE, "no", "0"):
        return 0
    try:
        return values.as_whole_number(raw, 2, maximum)
    except values.BadValue:
        wanted = "of at least 2" if maximum == values.LARGEST_WHOLE else f"from 2 to {maximum}"
        raise values.BadValue(f"needs none or a whole number {wanted}, found {values.shown(raw)}") from None


def read_url(raw: Any) -> str:
    """A web address for the players' phones (a QR code on the printouts): http or https only, so a printed code
    never runs a script or opens a file."""
    text = values.as_text(raw)
    if not text.lower().startswith(("https://", "http://")) or len(text.split()) != 1 or len(text) < 12:
        raise values.BadValue(f"needs a web address beginning with https://, found {values.shown(raw)}")
    return text


def fraction_cell(value: Fraction) -> int | float | str:
    """Whole numbers as numbers, finite decimals (0.33) as numbers, others (1/3) as text that reads back exactly."""
    if value.denominator == 1:
        return int(value)
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    return float(value) if denominator == 1 else str(value)


FORMAT_VERSION = 1  # the workbook format this sheetrunner reads and writes (§2)
PERCENT_RANGE = "0, or a percentage from 1 % to 100 %: 33 %, 0.33 or 1/3"  # a `percent` option's range, as listed
TEAM_RULES = ("always", "round 1 only", "never")
MEAN = "mean"
NONE = "none"
FINAL_DECIDES = ("places", "score")
REPORTED_BY = ("either player", "both players")  # the hall server's results from phones (issue 30)

COMMON_OPTIONS: tuple[Option, ...] = (
    Option("format_version", "Format version", FORMAT_VERSION, "Version of the sheetrunner workbook format.", minimum=1),
    Option("ruleset", "Ruleset", None, "Which rules score and pair this event.", kind="text", required=True),
    # At most 200: a double round robin of 100 players is 198 rounds, and no Swiss, pod event or weekly ladder
    # comes near; 5000 is a typing slip, not an event.
    Option("rounds", "Rounds", None, "How many rounds the event has.", minimum=1, required=True, maximum=200),
    Option("name", "Event name", "", "Shown on every report.", kind="text"),
    Option("date", "Date", "", "Shown on every report.", kind="text"),
    Option("seed", "Random seed", None, "Decides every random draw; keep it to get the same pairings again.",
           minimum=0, required=True),
    Option("tiebreakers", "Tiebreakers", "", "Leave blank for the ruleset's order, or list tiebreakers by name or "
           "column (match_points or MP) separated by commas, the ruleset's score first (MP, OMW%, GW%; see "
           "`sheetrunner tiebreakers`).", kind="text"),
    Option("report_columns", "Report columns", "", "Players columns shown beside each name on pairings and "
           "standings, separated by commas (e.g. Faction, Deck).", kind="text"),
    Option("top_cut", "Top cut", 0, "After the last round: none, or how many players play on by single elimination "
           "(4, 8, 16; a number between gives the top seeds byes). Allegiance and Diplomacy: the size of the final "
           "game (3 or 4; 7).", kind="none_or_whole", maximum=1024),  # 10 knock-out rounds; real cuts are 4 to 64
    Option("keep_teams_apart", "Keep teams apart", "always",
           "When players of the same Team are kept from meeting, where it is possible.",
           kind="choice", choices=TEAM_RULES),
)


# Match points, for two-player rulesets that score a match won, drawn or lost (the `swiss` ruleset's scoring, and
# match-win %, which divides by the points for a win).
POINTS_WIN = Option("points_win", "Points for a win", 3, "Match points for winning a match.", minimum=0)
MATCH_POINT_OPTIONS: tuple[Option, ...] = (
    POINTS_WIN,
    Option("points_draw", "Points for a draw", 1, "Match points for a drawn match (no more than a win).",
           minimum=0, at_most="points_win"),
    Option("points_loss", "Points for a loss", 0, "Match points for losing a match (no more than a draw).",
           minimum=0, at_most="points_draw"),
    Option("points_bye", "Points for a bye", 3, "Match points for a bye (a match won; Bye games won says by how "
           "many games).", minimum=0),
)
# The Swiss engine's one setting (§5.1): rematches are a hard rule unless the TO allows them.
ALLOW_REMATCHES = Option("allow_rematches", "Allow rematches", False, "Let two players meet again (still avoided "
                         "when it costs nothing).", kind="yesno")

# Game points, for rulesets that count the games of a match (game-win %, MTR appendix C): by default the MTR's
# 3 for a game won, 1 for a game drawn, 0 for a game lost, and a bye counted as a 2-0 match. The README tables
# the platforms' rules (MTR/EventLink, melee.gg, Pokémon).
GAME_POINT_OPTIONS: tuple[Option, ...] = (
    Option("game_points_win", "Game points for a game won", 3, "Game points for each game won, for game-win % "
           "(MTR appendix C: 3). Game-win % divides by this for every game played.", minimum=1),
    Option("game_points_draw", "Game points for a drawn game", 1, "Game points for each drawn game (MTR appendix "
           "C: 1; an unfinished game counts as drawn). No more than a game won.", at_most="game_points_win"),
    Option("game_points_loss", "Game points for a game lost", 0, "Game points for each game lost (MTR appendix C: "
           "0). No more than a drawn game.", at_most="game_points_draw"),
)
# An intentional draw (typed ID or 0-0-3: `values.IntentionalDraw`) in game-win %: the MTR reports it as 0-0-3,
# three drawn games, each worth a drawn game's points (MTR 2.4 and appendix C); melee.gg's standings count it as
# three games worth nothing. Match points: a drawn match either way. Read after every other setting (`event_options`)
# so that no row `init` wrote before it moves.
ID_RULES = ("three drawn games", "three games worth nothing")
INTENTIONAL_DRAW_POINTS = Option(
    "game_points_intentional_draw", "Game points for an intentional draw", ID_RULES[0], "An intentional draw (ID or "
    "0-0-3 under Games won) counts in game-win % as three games: three drawn games (MTR 2.4 reports it 0-0-3; "
    "appendix C: 1 point a drawn game) or three games worth nothing (melee.gg). A drawn match either way.",
    kind="choice", choices=ID_RULES)
BYE_GAMES = Option("bye_games", "Bye games won", 2, "Games a bye counts as won, with none lost: 2 is a 2-0 match, 3 "
                   "a 3-0 (for game-win %; a bye is never an opponent).", minimum=1, maximum=3)

# Settings for the hall that `init` does not write (so every workbook's rows stay where they were); typed into
# the Event sheet when wanted, read like the others.
HALL_OPTIONS: tuple[Option, ...] = (
    # At most 10 hours (a long Diplomacy round fits): 3000 is a round's 50 minutes typed in seconds, not a clock.
    Option("round_minutes", "Round minutes", 50, "The projector view's round clock, in minutes.", minimum=1,
           maximum=600),
    Option("public_url", "Public URL", "", "Where the round's reports are published for the players' phones; "
           "the printouts then carry a QR code to it.", kind="url"),
    Option("results_reported_by", "Results reported by", "either player", "`sheetrunner serve`: a result reported "
           "from a phone is taken when either player reports it, or only once both players have reported it alike.",
           kind="choice", choices=REPORTED_BY),
)

# Scores given outside the games (painting, sportsmanship: §2, issue 21), written by `init` after the ruleset's
# own options so every earlier row stays where it was. `soft_scores` parses `Soft scores`.
SOFT_SCORE_USES = ("award", "add", "tiebreaker")
SOFT_SCORE_OPTIONS: tuple[Option, ...] = (
    Option("soft_scores", "Soft scores", "", "Players columns of scores given outside the games, separated by "
           "commas (e.g. Painting, Sportsmanship): a number of at least 0 each, shown in the standings. A use in "
           "brackets overrides Soft score use for one column: Painting (add).", kind="text"),
    Option("soft_score_use", "Soft score use", "award", "How soft scores count: award (shown, with a table of the "
           "top 3 of each, not counted), add (to the main score), tiebreaker (after the ruleset's own, before the "
           "random draw).", kind="choice", choices=SOFT_SCORE_USES),
)


# Team events (issue 22, `teams`): teams are the Swiss's entrants, each team match played on boards. Written by
# `init` after the soft scores, so every earlier row stays where it was; `teams.rules.team_rules` refuses them
# where they make no sense (a ruleset that is not a two-player Swiss, a top cut).
TEAM_RESULTS = ("board wins", "summed points")
TEAM_OPTIONS: tuple[Option, ...] = (
    # At most 32 boards: the largest team matches played (county chess, 16 boards; ETC wargames, 8) twice over.
    # Each board is a slot of every team, so 999,999,999 would fill the machine's memory before any check.
    Option("team_size", "Team size", 0, "none for players on their own; else the players a team fields in each "
           "team match, one per board (a Team column in Players names each player's team; a Board column their "
           "board, blank for a substitute).", kind="none_or_whole", maximum=32),
    Option("team_result", "Team match result", "board wins", "How a team match is decided from its boards: board "
           "wins (more boards won wins; as many is a draw) or summed points (each board's games won in swiss, OP "
           "in swiss-tp, added up).", kind="choice", choices=TEAM_RESULTS),
    Option("team_tiebreakers", "Team tiebreakers", "", "Leave blank for sheetrunner's team order (match points, "
           "OMW%, BW%, OBW%), or list team tiebreakers by name or column separated by commas (`sheetrunner "
           "tiebreakers`; FIDE's: match_points, sonneborn_berger_cut1, buchholz_cut1, or MP, SB-C1, BH-C1).",
           kind="text"),
    Option("team_bye", "Team bye", "every board won", "What a team bye is worth: every board won (a match won, "
           "Points for a bye), drawn match, own average, or the game points it scores (e.g. 1.5); the players "
           "of the team keep Points for a bye.", kind="text"),
)


# How lists by name order and show the players (issue 31, `names`): written by `init` last, so every earlier row stays
# where it was.
NAMES_SORTED_BY = Option(
    "names_sorted_by", "Names sorted by", "first name", "Lists by name (pairings by name, projector, phone page, "
    "player history): first name orders the names as typed (Ann Lee under A); last name orders by last name and "
    "shows Lee, Ann (the Players columns First name and Last name when they make the Name, else its last word, with "
    "van, de, von… before it).", kind="choice", choices=("first name", "last name"))


# The hall's table codes on the pairings too (issue 30), written by `init` after Names sorted by, so every earlier
# row stays where it was.
CODES_ON_PAIRINGS = Option(
    "codes_on_pairings", "Codes on pairings", False, "`sheetrunner serve`: print each table's code on its players' "
    "lines of the pairings too, not only on its result slip (anyone who reads the pairings can then report any "
    "table).", kind="yesno")


FINAL_DECIDES_OPTION = Option(
    "final_decides", "Final decides", "places", "With a top cut: places, the final game alone orders its players "
    "(ties to the higher seed); score, its players are ranked by their score with the final's added (Diplomacy: "
    "event score plus top board score).", kind="choice", choices=FINAL_DECIDES)


def option_by_label(options: tuple[Option, ...]) -> dict[str, Option]:
    """Options keyed by their label as matched in a sheet: lower case, trimmed."""
    return {normal(option.label): option for option in options}


def normal(header: Any) -> str:
    """Header and label matching: case-insensitive, surrounding spaces ignored (§2)."""
    return " ".join(values.as_text(header).lower().split())


def distinct(options) -> tuple[Option, ...]:
    """Options by key, each once, in their first place: a setting two readers share (points for a win: the
    scoring and match-win %) is one row."""
    seen: dict[str, Option] = {}
    for option in options:
        seen.setdefault(option.key, option)
    return tuple(seen.values())


def event_options(ruleset_options: tuple[Option, ...] = ()) -> tuple[Option, ...]:
    """Every setting of an event, in the order `init` writes them in the Event sheet: the common ones, the
    ruleset's own, then the hall's, the soft scores' and the team event's, then, for a ruleset that counts drawn
    games, the intentional draw's, then how lists sort names and the codes on pairings (added later: earlier rows
    keep their place). The one list `init`, validation, `sheetrunner rulesets` and `simulate` use."""
    return COMMON_OPTIONS + tuple(ruleset_options) + HALL_OPTIONS + SOFT_SCORE_OPTIONS + TEAM_OPTIONS \
        + late_options(ruleset_options) + (NAMES_SORTED_BY, CODES_ON_PAIRINGS)


def late_options(ruleset_options: tuple[Option, ...]) -> tuple[Option, ...]:
    """A ruleset's settings declared after the team event's (so no earlier row moves): the intentional draw's,
    for a ruleset that counts drawn games."""
    return (INTENTIONAL_DRAW_POINTS,) if any(option.key == "game_points_draw" for option in ruleset_options) else ()
