"""`sheetrunner rulesets` lists every option of every ruleset from the declarations `init` writes (issue 21)."""

from __future__ import annotations

import pytest

from sheetrunner.model.options import COMMON_OPTIONS, event_options, late_options
from sheetrunner.rulesets import all_rulesets

RULESETS = all_rulesets()


def blocks(text: str) -> dict[str, list[str]]:
    """The listing's lines by ruleset name (a block starts at `name: title`), and the common settings under ""."""
    found: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line == "Every ruleset also takes:":
            current = ""
        elif not line.startswith(" ") and ":" in line:
            current = line.split(":")[0]
        found.setdefault(current, []).append(line)
    return found


def default_shown(option) -> str:
    """The default as `init` writes it into the Event sheet (a required setting has none)."""
    if option.default is None:
        return "(required)"
    shown = option.cell_value(option.default)
    return "(blank)" if shown == "" else str(shown)


def option_line(lines: list[str], option) -> str:
    matches = [line for line in lines if line.startswith(f"    {option.label} = ")]
    assert len(matches) == 1, (option.label, lines)
    return matches[0]


def test_every_option_of_every_ruleset_is_listed_with_default_choices_and_meaning(run):
    listing = blocks(run("rulesets").stdout)
    assert set(listing) == set(RULESETS) | {""}
    for name, ruleset in [*RULESETS.items(), ("", None)]:
        options = ruleset.game.all_options + late_options(ruleset.game.all_options) if ruleset else event_options()
        assert len([line for line in listing[name] if line.startswith("    ")]) == len(options)
        for option in options:
            line = option_line(listing[name], option)
            assert line.startswith(f"    {option.label} = {default_shown(option)}  (")
            assert line.endswith(f"): {option.about}")
            for choice in option.choices or (("Yes", "No") if option.kind == "yesno" else ()):
                assert choice in line.split("  (", 1)[1], (option.label, choice)
            if option.kind not in ("choice", "yesno") and option.key != "ruleset":  # Ruleset: its drop-down, below
                assert f"({option.allowed}" in line


def test_a_choice_is_listed_as_its_drop_down_and_a_bound_by_its_label(run):
    listing = blocks(run("rulesets").stdout)
    assert option_line(listing[""], COMMON_OPTIONS[-1]) == (
        "    Keep teams apart = always  (always | round 1 only | never): When players of the same Team are kept from "
        "meeting, where it is possible.")
    assert option_line(listing[""], COMMON_OPTIONS[1]).startswith(
        "    Ruleset = (required)  (" + " | ".join(RULESETS) + "): ")
    drawn = next(option for option in RULESETS["swiss"].game.all_options if option.key == "game_points_draw")
    assert option_line(listing["swiss"], drawn).startswith(
        "    Game points for a drawn game = 1  (a whole number of at least 0; at most Game points for a game won): ")
    bye = next(option for option in RULESETS["swiss"].game.all_options if option.key == "bye_games")
    assert option_line(listing["swiss"], bye).startswith("    Bye games won = 2  (a whole number from 1 to 3): ")


def test_each_ruleset_names_its_players_columns(run):
    listing = blocks(run("rulesets").stdout)
    for name, ruleset in RULESETS.items():
        columns = [line for line in listing[name] if line.startswith("  Players columns: ")]
        assert columns == ([f"  Players columns: {', '.join(c.header for c in ruleset.layout.player_columns)}"]
                           if ruleset.layout.player_columns else [])
    assert "  Players columns: Byes" in listing["swiss"]


@pytest.mark.parametrize("name", list(RULESETS))
def test_init_writes_exactly_the_settings_rulesets_lists(tmp_path, run, name):
    """One list of settings (`options.event_options`): init's Event sheet and `sheetrunner rulesets` agree."""
    import openpyxl

    assert run("init", tmp_path / "e.xlsx", "--ruleset", name).exit_code == 0
    written = [row[0] for row in openpyxl.load_workbook(tmp_path / "e.xlsx")["Event"].iter_rows(min_row=2,
                                                                                                 values_only=True)]
    listing = blocks(run("rulesets").stdout)
    listed = [line.split(" = ")[0].strip() for line in listing[""] + listing[name] if line.startswith("    ")]
    assert written == [option.label for option in event_options(RULESETS[name].game.all_options)]
    assert sorted(written) == sorted(listed)


def test_the_docs_list_every_setting_as_the_command_does(run):
    """One list of settings, from the declarations: docs/settings.md's copy is the command's output, line for line."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "settings.md").read_text(encoding="utf-8")
    section = text.split("# Every setting, as `sheetrunner rulesets` lists it", 1)[1]
    listed = section.split("```text\n", 1)[1].split("```", 1)[0]
    assert listed == run("rulesets").stdout


def test_a_chosen_tiebreaker_brings_its_own_setting(tmp_path, run):
    """`opponents_win_pct` in a swiss event: its `Win % floor` is read from the Event sheet (no "Unknown setting"),
    and used. Ann and Cat won their matches against Ben and Dov, who won none: each winner's only opponent has a
    win % of 0, which counts as the floor typed, 1/2 (the declared default would make it 33/100)."""
    import json

    from builder import make_event

    headers = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn"]
    rows = [[1, 1, 1, "Ann", 2, None], [1, 2, 2, "Ben", 0, None], [2, 1, 3, "Cat", 2, None], [2, 2, 4, "Dov", 0, None]]
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dov"], [rows], ruleset="swiss", round_headers=headers,
                      settings={"Tiebreakers": "match_points, opponents_win_pct", "Win % floor": "1/2"})
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0 and "Unknown setting" not in result.stderr
    table = {row["name"]: row["opponents_win_pct"] for row in json.loads(result.stdout)}
    assert table == {"Ann": 0.5, "Cat": 0.5, "Ben": 1, "Dov": 1}
