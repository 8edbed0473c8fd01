// The hall's pages: plain JavaScript, no build step. Every name is put in with textContent, never as markup.
"use strict";
(function () {
  const page = document.body.dataset.page;
  const csrf = document.body.dataset.csrf;
  let clockState = null;  // {left, running, at}
  let lastVersion = -1, lastRound = -1, lastFetch = 0, pending = null;
  const THROTTLE_MS = 20000;  // results change often: phones refetch at most this often, a new round at once

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function $(id) { return document.getElementById(id); }

  function showClock() {
    const node = $("clock");
    if (!node || !clockState) return;
    let left = clockState.left;
    if (clockState.running) left -= (performance.now() - clockState.at) / 1000;
    left = Math.max(0, Math.floor(left));
    node.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    node.classList.toggle("over", left === 0);
    node.dataset.running = clockState.running ? "yes" : "no";
  }
  function setClock(clock) { clockState = {left: clock.left, running: clock.running, at: performance.now()}; showClock(); }
  setInterval(showClock, 250);

  async function getJSON(url) {
    const response = await fetch(url, {credentials: "same-origin"});
    if (!response.ok) throw new Error(url + ": " + response.status);
    return response.json();
  }
  async function post(url, body, headers) {
    const response = await fetch(url, {method: "POST", credentials: "same-origin",
      headers: Object.assign({"Content-Type": "application/json"}, headers || {}), body: JSON.stringify(body)});
    let data = {};
    try { data = await response.json(); } catch (e) { data = {error: "The server answered " + response.status}; }
    data.httpStatus = response.status;
    return data;
  }
  function desk(action, body) { return post("/desk/" + action, body, {"X-CSRF-Token": csrf}); }

  // Live updates: Server-Sent Events announce each change; a new round is fetched at once, other changes at
  // most every THROTTLE_MS on the players' pages (the desk fetches every change).
  function follow(render, eager) {
    async function refresh() {
      pending = null; lastFetch = Date.now();
      try { render(await getJSON("/api/round")); } catch (e) { /* the next change or poll tries again */ }
    }
    function changed(data) {
      if (data.clock) setClock(data.clock);
      if (data.version === lastVersion) return;
      lastVersion = data.version;
      const newRound = data.round !== lastRound;
      lastRound = data.round;
      const wait = newRound || eager ? 0 : Math.max(0, THROTTLE_MS - (Date.now() - lastFetch));
      if (pending !== null && !newRound) return;
      if (pending !== null) clearTimeout(pending);
      pending = setTimeout(refresh, wait);
    }
    if (window.EventSource) {
      const source = new EventSource("/api/events");
      source.addEventListener("change", function (e) { changed(JSON.parse(e.data)); });
    }
    setInterval(async function () {  // a phone whose connection dropped still catches up
      try { const clock = await getJSON("/api/clock"); setClock(clock); } catch (e) { return; }
      if (Date.now() - lastFetch > 60000) refresh();
    }, 30000);
    refresh();
  }

  function title(data) {
    $("round-title").textContent = data.round ? data.round.title : "Waiting for round 1";
  }

  // --- the players' phone page ---
  function phone() {
    let data = null, chosen = Number(localStorage.getItem("sheetrunner-player")) || null;
    const find = $("find");
    find.addEventListener("input", listMatches);
    $("report").addEventListener("submit", sendReport);
    $("drop").addEventListener("click", askDrop);
    function listMatches() {
      const list = clear($("found"));
      const typed = find.value.trim().toLowerCase();
      if (!data || typed.length < 2) return;
      data.players.filter(function (p) { return p.name.toLowerCase().includes(typed); }).slice(0, 12)
        .forEach(function (p) {
          const button = el("button", p.name + (p.where ? " — " + p.where : ""));
          button.type = "button";
          button.addEventListener("click", function () {
            chosen = p.id; localStorage.setItem("sheetrunner-player", String(p.id));
            clear($("found")); find.value = ""; showMe();
          });
          const item = el("li"); item.appendChild(button); list.appendChild(item);
        });
    }
    function me() { return data && chosen ? data.players.find(function (p) { return p.id === chosen; }) : null; }
    function myTable(player) {
      return data.round && player.table ? data.round.tables.find(function (t) { return t.table === player.table; }) : null;
    }
    function showMe() {
      const player = me();
      $("me").hidden = !player;
      if (!player) return;
      $("me-name").textContent = player.name;
      $("me-where").textContent = player.where ? player.where + (player.seat ? ", seat " + player.seat : "") : "Not seated this round";
      $("me-against").textContent = player.against.length ? "Against " + player.against.join(", ") : "";
      $("me-standing").textContent = player.standing;
      const results = clear($("me-results"));
      player.results.forEach(function (r) {
        results.appendChild(el("li", "Round " + r.round + ": " + (r.against.length ? "v " + r.against.join(", ") + ", " : "") + r.result));
      });
      const table = myTable(player);
      const form = $("report");
      form.hidden = !table;
      if (table && form.dataset.table !== table.table + "/" + data.round.number) buildForm(table);
    }
    function buildForm(table) {
      const form = $("report"), seats = clear($("report-seats"));
      form.dataset.table = table.table + "/" + data.round.number;
      seats.appendChild(el("p", data.event.table + " " + table.table, "where-small"));
      table.seats.forEach(function (seat, index) {
        const box = el("div", null, "seat-result");
        data.round.columns.forEach(function (column) {
          const id = "r-" + index + "-" + column.replace(/\W/g, "_");
          const label = el("label", seat.name + ": " + column); label.htmlFor = id;
          const input = el("input"); input.id = id; input.dataset.seat = index; input.dataset.column = column;
          input.autocomplete = "off";
          if (seat.result && seat.result[column] !== null && seat.result[column] !== undefined) input.value = seat.result[column];
          box.appendChild(label); box.appendChild(input);
        });
        seats.appendChild(box);
      });
    }
    function formBody() {
      const player = me(), table = myTable(player);
      const seats = table.seats.map(function () { return {}; });
      document.querySelectorAll("#report-seats input").forEach(function (input) {
        const text = input.value.trim();
        if (text !== "") seats[Number(input.dataset.seat)][input.dataset.column] = /^\d+$/.test(text) ? Number(text) : text;
      });
      const mine = table.seats.findIndex(function (s) { return s.id === player.id; });
      return {round: data.round.number, table: table.table, seats: seats, code: $("code").value, by: mine + 1};
    }
    async function sendReport(event) {
      event.preventDefault();
      const answer = await post("/api/results", formBody());
      $("said").textContent = answer.message || answer.error;
      $("said").className = answer.received ? "" : "bad";
    }
    async function askDrop() {
      if (!confirm("Ask the TO to drop you from the event?")) return;
      const body = formBody();
      const answer = await post("/api/drop", {round: body.round, table: body.table, code: body.code, by: body.by});
      $("said").textContent = answer.message || answer.error;
    }
    follow(function (fresh) { data = fresh; title(data); listMatches(); showMe(); }, false);
  }

  // --- the projector: everyone by name with their table, scrolling by itself ---
  function projector() {
    follow(function (data) {
      title(data);
      $("no-round").hidden = !!data.round;
      const list = clear($("by-name"));
      data.players.filter(function (p) { return p.where; }).forEach(function (p) {
        const row = el("div"); row.appendChild(el("span", p.table || p.where, "table"));
        row.appendChild(document.createTextNode(" " + p.name)); list.appendChild(row);
      });
    }, true);
    let direction = 1;
    setInterval(function () {
      const bottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
      if (bottom || window.scrollY <= 0) direction = bottom ? -1 : 1;
      window.scrollBy(0, direction > 0 ? 1 : -6);
    }, 60);
    if (csrf) document.addEventListener("keydown", function (e) {  // the TO's keys, when opened from the desk
      const keys = {" ": {do: clockState && clockState.running ? "pause" : "start"}, "+": {do: "adjust", seconds: 60},
                    "-": {do: "adjust", seconds: -60}, "r": {do: "reset"}};
      if (keys[e.key]) { e.preventDefault(); desk("clock", keys[e.key]); }
    });
  }

  function standings() {
    follow(function (data) {
      title(data);
      const s = data.standings;
      $("after").textContent = s.after ? "After round " + s.after : "No round has every result yet.";
      const head = clear($("standings-head")), body = clear($("standings-body"));
      ["#", "Name"].concat(s.columns).forEach(function (c) { head.appendChild(el("th", c)); });
      s.rows.forEach(function (r) {
        const tr = el("tr"); tr.appendChild(el("td", r.rank)); tr.appendChild(el("td", r.name + (r.dropped ? " (dropped)" : "")));
        r.cells.forEach(function (c) { tr.appendChild(el("td", c)); }); body.appendChild(tr);
      });
    }, false);
  }

  // --- the TO's desk ---
  function deskPage() {
    function say(answer) {
      $("said").textContent = (answer.lines || [answer.error || ""]).join("\n");
      $("said").className = answer.ok ? "said" : "said bad";
    }
    document.querySelectorAll("[data-clock]").forEach(function (button) {
      button.addEventListener("click", async function () {
        say(await desk("clock", {do: button.dataset.clock, seconds: Number(button.dataset.seconds || 0)}));
      });
    });
    $("pair").addEventListener("click", async function () {
      $("pair").disabled = true; $("said").textContent = "Pairing…";
      try { say(await desk("pair", {})); } finally { $("pair").disabled = false; }
    });
    $("write").addEventListener("click", async function () { say(await desk("write", {})); });
    $("reprint").addEventListener("click", async function () { say(await desk("reprint", {})); });
    function result(seats) {
      return (seats || []).map(function (s) {
        return s ? Object.keys(s).filter(function (k) { return s[k] !== null; }).map(function (k) { return k + " " + s[k]; }).join(", ") : "blank";
      }).join(" | ");
    }
    function button(text, action, body) {
      const b = el("button", text); b.addEventListener("click", async function () { say(await desk(action, body)); }); return b;
    }
    async function render() {
      let d;
      try { d = await getJSON("/api/desk"); } catch (e) { return; }
      setClock(d.clock);
      $("round-title").textContent = d.round ? d.round.title : "No round yet";
      const status = [d.waiting + " result(s) waiting to be written"];
      if (d.why_waiting) status.push("Why: " + d.why_waiting);
      if (d.workbook_problem) status.push("The workbook: " + d.workbook_problem);
      $("status").textContent = status.join(" · ");
      $("status").className = d.why_waiting || d.workbook_problem ? "status bad" : "status";
      const conflicts = clear($("conflicts"));
      d.conflicts.forEach(function (c) {
        const box = el("div", null, "conflict");
        box.appendChild(el("h3", "Round " + c.round + ", table " + c.table));
        if (c.sheet) box.appendChild(el("p", "In the sheet: " + result(c.sheet)));
        c.reports.forEach(function (r) {
          const p = el("p", r.who + " at " + r.received + ": " + result(r.seats) + (r.note ? " — " + r.note : "") + " ");
          p.appendChild(button("Use this result", "settle", {round: c.round, table: c.table, chosen: r.id}));
          box.appendChild(p);
        });
        box.appendChild(button("Keep the sheet as it is", "settle", {round: c.round, table: c.table, chosen: null}));
        conflicts.appendChild(box);
      });
      const drops = clear($("drops"));
      d.drops.forEach(function (x) {
        const li = el("li", x.name + " (asked " + x.received + ") ");
        li.appendChild(button("Confirm the drop", "drop", {id: x.id, confirm: true}));
        li.appendChild(button("Decline", "drop", {id: x.id, confirm: false}));
        drops.appendChild(li);
      });
      $("outstanding-count").textContent = "(" + d.outstanding.length + ")";
      const out = clear($("outstanding"));
      d.outstanding.forEach(function (t) {
        out.appendChild(el("li", "Table " + t.table + ": " + t.seats.map(function (s) { return s.name; }).join(" v ") + (t.state !== "open" ? " (" + t.state + ")" : "")));
      });
      const unconfirmed = clear($("unconfirmed"));
      d.unconfirmed.forEach(function (r) { unconfirmed.appendChild(el("li", "Table " + r.table + ": " + result(r.seats) + " by " + r.who)); });
      const latest = clear($("latest"));
      d.latest.forEach(function (r) { latest.appendChild(el("li", r.received + " · table " + r.table + " · " + result(r.seats) + " · " + r.who + " · " + r.status)); });
    }
    follow(render, true);
  }

  // --- the scorekeeper: table, Enter, result, Enter ---
  function scorekeeper() {
    let data = null;
    follow(function (fresh) { data = fresh; title(data); }, true);
    const tableInput = $("sk-table"), resultInput = $("sk-result");
    function table() { return data && data.round ? data.round.tables.find(function (t) { return t.table.toLowerCase() === tableInput.value.trim().toLowerCase(); }) : null; }
    tableInput.addEventListener("keydown", function (e) {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const t = table();
      $("sk-players").textContent = t ? t.seats.map(function (s) { return s.name; }).join(" v ") : "No such table";
      if (t) resultInput.focus();
    });
    function parse(text, t) {
      const columns = data.round.columns, n = t.seats.length, words = text.trim().split(/[\s\-–:,\/]+/).filter(Boolean);
      const seats = t.seats.map(function () { return {}; });
      if (words.length === 1 && /^[wld]$/i.test(words[0]) && n === 2) {
        const mine = words[0].toUpperCase(), other = {W: "L", L: "W", D: "D"}[mine];
        seats[0][columns[0]] = mine; seats[1][columns[0]] = other; return seats;
      }
      const per = words.length / n;
      if (!Number.isInteger(per) || per < 1 || per > columns.length) return null;
      words.forEach(function (w, i) { seats[Math.floor(i / per)][columns[i % per]] = /^\d+$/.test(w) ? Number(w) : w; });
      return seats;
    }
    $("entry").addEventListener("submit", async function (e) {
      e.preventDefault();
      const t = table();
      const seats = t ? parse(resultInput.value, t) : null;
      const line = el("li");
      if (!seats) { line.textContent = "Table " + tableInput.value + ": not read (" + resultInput.value + ")"; line.className = "bad"; }
      else {
        const answer = await desk("result", {round: data.round.number, table: t.table, seats: seats});
        line.textContent = "Table " + t.table + " (" + resultInput.value + "): " + (answer.lines || [answer.error]).join(" ");
        line.className = answer.ok ? "" : "bad";
      }
      $("sk-log").prepend(line);
      tableInput.value = ""; resultInput.value = ""; $("sk-players").textContent = ""; tableInput.focus();
    });
    resultInput.addEventListener("keydown", function (e) { if (e.key === "Enter") { e.preventDefault(); $("entry").requestSubmit(); } });
  }

  const pages = {phone: phone, projector: projector, standings: standings, desk: deskPage, scorekeeper: scorekeeper};
  if (pages[page]) pages[page]();
})();
