// Small helpers shared by the screens: the API, the stored seat tokens, messages, elements.

export class ApiError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body || {};
  }
}

export async function api(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new ApiError("The server cannot be reached: is `dowding serve` still running?", 0);
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || `The server answered ${response.status}.`;
    throw new ApiError(message, response.status, data);
  }
  return data;
}

// --- my games: seat tokens kept in this browser only ----------------------------------------
const STORE = "dowding.games.v1";

export function storedSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list.filter((s) => s && s.token && s.game_id) : [];
  } catch (err) {
    return [];
  }
}

export function rememberSeat(entry) {
  const list = storedSeats().filter((s) => s.token !== entry.token);
  list.unshift({ ...entry, saved: new Date().toISOString() });
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 200)));
}

export function forgetGame(gameId) {
  localStorage.setItem(STORE, JSON.stringify(storedSeats().filter((s) => s.game_id !== gameId)));
}

export function seatsOfGame(gameId) {
  return storedSeats().filter((s) => s.game_id === gameId);
}

// --- messages --------------------------------------------------------------------------------
export function showError(message) {
  const box = document.getElementById("error");
  document.getElementById("error-text").textContent = message;
  box.hidden = false;
}

export function clearError() {
  document.getElementById("error").hidden = true;
}

export function setConnection(text, on) {
  const conn = document.getElementById("conn");
  conn.textContent = text;
  conn.className = "conn " + (text ? (on ? "on" : "off") : "");
}

// el("button", {class: "x", onclick: f}, "text", child...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function tokenFromHash() {
  const match = /(?:^#|&)t=([^&]+)/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

export function titleCase(id) {
  return String(id || "").replace(/[-_]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

// "Battle of Britain (plotting-table edition): Channel Battle (Kanalkampf)" for a game's header
let titles = null;
export async function gameTitle(ruleset, scenario) {
  if (!titles) {
    titles = api("/api/rulesets").then((list) => {
      const found = {};
      for (const r of list) {
        found[r.id] = r.title;
        for (const s of r.scenarios) found[`${r.id}/${s.id}`] = s.title;
      }
      return found;
    }).catch(() => ({}));
  }
  const known = await titles;
  const game = known[ruleset] || titleCase(ruleset);
  const part = known[`${ruleset}/${scenario}`] || titleCase(scenario);
  // a ruleset with one scenario may name it in its own title ("..., the Advanced Game")
  return game.toLowerCase().includes(part.toLowerCase()) ? game : `${game}: ${part}`;
}
