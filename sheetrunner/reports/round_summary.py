"""What `pair` says on the terminal of the round it wrote: what the TO must announce, and no more (issue 31).

- A round paired again (`--redo`) is said as the tables that changed against the round sheet it replaced (as
  validation read it, before it was replaced), each with who sat there before: that is what the TO announces.
  The whole round is still written, and the reports print it whole.
- A team event is said as its team matches, one line each with the tables its boards are on.
- A game of three or more (pods, Diplomacy boards) says its compromises in one line: each pair that met before
  or shares a team once, and the powers played again, where the notes say each from both sides.
- A score is shown as the standings show it (`numbers.shown_number`: 2 decimals).

The Note column and `pair --json` keep every note as it was: players and scripts read those.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..model.event import BYE, Round, Table, label_order
from ..model.numbers import shown_number
from ..pairing import Pairing
from ..rules.tournament import names_of
from ..scoring.standings import Standings
from ..workbook.layout import PLAYERS_SHEET
from ..workbook.xlsx.files import backup_path

LISTED_TABLES = 100  # a bigger round is not listed table by table: the reports and the round sheet hold it
TEAM_MATCH_NOTE = "Team match: "  # how `teams.pairing` notes a team's compromise on its first player
TEAM_BYE_NOTE = "Team bye: "  # and a team bye on each of its players (said once, by the Bye line)


def round_summary(result: Any) -> list[str]:
    """The heading, then the tables (or team matches; after --redo, what changed), then the compromises."""
    names = names_of(result.event)
    replaced = replaced_round(result)
    lines = [heading(result, replaced is not None)]
    if replaced is not None:
        lines.append(changes_line(result, replaced, names))
    elif is_team_round(result.pairing):
        lines += team_match_lines(result)
    else:
        lines += table_lines(result, names)
    team = is_team_round(result.pairing)
    compromises = team_compromise_lines(result, names) if team else compromise_lines(result, names)
    return lines + (["Compromises:"] + compromises if compromises else ["Compromises: none."])


def replaced_round(result: Any) -> Round | None:
    """The round (or stage of the cut) a `--redo` replaced, as its sheet was read: the event holds a round of the
    number just paired only then."""
    return next((r for r in (*result.event.rounds, *result.event.playoff) if r.number == result.round), None)


def is_team_round(pairing: Pairing) -> bool:
    return hasattr(pairing, "team_byes")  # `teams.pairing.TeamPairing`, not imported for an event of players


def counted(count: int, noun: str) -> str:
    return f"{count} {noun.lower()}{'(es)' if noun.lower().endswith('ch') else '(s)'}"


def plural(noun: str) -> str:
    return noun + ("es" if noun.endswith("ch") else "s")


def heading(result: Any, again: bool) -> str:
    """`Round 3: 16 table(s), 1 bye(s).`; a team event counts its matches; a round paired again says so."""
    pairing, bye = result.pairing, result.ruleset.layout.bye_label
    title = f"{result.title}, paired again" if again else result.title
    if is_team_round(pairing):
        return (f"{title}: {counted(len(pairing.matches), 'team match')}, {counted(len(pairing.team_byes), 'team bye')}"
                f", on {counted(len(pairing.tables), 'table')}.")
    return (f"{title}: {counted(len(pairing.tables), result.ruleset.layout.table_header)}, "
            f"{counted(len(pairing.byes), 'bye' if bye == BYE else 'sit-out')}.")


def lead_score(standings: Standings) -> Callable[[int], str]:
    """` (MP 6)` beside an entrant: the first shown tiebreaker, as the standings print it; nothing before round 1
    has results."""
    lead = next((tb for tb in standings.tiebreakers if tb.shown), None)
    if lead is None or not standings.after_round:
        return lambda entrant: ""
    values = {row.player.id: row.values.get(lead.key) for row in standings.rows}
    return lambda entrant: f" ({lead.label} {shown_number(values[entrant], lead.percent)})" \
        if values.get(entrant) is not None else ""


def table_lines(result: Any, names: dict[int, str]) -> list[str]:
    """Each table (up to `LISTED_TABLES`) with its players, their scores and named seats, then the byes."""
    score, noun, bye = lead_score(result.standings), result.ruleset.layout.table_header, result.ruleset.layout.bye_label
    lines = []
    if len(result.pairing.tables) <= LISTED_TABLES:
        for table in result.pairing.tables:
            seats = [f"{names[pid]}{score(pid)}" + (f" [{seat}]" if table.seats else "")
                     for pid, seat in zip(table.player_ids, table.seats or table.player_ids)]
            lines.append(f"  {noun} {table.number}: " + " v ".join(seats))
    return lines + [f"  {'Bye' if bye == BYE else bye}: {names[pid]}{score(pid)}" for pid in result.pairing.byes]


def team_match_lines(result: Any) -> list[str]:
    """One line per team match, with the tables of its boards; then the team byes."""
    pairing = result.pairing
    score = team_score(result)
    tables: dict[Any, list[Any]] = {}
    for table in pairing.tables:
        tables.setdefault(pairing.match_of.get(table.player_ids[0]), []).append(table.number)
    lines = [f"  Match {label}: {home.name}{score(home.id)} v {away.name}{score(away.id)}, "
             f"{tables_text(tables.get(label, []))}" for label, home, away in pairing.matches]
    return lines + [f"  Bye: {team.name}{score(team.id)}" for team in pairing.team_byes]


def team_score(result: Any) -> Callable[[int], str]:
    """Each team's lead score in the team standings the round was paired on."""
    if not result.standings.after_round:
        return lambda team: ""
    from ..teams.rules import team_play  # a team event's only
    from ..teams.scoring import build_team_event, team_standings

    rules = team_play(result.ruleset)
    built = build_team_event(result.event, rules, result.standings.after_round)
    return lead_score(team_standings(built, rules.team_result))


def tables_text(numbers: list[Any]) -> str:
    """`tables 4-6`, `table 4`, `tables 4, 6`, or none when every board was forfeited."""
    if not numbers:
        from ..teams.matches import NO_TABLE  # a team event's only

        return NO_TABLE
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    whole = all(isinstance(n, int) for n in numbers)
    if whole and list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"tables {numbers[0]}-{numbers[-1]}"
    return "tables " + ", ".join(str(n) for n in numbers)


def compromise_lines(result: Any, names: dict[int, str]) -> list[str]:
    """Every compromise, one per table and note; a game of three or more says its pairs and powers once."""
    pairing, noun, bye = result.pairing, result.ruleset.layout.table_header, result.ruleset.layout.bye_label
    summaries, covered = game_summaries(pairing, names)
    lines, said = [], set()
    for compromise in pairing.compromises_by_table:
        if compromise.table in summaries and compromise.table not in said:
            said.add(compromise.table)
            lines.append(f"  - {noun} {compromise.table}: {summaries[compromise.table]}.")
        if all((pid, compromise.note) in covered for pid in compromise.player_ids):
            continue
        label = f"{noun} {compromise.table}" if compromise.table is not None else ("Bye" if bye == BYE else bye)
        players = (" v " if compromise.whole_table else ", ").join(names[p] for p in compromise.player_ids)
        lines.append(f"  - {label} ({players}): {compromise.note}")
    return lines


def game_summaries(pairing: Pairing, names: dict[int, str]) -> tuple[dict[Any, str], set[tuple[int, str]]]:
    """Each game of three or more's one-clause summary, by table; and the notes it says, as (player, note)."""
    summaries: dict[Any, str] = {}
    covered: set[tuple[int, str]] = set()
    games = [table for table in pairing.tables if len(table.player_ids) > 2]
    if not games:
        return summaries, covered
    from ..pairing.boards import powers_summary  # the engines of games of three or more: loaded only for them
    from ..pairing.pods import PAIR_KINDS, game_summary

    for table in games:
        flags = [flag for flag in pairing.flags if flag.player in table.player_ids]
        clauses = [text for text in (game_summary(flags, names, table.player_ids),
                                     powers_summary(flags, names, table.player_ids)) if text]
        if not clauses:
            continue
        summaries[table.number] = "; ".join(clauses)
        covered.update((flag.player, flag.describe(flag, names) if flag.describe else flag.kind) for flag in flags
                       if flag.kind in (*PAIR_KINDS, "power"))
    return summaries, covered


def team_compromise_lines(result: Any, names: dict[int, str]) -> list[str]:
    """A team event's compromises: a team match's once, under the match; a player's (a substitute, a forfeited
    board) under their match and table. A team bye is said by its Bye line."""
    pairing = result.pairing
    teams = {label: f"{home.name} v {away.name}" for label, home, away in pairing.matches}
    bye_team = {member.id: team.name for team in pairing.team_byes for member in team.members}
    lines: list[str] = []
    for compromise in pairing.compromises_by_table:
        first = compromise.player_ids[0]
        match = pairing.match_of.get(first)
        where = f"Bye ({bye_team.get(first, names[first])})" if match == BYE else f"Match {match} ({teams.get(match)})"
        if compromise.note.startswith(TEAM_BYE_NOTE):
            continue
        if compromise.note.startswith(TEAM_MATCH_NOTE):
            line = f"  - {where}: {compromise.note[len(TEAM_MATCH_NOTE):]}"
        else:
            at = f"Match {match}, table {compromise.table}" if compromise.table is not None and match != BYE else \
                where.split(" (")[0]
            line = f"  - {at} ({', '.join(names[p] for p in compromise.player_ids)}): {compromise.note}"
        if line not in lines:
            lines.append(line)
    return lines


def changes_line(result: Any, old: Round, names: dict[int, str]) -> str:
    """`Changed: table 3 (Ann v Bob, was Ann v Cid); the other 14 tables are as they were.`: the new pairing
    against the sheet it replaced, table by table (a table's seating is who sits in which seat), then the byes."""
    noun = result.ruleset.layout.table_header.lower()
    before = {str(table.number).strip(): table for table in old.games}
    after = {str(table.number).strip(): table for table in result.pairing.tables}
    changes, same = [], 0
    for key in sorted(before.keys() | after.keys(), key=label_order):
        now = seating(after[key].player_ids, after[key].seats, names) if key in after else None
        then = old_seating(before[key], names) if key in before else None
        if now is not None and then is not None and now[0] == then[0]:
            same += 1
        elif then is None:
            assert now is not None  # the key is in one of the two
            changes.append(f"{noun} {key} ({now[1]}, new)")
        elif now is None:
            changes.append(f"{noun} {key} (not played now, was {then[1]})")
        else:
            changes.append(f"{noun} {key} ({seat_changes(now[0], then[0], names) or f'{now[1]}, was {then[1]}'})")
    changes += bye_changes(result, old, names)
    if not changes:
        bye = "bye" if result.ruleset.layout.bye_label == BYE else "sit-out"
        return f"Nothing changed: every {noun} and {bye} is as " \
               "it was."
    rest = {0: f"no other {noun} is as it was", 1: f"the other {noun} is as it was"}.get(
        same, f"the other {same} {plural(noun)} are as they were")
    return f"Changed: {', '.join(changes)}; {rest}."


def seating(player_ids: tuple[int, ...], seats: tuple, names: dict[int, str]) -> tuple[frozenset, str]:
    """A table's seating to compare (each player with their seat: 1, 2 … or a power) and to say."""
    seats = seats or tuple(range(1, len(player_ids) + 1))
    named = any(isinstance(seat, str) for seat in seats)
    text = " v ".join(f"{names.get(pid, pid)}" + (f" [{seat}]" if named else "")
                      for pid, seat in zip(player_ids, seats))
    return frozenset((pid, str(seat)) for pid, seat in zip(player_ids, seats)), text


def seat_changes(now: frozenset, then: frozenset, names: dict[int, str]) -> str:
    """A game of three or more changed seat by seat: `Austria: Ann, was Bob; Turkey: …` ("" for two players,
    said whole)."""
    new, old = ({seat: pid for pid, seat in seated} for seated in (now, then))
    if max(len(new), len(old)) < 3:
        return ""
    order = sorted(new.keys() | old.keys(), key=label_order)

    def who(seating: dict[str, int], seat: str) -> str:
        return names.get(seating[seat], "nobody") if seat in seating else "nobody"

    return "; ".join(f"{seat if not seat.isdigit() else f'seat {seat}'}: {who(new, seat)}, was {who(old, seat)}"
                     for seat in order if new.get(seat) != old.get(seat))


def old_seating(table: Table, names: dict[int, str]) -> tuple[frozenset, str]:
    return seating(table.player_ids, tuple(seat.seat for seat in table.seats), names)


def bye_changes(result: Any, old: Round, names: dict[int, str]) -> list[str]:
    """`byes (Dan, was Eve)` when the byes (or sit-outs) are not who they were."""
    now, then = list(result.pairing.byes), list(old.byes)
    if set(now) == set(then):
        return []
    word = "byes" if result.ruleset.layout.bye_label == BYE else "sit-outs"

    def listed(ids: list[int]) -> str:
        return ", ".join(names.get(pid, str(pid)) for pid in ids) or "none"

    return [f"{word} ({listed(now)}, was {listed(then)})"]


def round_lines(result) -> list[str]:
    """A paired round for people (`round_summary`: its tables, or what --redo changed, and its compromises), who
    leaves after it, and where it was written."""
    return round_summary(result) + dropping_lines(result) + [wrote_line(result.title, result.output, result.backup)]


def dropping_lines(result) -> list[str]:
    """Who leaves after which round, as `Dropped after` says, one line each: a drop typed as the round the
    player will miss is seen while the round can still be paired again."""
    number, event = result.round, result.event
    if number > event.settings.rounds:  # a stage of the top cut: Dropped after speaks of the Swiss rounds
        return []
    leaving = sorted((p for p in event.players if p.plays_in(number) and p.dropped_after is not None),
                     key=lambda p: (p.dropped_after, p.row))
    return [f"Dropping after {'this round' if p.dropped_after == number else f'Round {p.dropped_after}'}: "
            f"{p.name} ({PLAYERS_SHEET}!{p.dropped_cell})." for p in leaving]


def wrote_line(title: str, output: Path, backup: Path | None) -> str:
    """`Wrote Round 4 to spring.xlsx (backup: spring-backups/spring.20261125-101500.xlsx).`: the backup where it
    really is, in NAME-backups/ beside the workbook, not as if it lay beside it."""
    return f"Wrote {title} to {output}" + (f" (backup: {backup_path(output, backup)})." if backup else ".")
