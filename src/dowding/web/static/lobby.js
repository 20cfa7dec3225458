// The lobby (ruleset, scenario, options, seats) and the list of my games.
import { api, el, rememberSeat, storedSeats, forgetGame, showError, clearError, titleCase, gameTitle } from "./util.js";

const KINDS = [
  ["me", "Me"],
  ["computer", "Computer"],
  ["invite", "Invite a player (link)"],
  ["hotseat", "Hot-seat on this screen"],
];

export async function showLobby(main) {
  main.replaceChildren(el("p", { class: "loading" }, "Loading the rulesets…"));
  let rulesets;
  try {
    rulesets = await api("/api/rulesets");
  } catch (err) {
    showError(err.message);
    return;
  }
  const form = el("form", { class: "card", id: "new-game", "aria-labelledby": "new-title" });
  const gamesBox = el("section", { class: "card", id: "my-games", "aria-labelledby": "games-title" });
  main.replaceChildren(
    el("div", { class: "lobby" },
      el("section", {}, el("h1", { id: "new-title" }, "A new game"), form),
      el("section", {}, el("h1", { id: "games-title" }, "My games"), gamesBox)),
  );
  buildForm(form, rulesets, () => showGames(gamesBox));
  showGames(gamesBox);
  if (location.hash === "#games") gamesBox.scrollIntoView();
}

// "My games" follows this browser's seats as they change: a game made here, a seat remembered in
// another tab (the storage event), and the lobby shown again from the back/forward cache
function refreshMyGames() {
  const box = document.getElementById("my-games");
  if (box) showGames(box);
}
window.addEventListener("storage", (event) => { if (!event.key || event.key.startsWith("dowding")) refreshMyGames(); });
window.addEventListener("pageshow", (event) => { if (event.persisted) refreshMyGames(); });

function buildForm(form, rulesets, onCreated) {
  const state = { ruleset: rulesets[0], seats: [] };
  const rulesetSelect = el("select", { id: "ruleset", name: "ruleset" },
    rulesets.map((r) => el("option", { value: r.id }, `${r.title} (${r.id})`)));
  const scenarioSelect = el("select", { id: "scenario", name: "scenario" });
  const scenarioHelp = el("div", { class: "help", id: "scenario-help" });
  const optionsBox = el("fieldset", { id: "options" });
  const seatsBox = el("fieldset", { id: "seats" });
  const spectators = el("input", { type: "checkbox", id: "spectators" });
  const dice = el("select", { id: "dice" },
    el("option", { value: "auto" }, "rolled by the server"),
    el("option", { value: "manual" }, "typed in from real dice"));
  const result = el("div", { class: "invites", id: "created", "aria-live": "polite" });
  const submit = el("button", { type: "submit", class: "primary", id: "start" }, "Start the game");

  form.append(
    el("div", { class: "field" }, el("label", { for: "ruleset" }, "Ruleset"), rulesetSelect),
    el("div", { class: "field" }, el("label", { for: "scenario" }, "Scenario"), scenarioSelect, scenarioHelp),
    optionsBox,
    seatsBox,
    el("div", { class: "field" }, el("label", { for: "spectators" }, "Spectators may watch"), spectators),
    el("div", { class: "field" }, el("label", { for: "dice" }, "Dice"), dice),
    submit,
    result,
  );

  function pickRuleset() {
    state.ruleset = rulesets.find((r) => r.id === rulesetSelect.value) || rulesets[0];
    const r = state.ruleset;
    scenarioSelect.replaceChildren(...r.scenarios.map((s) =>
      el("option", { value: s.id, selected: s.id === r.default_scenario }, s.title || titleCase(s.id))));
    describeScenario();
    optionsBox.replaceChildren(el("legend", {}, "Options"));
    for (const o of r.options) optionsBox.append(optionField(o, refreshSeats));
    if (!r.options.length) optionsBox.append(el("p", {}, "This ruleset has no options."));
    if (r.own_components) {
      optionsBox.append(el("p", { class: "own-components", id: "own-components" },
        "This server deals it from its owner's own components (the printed values), not the shipped ones."));
    }
    refreshSeats();
  }
  function describeScenario() {
    const s = state.ruleset.scenarios.find((x) => x.id === scenarioSelect.value);
    scenarioHelp.textContent = s ? s.description || "" : "";
  }
  async function refreshSeats() {
    const wanted = state.ruleset;
    const ticket = (state.ticket = (state.ticket || 0) + 1);
    let seats = wanted.seats;
    try {
      const answer = await api("/api/seats", { method: "POST", body: { ruleset: wanted.id, options: readOptions(optionsBox) } });
      seats = answer.seats;
    } catch (err) {
      showError(err.message);
    }
    if (ticket !== state.ticket) return; // a later change is on its way
    // keep what was chosen for seats that stay
    const kept = {};
    for (const select of seatsBox.querySelectorAll("select")) kept[select.name] = select.value;
    const same = seatsBox.dataset.ruleset === state.ruleset.id;
    state.seats = seats;
    seatsBox.replaceChildren(el("legend", {}, "Who sits in each seat"));
    seats.forEach((seat, i) => seatsBox.append(seatRow(seat, i, state.ruleset)));
    if (same) {
      for (const select of seatsBox.querySelectorAll("select")) {
        if (kept[select.name] !== undefined) {
          select.value = kept[select.name];
          select.dispatchEvent(new Event("change"));
        }
      }
    }
    seatsBox.dataset.ruleset = state.ruleset.id;
    seatsBox.dataset.version = String(Number(seatsBox.dataset.version || 0) + 1);
  }
  rulesetSelect.addEventListener("change", pickRuleset);
  scenarioSelect.addEventListener("change", describeScenario);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearError();
    submit.disabled = true;
    const seats = {};
    for (const seat of state.seats) {
      const kind = form.querySelector(`[name="kind-${CSS.escape(seat.id)}"]`).value;
      const choice = { kind };
      if (kind === "computer") choice.player = form.querySelector(`[name="player-${CSS.escape(seat.id)}"]`).value;
      seats[seat.id] = choice;
    }
    const body = {
      ruleset: state.ruleset.id,
      scenario: scenarioSelect.value,
      options: readOptions(optionsBox),
      seats,
      spectators: spectators.checked,
      dice: dice.value,
    };
    try {
      const made = await api("/api/games", { method: "POST", body });
      for (const [seat, token] of Object.entries(made.tokens || {})) {
        rememberSeat({ game_id: made.game_id, seat, token, ruleset: body.ruleset, scenario: body.scenario,
          hotseat: seats[seat].kind === "hotseat" });
      }
      onCreated();
      const invites = Object.entries(made.invites || {});
      if (!invites.length && !made.spectate && made.play_url) {
        location.assign(made.play_url);
        return;
      }
      result.replaceChildren(el("h2", {}, "The game is ready"));
      for (const [seat, url] of invites) {
        result.append(linkField(`Invite link for ${seat}`, url, `invite-${seat}`));
      }
      if (made.spectate) result.append(linkField("Spectators' link", made.spectate, "spectate"));
      if (made.owner_token) {
        // a game only computers play: its owner (this page) may stop it
        const stop = el("button", { type: "button", id: "stop-game" }, "Stop this game");
        stop.addEventListener("click", async () => {
          try {
            await api(`/api/games/${encodeURIComponent(made.game_id)}/stop`, { method: "POST", body: { token: made.owner_token } });
            stop.replaceWith(el("p", { id: "stopped" }, "The game is stopped."));
          } catch (err) {
            showError(err.message);
          }
        });
        result.append(el("p", {}, stop));
      }
      const watching = made.play_url && made.play_url === made.spectate;
      if (made.play_url) result.append(el("p", {}, el("a", { href: made.play_url, id: "go-table", class: "primary" }, watching ? "Watch the game" : "Go to my table")));
    } catch (err) {
      showError(err.message);
    } finally {
      submit.disabled = false;
    }
  });
  pickRuleset();
}

function linkField(label, link, id) {
  const url = new URL(link, location.href).href; // the server may answer with /play/...#t=...
  const input = el("input", { type: "text", readonly: true, value: url, id, "aria-label": label });
  const copy = el("button", { type: "button", onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch (err) { copy.textContent = "Select and copy"; }
  } }, "Copy");
  return el("div", { class: "field" }, el("label", { for: id }, label), el("div", { class: "free" }, input, copy));
}

function optionField(o, onChange) {
  const id = `opt-${o.name}`;
  let input;
  if (typeof o.default === "boolean") {
    input = el("input", { type: "checkbox", id, name: o.name, checked: o.default, "data-kind": "bool" });
  } else if (o.choices && o.choices.length) {
    input = el("select", { id, name: o.name, "data-kind": typeof o.default === "number" ? "number" : "text" },
      o.choices.map((c, i) => el("option", { value: c, selected: String(c) === String(o.default) },
        (o.choice_labels && o.choice_labels[i]) || String(c))));
  } else if (typeof o.default === "number") {
    input = el("input", { type: "number", id, name: o.name, value: o.default, min: o.minimum, max: o.maximum,
      step: Number.isInteger(o.default) ? 1 : "any", "data-kind": "number" });
  } else {
    input = el("input", { type: "text", id, name: o.name, value: o.default ?? "", "data-kind": "text" });
  }
  input.addEventListener("change", onChange);
  return el("div", { class: "field" }, el("label", { for: id }, o.label || titleCase(o.name)), input,
    o.help ? el("div", { class: "help" }, o.help) : null);
}

function readOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll("[data-kind]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.name] = input.checked;
    else if (kind === "number") {
      const n = Number(input.value);
      if (input.value !== "" && Number.isFinite(n)) options[input.name] = n;
    } else if (input.value !== "") options[input.name] = input.value;
  }
  return options;
}

function seatRow(seat, index, ruleset) {
  const kind = el("select", { name: `kind-${seat.id}`, id: `kind-${seat.id}`, "aria-label": `Who plays ${seat.name}` },
    KINDS.map(([value, label]) => el("option", { value, selected: value === (index === 0 ? "me" : "computer") }, label)));
  const players = ruleset.players || [];
  const preferred = players.includes("ismcts:regular") ? "ismcts:regular" : players.includes("heuristic") ? "heuristic" : players[0];
  const player = el("select", { name: `player-${seat.id}`, id: `player-${seat.id}`, "aria-label": `Computer player for ${seat.name}` },
    players.map((p) => el("option", { value: p, selected: p === preferred }, playerName(p))));
  const sync = () => { player.hidden = kind.value !== "computer"; };
  kind.addEventListener("change", sync);
  sync();
  return el("div", { class: `seat-row side-${seat.side}` }, el("label", { for: `kind-${seat.id}` }, seat.name), kind, player);
}

function playerName(kind) {
  if (kind.startsWith("ismcts:")) return `search, ${kind.slice(7)}`;
  return kind;
}

export async function showGames(box) {
  const seats = storedSeats();
  if (!seats.length) {
    box.replaceChildren(el("p", {}, "No games yet on this browser. Start one here; its links are kept in this browser only."));
    return;
  }
  const ticket = String(Number(box.dataset.ticket || 0) + 1);
  box.dataset.ticket = ticket; // only the latest listing is drawn
  if (!box.querySelector("table")) box.replaceChildren(el("p", { class: "loading" }, "Loading…"));
  let found = [];
  try {
    found = await api(`/api/games?tokens=${encodeURIComponent(seats.map((s) => s.token).join(","))}`);
  } catch (err) {
    if (box.dataset.ticket === ticket) box.replaceChildren(el("p", {}, `My games cannot be listed: ${err.message}`));
    return;
  }
  if (box.dataset.ticket !== ticket) return;
  const tokenOf = (gameId, seat) => (seats.find((s) => s.game_id === gameId && s.seat === seat) || {}).token;
  const rows = found.map((g) => {
    const token = tokenOf(g.game_id, g.seat);
    const active = g.status === "active";
    const mine = active && g.to_move && seats.some((s) => s.game_id === g.game_id && s.seat === g.to_move);
    const where = active
      ? (mine ? el("span", { class: "badge turn" }, "your move") : el("span", { class: "badge" }, g.to_move ? `waiting for ${g.to_move}` : "waiting"))
      : el("span", { class: "badge done" }, g.status);
    const href = `/${active ? "play" : "replay"}/${g.game_id}#t=${encodeURIComponent(token)}`;
    const link = el("a", { href, class: "game-link" }, `${titleCase(g.ruleset)}: ${titleCase(g.scenario)}`);
    gameTitle(g.ruleset, g.scenario).then((title) => { link.textContent = title; });
    return el("tr", {},
      el("td", {}, link),
      el("td", {}, g.seat),
      el("td", {}, `turn ${g.turn ?? "?"}`),
      el("td", {}, where),
      el("td", {}, el("a", { href: `/replay/${g.game_id}#t=${encodeURIComponent(token)}` }, "replay")),
      el("td", {}, el("button", { type: "button", "aria-label": "Forget this game on this browser",
        onclick: () => { forgetGame(g.game_id); showGames(box); } }, "forget")));
  });
  box.replaceChildren(el("table", { class: "games" },
    el("thead", {}, el("tr", {}, ["Game", "Seat", "Turn", "Where it stands", "", ""].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows)));
}
