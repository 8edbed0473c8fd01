"""The hall server's JSON API and its journal (issue 30): a result reported from a phone lands in the round sheet
through the safe write, waits while the workbook cannot be written, survives the server being killed, and is a
conflict, never settled silently, when it disagrees."""

from __future__ import annotations

import openpyxl
from builder import digest, type_results
from hall_support import as_desk, code, hall, paired_event, report, results_in_sheet, tables

from sheetrunner import api


def test_the_round_is_served_with_its_pairings_and_an_etag(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        answer = client.get("/api/round")
        data = answer.json()
        assert answer.status_code == 200
        assert data["event"]["name"] == "Test Open" and data["event"]["results_reported_by"] == "either player"
        assert data["round"]["number"] == 1 and data["round"]["columns"] == ["Games won", "Games drawn"]
        assert len(data["round"]["tables"]) == 4 and data["outstanding"] == ["1", "2", "3", "4"]
        seated = {seat["name"] for table in data["round"]["tables"] for seat in table["seats"]}
        assert seated == {p["name"] for p in data["players"]} and len(seated) == 8
        assert client.get("/api/round", headers={"If-None-Match": answer.headers["etag"]}).status_code == 304


def test_a_result_reported_with_the_slips_code_lands_in_the_round_sheet_with_a_log_row(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        answer = client.post("/api/results", json=report(first, (2, 1), code=code(state, first["table"])))
        assert answer.status_code == 202
        assert answer.json()["message"] == "Received: the result is in and will be written into the event."
        assert results_in_sheet(path, 1)[first["seats"][0]["name"]] is None  # in the journal first
        state.write_now()
        assert client.get("/api/round").json()["outstanding"] == ["2", "3", "4"]
    written = results_in_sheet(path, 1)
    assert (written[first["seats"][0]["name"]], written[first["seats"][1]["name"]]) == (2, 1)
    log = [row for row in openpyxl.load_workbook(path)["Log"].iter_rows(values_only=True)]
    assert log[-1][1] == "serve" and list((tmp_path / "open-backups").glob("open.*.xlsx"))


def test_a_script_reports_with_the_desks_secret(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        answer = client.post("/api/results", json=report(tables(state)[1], (0, 2)),
                             headers={"Authorization": f"Bearer {state.secret}"})
        assert answer.status_code == 202 and answer.json()["status"] == "waiting"


def test_a_result_the_rules_refuse_is_refused_while_the_player_holds_the_phone(tmp_path):
    path = paired_event(tmp_path)
    before = digest(path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        headers = {"Authorization": f"Bearer {state.secret}"}
        bad = client.post("/api/results", json=report(first, (3, 0)), headers=headers)
        word = client.post("/api/results", json={**report(first, (2, 1)), "seats": [{"Games won": "two"},
                                                                                   {"Games won": 1}]}, headers=headers)
        short = client.post("/api/results", json={**report(first, (2, 1)), "seats": [{"Games won": 2}]},
                            headers=headers)
        unknown = client.post("/api/results", json={**report(first, (2, 1)), "seats": [{"OP": 2}, {"OP": 1}]},
                              headers=headers)
        assert bad.status_code == word.status_code == short.status_code == unknown.status_code == 422
        assert bad.json()["error"] == "Table 1: a best-of-3 match ends when a player wins 2 games; 3 games won " \
            "cannot happen. Correct the games won, or set Best of in the Event sheet if matches are longer than 3 games."
        assert word.json()["error"].startswith("Seat 1, Games won: needs a whole number")
        assert short.json()["error"] == "Table 1 has 2 seats: send one object per seat, in seat order."
        assert unknown.json()["error"] == 'Seat 1: "OP" is not a result column here; use Games won, Games drawn.'
        assert state.journal.reports() == []
    assert digest(path) == before


def test_both_players_must_confirm_when_the_event_sheet_says_so(tmp_path):
    path = paired_event(tmp_path, settings={"Results reported by": "both players"})
    with hall(path) as (client, state):
        first = tables(state)[0]
        typed = code(state, first["table"])
        assert client.post("/api/results", json=report(first, (2, 1), code=typed)).json()["error"] == \
            'Both players report here: send "by", the seat number of the player reporting.'
        one = client.post("/api/results", json=report(first, (2, 1), code=typed, by=1)).json()
        again = client.post("/api/results", json=report(first, (2, 1), code=typed, by=1)).json()
        assert (one["status"], again["status"]) == ("unconfirmed", "same")
        assert state.write_now() is None  # nothing to write until the other player agrees
        other = client.post("/api/results", json=report(first, (2, 1), code=typed, by=2)).json()
        assert other["status"] == "waiting"
        state.write_now()
    assert results_in_sheet(path, 1)[first["seats"][1]["name"]] == 1


def test_two_phones_that_disagree_make_one_conflict_the_desk_settles(tmp_path, run):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        typed = code(state, first["table"])
        client.post("/api/results", json=report(first, (2, 1), code=typed))
        second = client.post("/api/results", json=report(first, (1, 2), code=typed)).json()
        assert second["message"] == "Received, but it disagrees with another report of this table: the TO will " \
                                    "settle it."
        assert state.write_now() is None
        headers = as_desk(client, state)
        [conflict] = client.get("/api/desk").json()["conflicts"]
        assert [r["seats"] for r in conflict["reports"]] == [[{"Games won": 2}, {"Games won": 1}],
                                                             [{"Games won": 1}, {"Games won": 2}]]
        checked = run("check", path)
        assert checked.exit_code == 1 and f"Round 1: Table {first['table']}: Two reports of this table disagree." \
            in checked.output
        refused = run("pair", path)
        assert refused.exit_code == 1 and "Settle it at the desk of `sheetrunner serve open.xlsx` (choose the " \
            "result that stands)." in refused.output and "Nothing was written." in refused.output
        assert "Round 2" not in openpyxl.load_workbook(path).sheetnames
        chosen = conflict["reports"][1]["id"]
        said = client.post("/desk/settle", json={"round": 1, "table": first["table"], "chosen": chosen},
                           headers=headers).json()
        assert said["lines"] == [f"Table {first['table']} of round 1 settled: the chosen report is written."]
        assert client.get("/api/desk").json()["conflicts"] == []
    assert results_in_sheet(path, 1)[first["seats"][0]["name"]] == 1


def test_a_report_that_disagrees_with_a_result_typed_by_hand_is_a_conflict(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        names = [seat["name"] for seat in first["seats"]]
        type_results(path, 1, {names[0]: {"Games won": 2}, names[1]: {"Games won": 0}})
        client.post("/api/results", json=report(first, (2, 1), code=code(state, first["table"])))
        typed = digest(path)
        done = state.write_now()
        assert done.conflicts and not done.written
        [conflict] = client.get("/api/desk", headers={"Authorization": f"Bearer {state.secret}"}).json()["conflicts"]
        assert conflict["reports"][0]["note"] == "Differs from what is typed in Round 1 for table 1."
    assert digest(path) == typed  # the typed result stands


def test_results_acknowledged_before_a_kill_land_on_the_next_start(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):  # killed right after acknowledging: nothing written
        first = tables(state)[0]
        assert client.post("/api/results", json=report(first, (2, 0), code=code(state, first["table"]))) \
            .status_code == 202
    assert results_in_sheet(path, 1)[first["seats"][0]["name"]] is None
    with hall(path) as (client, state):
        assert client.get("/api/desk", headers={"Authorization": f"Bearer {state.secret}"}).json()["waiting"] == 1
        state.write_now()
    assert results_in_sheet(path, 1)[first["seats"][0]["name"]] == 2


def test_pair_writes_the_journals_results_first(tmp_path, run):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        for table in tables(state):
            client.post("/api/results", json=report(table, (2, 1), code=code(state, table["table"])))
    copy = run("pair", path, "-o", tmp_path / "copy.xlsx")
    assert copy.exit_code == 1
    assert "4 result(s) reported in the hall wait in its journal, and a copy written with -o would lack them." \
        in copy.output
    paired = run("pair", path, "--no-reports")
    assert paired.exit_code == 0, paired.output
    assert "Wrote 4 result(s) reported in the hall into open.xlsx." in paired.output
    assert "Round 2" in openpyxl.load_workbook(path).sheetnames


def test_results_wait_while_excel_has_the_workbook_open(tmp_path):
    path = paired_event(tmp_path)
    lock = tmp_path / "~$open.xlsx"
    lock.write_bytes(b"owner")
    with hall(path) as (client, state):
        first = tables(state)[0]
        client.post("/api/results", json=report(first, (2, 1), code=code(state, first["table"])))
        assert state.write_now() is None
        desk = client.get("/api/desk", headers={"Authorization": f"Bearer {state.secret}"}).json()
        assert desk["waiting"] == 1
        assert desk["why_waiting"] == "open.xlsx: The workbook is open in Excel or LibreOffice (lock file " \
            "~$open.xlsx). Close it there and run the command again, or write a copy with -o NEW.xlsx."
        lock.unlink()
        state.write_now()
        assert client.get("/api/desk", headers={"Authorization": f"Bearer {state.secret}"}).json()["waiting"] == 0
    assert results_in_sheet(path, 1)[first["seats"][0]["name"]] == 2


def test_a_workbook_saved_in_excel_meanwhile_is_never_overwritten(tmp_path, monkeypatch):
    from sheetrunner.hall import results

    path = paired_event(tmp_path)
    real = results.revalidated

    def saved_in_excel_meanwhile(loaded):
        book = openpyxl.load_workbook(path)
        book["Players"]["C2"] = "typed in Excel"
        book.save(path)
        return real(loaded)

    with hall(path) as (client, state):
        first = tables(state)[0]
        client.post("/api/results", json=report(first, (2, 1), code=code(state, first["table"])))
        monkeypatch.setattr(results, "revalidated", saved_in_excel_meanwhile)
        assert state.write_now() is None
        saved = digest(path)
        assert state.write_problem == "open.xlsx: The workbook changed on disk while sheetrunner was working (saved " \
            "in another program?), so nothing was written. Run the command again; it reads the workbook anew."
        assert digest(path) == saved
        monkeypatch.setattr(results, "revalidated", real)
        state.write_now()
        assert state.write_problem == ""
    assert openpyxl.load_workbook(path)["Players"]["C2"].value == "typed in Excel"
    assert results_in_sheet(path, 1)[first["seats"][0]["name"]] == 2


def test_the_desk_pairs_the_next_round_with_every_check_pair_makes(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        headers = as_desk(client, state)
        early = client.post("/desk/pair", json={}, headers=headers)
        assert early.status_code == 409 and early.json()["lines"][0].startswith("Round 1")
        for table in tables(state):
            client.post("/desk/result", json=report(table, (2, 0)), headers=headers)
        paired = client.post("/desk/pair", json={}, headers=headers).json()
        assert paired["ok"] and any(line.startswith("Round 2: 4 table(s)") for line in paired["lines"])
        assert client.get("/api/round").json()["round"]["number"] == 2


def test_a_drop_asked_from_a_phone_is_written_when_the_desk_confirms_it(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        asked = client.post("/api/drop", json={"round": 1, "table": first["table"], "code": code(state, first["table"]),
                                               "by": 2})
        assert asked.json()["message"] == f"{first['seats'][1]['name']}: the TO has your request to drop and will " \
                                          "confirm it."
        headers = as_desk(client, state)
        [drop] = client.get("/api/desk").json()["drops"]
        said = client.post("/desk/drop", json={"id": drop["id"], "confirm": True}, headers=headers).json()
        assert said["lines"] == [f"{first['seats'][1]['name']} dropped after round 1 (Players, Dropped after)."]
    player = next(p for p in api.load_event(path).event.players if p.name == first["seats"][1]["name"])
    assert player.dropped_after == 1


def test_the_clock_is_the_servers_and_survives_a_restart(tmp_path):
    from hall_support import Ticking

    path = paired_event(tmp_path, settings={"Round minutes": 40})
    time = Ticking()
    with hall(path, time) as (client, state):
        headers = as_desk(client, state)
        assert client.get("/api/clock").json() == {"minutes": 40, "left": 2400.0, "running": False}
        client.post("/desk/clock", json={"do": "start"}, headers=headers)
        time.now += 90
        assert client.get("/api/clock").json()["left"] == 2310.0
        client.post("/desk/clock", json={"do": "adjust", "seconds": 60}, headers=headers)
        client.post("/desk/clock", json={"do": "pause"}, headers=headers)
        time.now += 500
    with hall(path, time) as (client, state):
        assert client.get("/api/clock").json() == {"minutes": 40, "left": 2370.0, "running": False}
