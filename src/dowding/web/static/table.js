// The table of one seat (live) and the replay of a game, step by step, from a seat's view.
import { api, el, showError, clearError, setConnection, seatsOfGame, rememberSeat, titleCase, gameTitle } from "./util.js";
import { DiceTray } from "./dice.js";
import { wireMap } from "./freevalues.js";
import { reportButton } from "./report.js";
import { applyPatch } from "./patch.js";
import { drawBoard } from "./board.js";
import { MapView } from "./mapview.js";
import { SincePanel, piecePlaces, showMoves, namedPieces } from "./moves.js";
import { ruleLink } from "./rulelinks.js";

// a line of the log: its step, its words and the link to the rule it applies
function logLine(e, ruleset, attrs = {}) {
  return el("li", attrs, el("span", { class: "step" }, `#${e.step}`), e.text, ruleLink(ruleset, e.rule));
}

// the SVG's units a screen pixel spans (arrows and rings keep their size on screen)
function unitsPerPixel(svg) {
  const m = svg && svg.getScreenCTM();
  return m && m.a ? 1 / m.a : 1;
}

// The odds beside an option that starts a combat or a bombing (payload: option.odds, made by the
// ruleset's option_odds.py from this seat's view): a short line under its label, and what the
// figures assume in its tooltip.
export function oddsText(odds) {
  if (!odds || !odds.summary) return "";
  return odds.assumes ? `${odds.summary}; assuming ${odds.assumes}` : odds.summary;
}

function oddsNode(odds) {
  if (!odds || !odds.summary) return null;
  return el("span", { class: "odds", title: odds.assumes ? `assuming ${odds.assumes}` : "exact odds" }, odds.summary);
}

// the map: each clickable option with odds says them in its tooltip (its <title>) too
export function oddsOnMap(root, decision) {
  if (!decision || !decision.options) return;
  for (const o of decision.options) {
    const text = oddsText(o.odds);
    if (!text) continue;
    for (const node of root.querySelectorAll(`[data-action="${CSS.escape(o.text)}"]`)) {
      node.dataset.odds = o.odds.summary;
      let title = [...node.children].find((c) => c.tagName.toLowerCase() === "title");
      if (!title) {
        title = document.createElementNS("http://www.w3.org/2000/svg", "title");
        title.textContent = o.label || o.text;
        node.prepend(title);
      }
      title.textContent = `${title.textContent}\n${text}`;
    }
  }
}

// whether payload a is older than b: an earlier stored version, or the same one at an earlier
// step (a take-back brings a later version at an earlier step)
function olderThan(a, b) {
  const va = a.version ?? 0, vb = b.version ?? 0;
  return va < vb || (va === vb && a.seq < b.seq);
}

export class TableScreen {
  constructor(main, gameId, token) {
    this.main = main;
    this.gameId = gameId;
    this.token = token;
    this.payload = null;
    this.ws = null;
    this.retry = 0;
    this.busy = false;
    this.closed = false;
    this.lastEventStep = null;
    this.lastMoves = new Map(); // seat -> {step, places} at its last decision (hot seat)
    this.build();
  }

  build() {
    this.head = el("div", { class: "table-head" });
    this.mapWrap = el("div", { class: "map-wrap", id: "map", "aria-label": "the map: options are clickable" });
    this.decision = el("section", { class: "card decision", id: "decision", "aria-labelledby": "decision-title" });
    this.tray = el("div", { class: "tray", id: "dice-tray", "aria-live": "polite" });
    this.diceLog = el("ol", { class: "log", id: "dice-log" });
    this.eventLog = el("ol", { class: "log", id: "event-log", "aria-live": "polite", "aria-relevant": "additions" });
    this.dice = new DiceTray(this.tray, this.diceLog);
    this.view = new MapView(this.mapWrap);
    this.since = new SincePanel((line) => this.pointAt(line));
    this.main.replaceChildren(el("div", { class: "table-screen" },
      this.head,
      el("div", { class: "map-column" }, el("div", { class: "map-tools" }, this.view.tabs, this.view.controls,
        el("span", { class: "hint", title: "Click a highlighted space, flight, card or plane to choose it; drag on the table for a free value. Wheel, pinch or +/− zoom, F fits, drag pans (Shift+drag anywhere); with the map focused the arrow keys pan." },
          "Click a highlighted space, flight, card or plane; wheel, pinch or +/− to zoom, drag to pan.")), this.mapWrap),
      el("aside", { class: "side", "aria-label": "decisions, dice and log" },
        this.decision,
        this.since.node,
        el("section", { class: "card" }, el("h2", {}, "Dice"), this.tray,
          el("details", {}, el("summary", {}, "Dice log"), this.diceLog)),
        el("section", { class: "card" }, el("h2", { id: "log-title" }, "What happened"), this.eventLog))));
    this.parts = {};
    wireMap(this.mapWrap, (text) => this.send(text), (text) => {
      const input = this.decision.querySelector("#action-text");
      if (input) input.value = text;
    }, (part) => this.pickPart(part));
    this.mapWrap.addEventListener("mouseover", (event) => {
      const target = event.target.closest("[data-action]");
      this.highlight(target ? target.dataset.action : null, true);
    });
    this.keys = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
  }

  async start() {
    if (!this.token) {
      this.main.replaceChildren(el("p", {}, "This link has no seat token (#t=…). Open the link you were given, or start a game in the lobby."));
      return;
    }
    await this.refresh();
    this.connect();
  }

  async refresh() {
    try {
      const payload = await api(`/api/games/${encodeURIComponent(this.gameId)}?token=${encodeURIComponent(this.token)}`);
      this.render(payload);
    } catch (err) {
      showError(err.message);
    }
  }

  // --- live updates ---------------------------------------------------------------------------
  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // ?diff=1: the full payload on connect, then patches from the last one (patch.js)
    const url = `${scheme}://${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws?token=${encodeURIComponent(this.token)}&diff=1`;
    const ws = new WebSocket(url);
    this.ws = ws;
    let held = null; // the payload this socket last brought, that its next patch applies to
    let patches = 0;
    ws.addEventListener("open", () => { this.retry = 0; setConnection("live", true); });
    ws.addEventListener("message", (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch (err) { return; }
      if (data.type === "error") showError(data.error);
      else if (data.type === "state") {
        held = data;
        patches = 0;
        this.render(structuredClone(data));
      } else if (data.type === "patch") {
        if (!held) return; // the full payload asked for is on its way
        if (data.n !== patches + 1) { // out of step: ask for the whole payload again
          held = null;
          ws.send(JSON.stringify({ type: "full" }));
          return;
        }
        held = applyPatch(held, data);
        patches = data.n;
        this.render(structuredClone(held));
      }
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws || this.closed) return;
      setConnection("reconnecting…", false);
      const wait = Math.min(10000, 500 * 2 ** this.retry++);
      setTimeout(() => { if (this.ws === ws) this.connect(); }, wait);
    });
  }

  disconnect() {
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
  }

  close() {
    this.closed = true;
    this.disconnect();
    document.removeEventListener("keydown", this.keys);
    this.view.close();
  }

  // --- drawing ---------------------------------------------------------------------------------
  render(payload) {
    if (!payload || payload.type !== "state") return;
    if (this.payload && olderThan(payload, this.payload)) return; // an older message arrived late
    // a take-back (a later version at an earlier step): the log is drawn again from the payload
    if (this.payload && payload.seq < this.payload.seq) {
      this.lastEventStep = null;
      this.myStep = null; // what happened is counted again from here
      this.placesAtMyMove = null;
      this.lastMoves.clear();
    }
    const handover = this.handoverTo(payload);
    if (handover) {
      this.myStep = null;
      this.placesAtMyMove = null;
      this.handover(handover, payload);
      return;
    }
    // "me" in more than one seat: follow the move to my other seat (no secrets to keep from myself)
    const mine = payload.status === "active" && payload.to_move && payload.to_move !== payload.seat
      ? seatsOfGame(this.gameId).find((s) => s.seat === payload.to_move && !s.hotseat) : null;
    if (mine && payload.seat && seatsOfGame(this.gameId).some((s) => s.token === this.token && !s.hotseat)) {
      this.switchTo(mine);
      return;
    }
    // the same step again (the answer to my POST and then the push): keep the page as it is,
    // so focus, hover and a click under way are not disturbed
    const key = `${payload.seq}|${payload.status}|${payload.decision ? 1 : 0}|${payload.to_move}|${(payload.dice || []).length}`
      + `|${(payload.abandon_offer || []).join()}|${(payload.waiting_for || []).join()}`
      + `|${payload.version ?? ""}|${payload.can_undo ? 1 : 0}`;
    if (this.payload && key === this.drawnKey) return;
    this.drawnKey = key;
    this.payload = payload;
    this.receivedAt = performance.now(); // the thinking bar measures from here
    if (payload.seat && this.seat !== payload.seat) {
      const held = seatsOfGame(this.gameId).find((s) => s.token === this.token);
      if (held && held.seat !== payload.seat) rememberSeat({ ...held, seat: payload.seat, ruleset: payload.ruleset, scenario: payload.scenario });
    }
    this.seat = payload.seat;
    // for people reading the page's state and for the browser tests
    document.body.dataset.seq = String(payload.seq);
    document.body.dataset.status = payload.status;
    document.body.dataset.mine = payload.decision ? "1" : "0";
    document.body.dataset.seat = payload.seat || "";
    this.drawHead(payload);
    this.view.hideTip();
    if (payload.svg) this.mapWrap.innerHTML = payload.svg;
    else this.mapWrap.replaceChildren(el("pre", {}, JSON.stringify(payload.view, null, 1)));
    drawBoard(this.mapWrap, payload.static_map);
    oddsOnMap(this.mapWrap, payload.decision);
    this.view.attach(payload.decision);
    this.drawMoves(payload);
    this.parts = {};
    this.drawDecision(payload);
    this.dice.update(payload.dice, payload.step ?? payload.seq);
    this.drawEvents(payload.events);
    this.playOnlyOption(payload);
  }

  // what moved since this seat's last decision (or since the page opened): arrows on the map,
  // and the lines of the log since then, to step through
  drawMoves(payload) {
    const svg = this.mapWrap.querySelector("svg");
    if (this.myStep === null || this.myStep === undefined) {
      // a seat of this browser back at the table (hot seat): from its own last decision, as its
      // own map showed the pieces then; else from now
      const back = this.lastMoves.get(payload.seat || "");
      this.myStep = back ? back.step : payload.seq;
      this.placesAtMyMove = back ? back.places : piecePlaces(svg);
    }
    showMoves(svg, this.placesAtMyMove, unitsPerPixel(svg));
    this.since.update(payload.events, this.myStep, payload.ruleset);
  }

  // the step-through points at the pieces a line names
  pointAt(line) {
    for (const node of this.mapWrap.querySelectorAll(".step-focus")) node.classList.remove("step-focus");
    if (!line) return;
    const svg = this.mapWrap.querySelector("svg");
    const named = namedPieces(svg, line.text);
    for (const node of named) node.classList.add("step-focus");
    const places = named.length ? piecePlaces(svg) : null;
    const first = named.length && places.get(named[0].dataset.plane || named[0].dataset.flight || named[0].dataset.unitId || named[0].dataset.piece);
    if (first) this.view.reveal(first[0], first[1]);
  }

  // a decision with exactly one option and no free value asks nothing: play it, and say so in
  // the log (the server still records the step like any other)
  playOnlyOption(p) {
    const d = p.decision;
    if (!d || p.status !== "active" || d.free || !d.options || d.options.length !== 1) return;
    if (this.autoSeq === p.seq) return;
    this.autoSeq = p.seq;
    document.body.dataset.mine = "0"; // nothing to ask: not the player's move to make
    const only = d.options[0];
    this.eventLog.append(el("li", { class: "auto" }, el("span", { class: "step" }, `#${p.seq + 1}`),
      `Only one choice: ${only.label || only.text}`));
    this.eventLog.scrollTop = this.eventLog.scrollHeight;
    const play = () => {
      if (!this.payload || this.payload.seq !== p.seq || this.closed) return;
      if (this.busy) setTimeout(play, 50); // the answer to an earlier click is still on its way
      else this.send(only.text, true);
    };
    setTimeout(play, 0);
  }

  // a hot-seat game: the next seat to move is another hot-seat seat held in this browser
  handoverTo(payload) {
    const next = payload.hotseat_next;
    if (!next || next === payload.seat || payload.status !== "active") return null;
    const held = seatsOfGame(this.gameId).find((s) => s.seat === next);
    return held ? held : null;
  }

  handover(held, payload) {
    // blank everything of the previous seat before anything else is shown
    this.disconnect();
    this.payload = null;
    this.drawnKey = null;
    this.lastEventStep = null;
    this.dice = new DiceTray(this.tray, this.diceLog);
    this.mapWrap.replaceChildren();
    this.decision.replaceChildren();
    this.tray.replaceChildren();
    this.diceLog.replaceChildren();
    this.eventLog.replaceChildren();
    this.head.replaceChildren();
    document.body.dataset.mine = "0";
    document.body.dataset.seat = "";
    document.body.dataset.seq = String(payload.seq);
    const seat = (payload.seats || []).find((s) => s.id === held.seat);
    const name = seat ? seat.name : held.seat;
    const box = document.getElementById("handover");
    document.getElementById("handover-title").textContent = `Pass the screen to ${name}`;
    document.getElementById("handover-text").textContent =
      `${name} moves next. Hand the screen over; press the button once only ${name} can see it.`;
    const go = document.getElementById("handover-go");
    go.textContent = `I am ${name}: show my table`;
    box.hidden = false;
    go.focus();
    go.onclick = async () => {
      box.hidden = true;
      await this.switchTo(held);
    };
  }

  async switchTo(held) {
    this.disconnect();
    this.myStep = null;
    this.placesAtMyMove = null;
    this.token = held.token;
    this.drawnKey = null;
    history.replaceState(null, "", `/play/${this.gameId}#t=${encodeURIComponent(held.token)}`);
    await this.refresh();
    this.connect();
  }

  seatName(id) {
    const seat = ((this.payload && this.payload.seats) || []).find((s) => s.id === id);
    return seat ? seat.name : id;
  }

  drawHead(p) {
    const me = (p.seats || []).find((s) => s.id === p.seat);
    const finished = p.status !== "active";
    const replay = `/replay/${this.gameId}#t=${encodeURIComponent(this.token)}`;
    this.head.replaceChildren(...[
      this.titled(el("h1", { id: "game-title" }, `${titleCase(p.ruleset)}: ${titleCase(p.scenario)}`), p),
      el("span", { class: `who side-${me ? me.side : "none"}`, id: "who" }, me ? `You: ${me.name}` : "Spectating"),
      el("span", { id: "status" }, `turn ${p.turn ?? "?"} · step ${p.seq} · ${p.status}`),
      el("span", { class: "spacer" }),
      el("a", { href: `/rules/${encodeURIComponent(p.ruleset)}`, id: "rules-link", target: "_blank", rel: "noopener",
        title: "The rules as this program plays them, section by section" }, "Rules"),
      el("a", { href: replay, id: "replay-link" }, finished ? "Replay this game" : "Replay so far"),
      p.seat && !finished ? el("button", { type: "button", class: "danger", id: "resign", onclick: () => this.resign(false) }, "Resign") : null,
      p.seat && !finished ? el("button", { type: "button", id: "abandon", onclick: () => this.resign(true) }, "Abandon") : null,
    ].filter(Boolean));
  }

  titled(node, p) {
    gameTitle(p.ruleset, p.scenario).then((title) => { node.textContent = title; document.title = `dowding: ${title}`; });
    return node;
  }

  drawDecision(p) {
    // a keyboard player keeps their place: focus moves to the new decision's first option
    const active = document.activeElement;
    const hadFocus = this.decision.contains(active) || active === document.body || !active;
    this.drawDecisionParts(p);
    const first = this.decision.querySelector(".options button");
    if (hadFocus && first && document.getElementById("handover").hidden) first.focus({ preventScroll: true });
  }

  drawDecisionParts(p) {
    clearInterval(this.thinkTimer);
    const parts = [el("h2", { id: "decision-title" }, "Your move")];
    if (p.result || p.status !== "active") {
      parts[0] = el("h2", { id: "decision-title" }, "The game is over");
      const r = p.result || {};
      const winner = r.winner ? r.winner_name || this.seatName(r.winner) : null;
      parts.push(el("p", { class: "result", id: "result" },
        `${p.status === "finished" ? "Game over" : titleCase(p.status)}: ${r.outcome || (winner ? `${winner} wins` : "no winner")}${r.reason ? ` (${r.reason})` : ""}`));
      parts.push(el("a", { href: `/replay/${this.gameId}#t=${encodeURIComponent(this.token)}` }, "Replay it step by step"));
      if (p.status !== "active" && p.status !== "waiting") parts.push(el("p", {}, reportButton(this.gameId, this.token)));
    } else if (p.decision) {
      const d = p.decision;
      parts.push(el("div", { class: "prompt", id: "prompt" }, d.prompt));
      const list = el("ol", { class: "options", id: "options", "aria-label": "options" });
      d.options.forEach((o, i) => {
        const key = i < 9 ? String(i + 1) : i === 9 ? "0" : "";
        const button = el("button", { type: "button", "data-text": o.text, onclick: () => this.send(o.text),
          onmouseenter: () => this.highlight(o.text, false), onfocus: () => this.highlight(o.text, false),
          onmouseleave: () => this.highlight(null, false), "aria-keyshortcuts": key || null },
          el("span", { class: "key", "aria-hidden": "true" }, key),
          el("span", { class: "label", title: o.text }, o.label || o.text, oddsNode(o.odds)));
        list.append(el("li", {}, button));
      });
      parts.push(list);
      const input = el("input", { type: "text", id: "action-text", "aria-label": "Type an action", placeholder: d.free || "or type an option's text",
        autocomplete: "off", spellcheck: "false" });
      const form = el("form", { class: "free", onsubmit: (event) => { event.preventDefault(); if (input.value.trim()) this.send(input.value.trim()); } },
        input, el("button", { type: "submit" }, "Send"),
        d.free ? el("div", { class: "hint" }, `free value: ${d.free}`) : null);
      parts.push(form);
    } else if (p.status === "waiting") {
      // manual dice in a networked game: the invited players accept them before it starts
      const names = (p.waiting_for || []).map((s) => this.seatName(s)).join(", ");
      parts[0] = el("h2", { id: "decision-title" }, "Manual dice");
      parts.push(el("p", { id: "waiting" }, `The dice are typed at each table. The game starts when ${names || "everyone"} accepts.`));
      if ((p.waiting_for || []).includes(p.seat)) {
        parts.push(el("button", { type: "button", class: "primary", id: "accept-dice", onclick: () => this.agree("accept") }, "Accept manual dice"));
        parts.push(el("button", { type: "button", id: "decline-dice", onclick: () => this.agree("decline") }, "Decline"));
      }
    } else if (p.dice_needed) {
      const input = el("input", { type: "text", id: "dice-faces", "aria-label": "The faces you rolled", placeholder: p.dice_needed.expects || "" });
      parts[0] = el("h2", { id: "decision-title" }, "Roll the dice");
      parts.push(el("p", {}, p.dice_needed.label));
      parts.push(el("form", { class: "free", onsubmit: (event) => { event.preventDefault(); this.typeDice(input.value.trim()); } },
        input, el("button", { type: "submit" }, "Enter the faces")));
    } else {
      parts[0] = el("h2", { id: "decision-title" }, "Waiting");
      const who = p.to_move ? this.seatName(p.to_move) : null;
      parts.push(el("p", { class: "waiting", id: "waiting" }, who ? `Waiting for ${who}…` : "The dice are rolling…"));
      if (p.thinking) parts.push(this.thinkingNode(p.thinking));
    }
    if (p.can_undo && p.seat) {
      // take back my last move: allowed until a die is rolled or another side decides
      parts.push(el("p", { class: "undo" }, el("button", { type: "button", id: "undo", "aria-keyshortcuts": "U",
        title: "Take back your last move (U)", onclick: () => this.undo() }, "Undo my last move"),
        el("span", { class: "hint" }, " (U)")));
    }
    const offer = p.abandon_offer || [];
    if (offer.length && p.seat) {
      // an offer to abandon between people: it ends the game only when everyone agrees
      const mine = offer.includes(p.seat);
      parts.push(el("div", { class: "offer", id: "abandon-offer" },
        el("p", {}, mine ? "You offered to abandon this game." : `${offer.map((s) => this.seatName(s)).join(", ")} offered to abandon this game, with no winner.`),
        mine ? null : el("button", { type: "button", id: "abandon-accept", onclick: () => this.agree("abandon") }, "Agree"),
        el("button", { type: "button", id: "abandon-decline", onclick: () => this.agree("abandon/decline") }, mine ? "Withdraw" : "Refuse")));
    }
    this.decision.replaceChildren(...parts);
  }

  // a computer's turn: who thinks, and a bar against its time cap (payload "thinking")
  thinkingNode(t) {
    const words = [t.kind, t.strength].filter(Boolean).join(", ");
    const cap = typeof t.cap === "number" ? t.cap : null;
    const text = `${t.name} (${words}) is thinking…${cap !== null ? ` up to ${cap.toFixed(1)} s` : ""}`;
    const box = el("div", { class: "thinking", id: "thinking", role: "status" }, el("p", { id: "thinking-text" }, text));
    if (cap !== null) {
      const bar = el("progress", { id: "thinking-bar", max: String(cap), value: "0", style: "width: 100%",
        "aria-label": "thinking time used of its cap" });
      box.append(bar);
      // the server's clock says how long it has thought; the page's own clock counts on from there
      const begun = Math.max(0, (t.server_time || 0) - (t.started || 0));
      const at = this.receivedAt || performance.now();
      const tick = () => {
        const spent = Math.min(cap, begun + (performance.now() - at) / 1000);
        bar.value = spent;
        if (spent >= cap) clearInterval(this.thinkTimer);
      };
      tick();
      this.thinkTimer = setInterval(tick, 100);
    }
    return box;
  }

  async undo() {
    if (this.busy || !this.payload || !this.payload.can_undo) return;
    this.busy = true;
    try {
      const payload = await api(`/api/games/${encodeURIComponent(this.gameId)}/undo`, {
        method: "POST", body: { token: this.token, seq: this.payload.seq } });
      clearError();
      this.render(payload);
    } catch (err) {
      showError(err.message);
      if (err.status === 409) await this.refresh();
    } finally {
      this.busy = false;
    }
  }

  async agree(route) {
    try {
      const payload = await api(`/api/games/${encodeURIComponent(this.gameId)}/${route}`, {
        method: "POST", body: { token: this.token } });
      this.render(payload);
    } catch (err) {
      showError(err.message);
    }
  }

  drawEvents(events) {
    events = events || [];
    const first = this.lastEventStep === null;
    const fresh = first ? events : events.filter((e) => e.step > this.lastEventStep);
    const ruleset = this.payload && this.payload.ruleset;
    const lines = fresh.map((e) => logLine(e, ruleset));
    if (first) this.eventLog.replaceChildren(...lines);
    else this.eventLog.append(...lines);
    if (events.length) this.lastEventStep = Math.max(this.lastEventStep ?? -1, ...events.map((e) => e.step));
    else if (first) this.lastEventStep = -1;
    this.eventLog.scrollTop = this.eventLog.scrollHeight;
  }

  highlight(text, fromMap) {
    for (const node of this.main.querySelectorAll(".hl")) node.classList.remove("hl");
    if (!text) return;
    const sel = `[data-action="${CSS.escape(text)}"]`;
    const onMap = this.mapWrap.querySelector(sel);
    if (onMap && !fromMap) onMap.classList.add("hl");
    const button = this.decision.querySelector(`[data-text="${CSS.escape(text)}"]`);
    if (button && fromMap) button.classList.add("hl");
  }

  onKey(event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.zoomKey(event)) return;
    if (event.key === "Escape" && this.since.timer) {
      this.since.stop(); // skip the play-through of what happened
      return;
    }
    if (event.key === "u" || event.key === "U") {
      const undo = this.decision.querySelector("#undo");
      if (undo) {
        event.preventDefault();
        undo.click();
      }
      return;
    }
    const buttons = [...this.decision.querySelectorAll(".options button")];
    if (!buttons.length) return;
    if (/^[0-9]$/.test(event.key)) {
      const index = event.key === "0" ? 9 : Number(event.key) - 1;
      if (buttons[index]) {
        event.preventDefault();
        buttons[index].focus();
        buttons[index].click();
      }
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const at = buttons.indexOf(document.activeElement);
      if (at === -1 && this.mapWrap.contains(document.activeElement)) return;
      event.preventDefault();
      const next = at === -1 ? 0 : (at + (event.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length;
      buttons[next].focus();
    }
  }

  // +, - and F zoom the map in, out and to fit, wherever the focus is (but in a text field)
  zoomKey(event) {
    const act = { "+": () => this.view.zoomBy(1.4), "=": () => this.view.zoomBy(1.4), "-": () => this.view.zoomBy(1 / 1.4),
      f: () => this.view.fit(), F: () => this.view.fit() }[event.key];
    if (!act) return false;
    event.preventDefault();
    act();
    return true;
  }

  // an option made of two clicks on the map (a card, then a flight): send it once complete
  pickPart(part) {
    const [key, value] = part.split("=");
    this.parts = { ...this.parts, [key]: value };
    for (const node of this.mapWrap.querySelectorAll(".picked")) node.classList.remove("picked");
    for (const [k, v] of Object.entries(this.parts)) {
      const node = this.mapWrap.querySelector(`[data-part="${CSS.escape(`${k}=${v}`)}"]`);
      if (node) node.classList.add("picked");
    }
    const texts = ((this.payload && this.payload.decision && this.payload.decision.options) || []).map((o) => o.text);
    const keys = Object.keys(this.parts);
    const match = texts.find((text) => {
      const rest = text.split(" ").slice(1);
      const args = Object.fromEntries(rest.map((a) => a.split("=")));
      return rest.length === keys.length && keys.every((k) => args[k] === this.parts[k]);
    });
    const input = this.decision.querySelector("#action-text");
    if (match) {
      this.parts = {};
      this.send(match);
    } else if (input) {
      input.value = keys.map((k) => `${k}=${this.parts[k]}`).join(" ");
    }
  }

  // --- acting ----------------------------------------------------------------------------------
  // auto: a lone option played for the person, not their decision (what happened keeps counting)
  async send(text, auto = false) {
    if (this.busy || !this.payload) return;
    if (!this.payload.decision) {
      showError("It is not your move now.");
      return;
    }
    this.busy = true;
    if (!auto) { // what happens from here on is what the person has not seen yet
      this.myStep = this.payload.seq;
      this.placesAtMyMove = piecePlaces(this.mapWrap.querySelector("svg"));
      this.lastMoves.set(this.payload.seat || "", { step: this.myStep, places: this.placesAtMyMove });
    }
    this.decision.setAttribute("aria-busy", "true");
    try {
      const payload = await api(`/api/games/${encodeURIComponent(this.gameId)}/actions`, {
        method: "POST", body: { token: this.token, seq: this.payload.seq, action: text } });
      clearError();
      this.render(payload);
    } catch (err) {
      showError(err.message);
      if (err.status === 409) await this.refresh();
    } finally {
      this.busy = false;
      this.decision.removeAttribute("aria-busy");
    }
  }

  async typeDice(faces) {
    if (!faces) return;
    try {
      const payload = await api(`/api/games/${encodeURIComponent(this.gameId)}/dice`, {
        method: "POST", body: { token: this.token, faces, seq: this.payload.seq } });
      clearError();
      this.render(payload);
    } catch (err) {
      showError(err.message);
    }
  }

  async resign(abandon) {
    const people = this.payload && (this.payload.seats || []).some((s) => s.controller === "invited");
    const outcome = (this.payload && this.payload.resign_outcome) || "the other side wins";
    const words = !abandon ? `Resign this game? ${outcome[0].toUpperCase()}${outcome.slice(1)}.`
      : people ? "Offer to abandon this game? It ends with no winner if the other players agree; otherwise play on, or resign."
      : "Abandon this game? It ends with no winner.";
    if (!window.confirm(words)) return;
    try {
      const payload = await api(`/api/games/${encodeURIComponent(this.gameId)}/${abandon ? "abandon" : "resign"}`, {
        method: "POST", body: { token: this.token } });
      this.render(payload);
    } catch (err) {
      showError(err.message);
    }
  }
}

// --- replay ----------------------------------------------------------------------------------------
export class ReplayScreen {
  constructor(main, gameId, token) {
    this.main = main;
    this.gameId = gameId;
    this.token = token;
    this.step = 0;
    this.total = 0;
  }

  async start() {
    if (!this.token) {
      this.main.replaceChildren(el("p", {}, "This link has no seat token (#t=…)."));
      return;
    }
    let now;
    try {
      now = await api(`/api/games/${encodeURIComponent(this.gameId)}?token=${encodeURIComponent(this.token)}`);
    } catch (err) {
      showError(err.message);
      return;
    }
    this.total = now.seq;
    this.seats = now.seats || [];
    const me = this.seats.find((s) => s.id === now.seat);
    this.slider = el("input", { type: "range", min: 0, max: this.total, value: this.total, id: "replay-step", "aria-label": "Step" });
    this.label = el("span", { id: "replay-at", "aria-live": "polite" });
    const button = (id, text, label, to) => el("button", { type: "button", id, "aria-label": label, onclick: () => this.go(to()) }, text);
    this.mapWrap = el("div", { class: "map-wrap replay-map", id: "map" });
    this.view = new MapView(this.mapWrap);
    this.eventLog = el("ol", { class: "log", id: "event-log" });
    this.diceLog = el("ol", { class: "log", id: "dice-log" });
    this.info = el("div", { id: "replay-info" });
    this.main.replaceChildren(el("div", { class: "table-screen" },
      el("div", { class: "table-head" },
        el("h1", { id: "game-title" }, `Replay: ${titleCase(now.ruleset)}, ${titleCase(now.scenario)}`),
        el("span", { class: "who" }, me ? `as seen by ${me.name}` : "public view"),
        el("span", { class: "spacer" }),
        now.status === "active" ? el("a", { href: `/play/${this.gameId}#t=${encodeURIComponent(this.token)}` }, "Back to the table") : null,
        now.status !== "active" && now.status !== "waiting" ? reportButton(this.gameId, this.token) : null),
      el("div", {},
        el("div", { class: "replay-bar card" },
          button("first", "« First", "First step", () => 0),
          button("back", "◀", "Step back", () => this.step - 1),
          this.slider,
          button("forward", "▶", "Step forward", () => this.step + 1),
          button("last", "Last »", "Last step", () => this.total),
          this.label),
        el("div", { class: "map-tools" }, this.view.tabs, this.view.controls),
        this.mapWrap),
      el("aside", { class: "side" },
        el("section", { class: "card" }, this.info),
        el("section", { class: "card" }, el("h2", {}, "What happened"), this.eventLog),
        el("section", { class: "card" }, el("h2", {}, "Dice"), this.diceLog))));
    gameTitle(now.ruleset, now.scenario).then((title) => { document.getElementById("game-title").textContent = `Replay: ${title}`; });
    this.slider.addEventListener("change", () => this.go(Number(this.slider.value)));
    document.addEventListener("keydown", (event) => {
      if (event.target.closest && event.target.closest("input, select, textarea")) return;
      if (event.key === "ArrowRight") this.go(this.step + 1);
      if (event.key === "ArrowLeft") this.go(this.step - 1);
    });
    await this.go(this.total);
  }

  async go(step) {
    step = Math.max(0, Math.min(this.total, step));
    let p;
    try {
      p = await api(`/api/games/${encodeURIComponent(this.gameId)}/replay?token=${encodeURIComponent(this.token)}&step=${step}`);
    } catch (err) {
      showError(err.message);
      return;
    }
    clearError();
    if (this.drawnStep === step && this.step === step) return; // the same step asked twice
    this.drawnStep = step;
    this.step = step;
    this.slider.value = String(step);
    this.label.textContent = `step ${step} of ${this.total}`;
    document.body.dataset.step = String(step);
    // what moved from the step shown before to this one: arrows, as at the table
    const before = piecePlaces(this.mapWrap.querySelector("svg"));
    this.view.hideTip();
    if (p.svg) this.mapWrap.innerHTML = p.svg;
    else this.mapWrap.replaceChildren(el("pre", {}, JSON.stringify(p.view, null, 1)));
    drawBoard(this.mapWrap, p.static_map);
    this.view.attach(null);
    const svg = this.mapWrap.querySelector("svg");
    showMoves(svg, before, unitsPerPixel(svg));
    const mover = p.to_move ? (this.seats.find((s) => s.id === p.to_move) || {}).name || p.to_move : null;
    const r = p.result;
    this.info.replaceChildren(...[
      el("p", {}, `Turn ${p.turn ?? "?"}`),
      mover ? el("p", {}, `Next to decide: ${mover}`) : null,
      r ? el("p", { class: "result" }, `Game over: ${r.outcome || (r.winner ? `${r.winner_name || (this.seats.find((s) => s.id === r.winner) || {}).name || r.winner} wins` : "no winner")}${r.reason ? ` (${r.reason})` : ""}`) : null].filter(Boolean));
    this.eventLog.replaceChildren(...(p.events || []).map((e) => logLine(e, p.ruleset)));
    this.eventLog.scrollTop = this.eventLog.scrollHeight;
    // a roll's words: its label and faces (the payload no longer repeats them as text)
    this.diceLog.replaceChildren(...(p.dice || []).map((d) => el("li", {}, el("span", { class: "step" }, `#${d.step}`),
      d.text || `${d.label}: ${d.words ?? d.faces ?? "(hidden)"}`)));
    this.diceLog.scrollTop = this.diceLog.scrollHeight;
  }
}

