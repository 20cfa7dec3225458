// The dice tray: the latest roll tumbles, then shows its faces; a log keeps every roll.
import { el } from "./util.js";

const BOB_FACES = { cross: "✚", roundel: "◉", blank: "·" };
const FACE_WORDS = { "✚": "cross", "◉": "roundel", "·": "blank" };

// "d=3,5" -> ["3","5"]; "d=hit,evade" -> ["hit","evade"]; "blank=1 cross=2 roundel=0" ->
// ["✚","✚","·"] (bob's symbols drawn, in bob's order); "blank=1 evade=0 hit2=2" -> ["blank",
// "hit2","hit2"] (any other pool: each face as often as it came up); else one chip of text
export function facesOf(faces) {
  if (faces === null || faces === undefined) return null;
  const text = String(faces).trim();
  const listed = /^d=([\w,.-]+)$/.exec(text);
  if (listed) return listed[1].split(",").filter(Boolean);
  const symbols = text.split(/\s+/).map((part) => part.split("="));
  if (!symbols.length || !symbols.every(([k, v]) => /^\w+$/.test(k || "") && /^\d+$/.test(v || ""))) return [text];
  const bob = symbols.every(([k]) => k in BOB_FACES);
  const keys = bob ? ["cross", "roundel", "blank"] : symbols.map(([k]) => k);
  const out = [];
  for (const key of keys) {
    const found = symbols.find(([k]) => k === key);
    for (let i = 0; i < Math.min(60, Number(found ? found[1] : 0)); i++) out.push(bob ? BOB_FACES[key] : key);
  }
  return out.length ? out : [text];
}

function dieClass(roll) {
  // bob's Luftwaffe dice are black, the RAF's white (the labels say whose dice they are)
  return /black|luftwaffe's|bombing dice|reaching for home/i.test(roll.label || "") ? "die lw" : "die raf";
}

function dieNode(face, roll) {
  const words = FACE_WORDS[face] || face;
  const wide = String(face).length > 2;
  return el("span", { class: dieClass(roll), role: "img", "aria-label": words, style: wide ? "width:auto;padding:0 .4em" : null }, face);
}

// Rolls made one straight after another (steps n, n+1, ...) belong together: an intercept's
// white dice and then its black ones. The tray shows the latest such volley, all of it.
export function latestVolley(rolls) {
  const out = [];
  for (let i = rolls.length - 1; i >= 0; i--) {
    const r = rolls[i];
    if (out.length && out[0].step - r.step > 1) break;
    out.unshift(r);
  }
  return out;
}

// a card drawn (faces "item=lw-2-09"), not dice: shown as words
function isDraw(roll) {
  const faces = roll.faces;
  if (faces === null || faces === undefined) return /draw|picks|chooses/i.test(roll.label || "");
  return /^item=/.test(String(faces));
}

// A volley stays in the tray while the steps that act on it follow (the losses to choose); once
// the game has moved on by more than this many steps, the tray says there are no new dice.
export const STALE_AFTER_STEPS = 2;

export class DiceTray {
  constructor(tray, log) {
    this.tray = tray;
    this.log = log;
    this.lastStep = null;
    this.shown = null;
    this.timers = [];
  }

  // rolls: the payload's "dice" list, oldest first; now: the step the table shows
  update(rolls, now) {
    rolls = rolls || [];
    const first = this.lastStep === null;
    const fresh = first ? [] : rolls.filter((r) => r.step > this.lastStep);
    if (first) this.log.replaceChildren(...rolls.map((r) => this.logLine(r)));
    else for (const r of fresh) this.log.append(this.logLine(r));
    this.log.scrollTop = this.log.scrollHeight;
    if (rolls.length) this.lastStep = Math.max(this.lastStep ?? -1, ...rolls.map((r) => r.step));
    else if (first) this.lastStep = -1;
    const volley = latestVolley(rolls);
    const end = volley.length ? volley[volley.length - 1].step : null;
    const stale = end !== null && typeof now === "number" && now - end > STALE_AFTER_STEPS;
    const key = stale ? `stale|${end}` : volley.map((r) => r.step).join(",");
    if (key === this.shown) return;
    this.shown = key;
    if (!volley.length) {
      this.tray.replaceChildren();
      return;
    }
    if (stale) {
      this.stop();
      this.tray.dataset.stale = "1";
      this.tray.replaceChildren(el("div", { class: "tray-label" },
        `No dice since step #${end} (${volley[volley.length - 1].label || "the last roll"}); the dice log keeps every roll.`));
      return;
    }
    delete this.tray.dataset.stale;
    this.show(volley, !first && fresh.length > 0);
  }

  logLine(r) {
    return el("li", {}, el("span", { class: "step" }, `#${r.step}`), r.text || `${r.label}: ${r.words ?? r.faces ?? "(hidden)"}`);
  }

  stop() {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    delete this.tray.dataset.rolling;
  }

  show(volley, animate) {
    this.stop();
    const groups = [];
    for (let i = 0; i < volley.length; i++) {
      // draws in a row with one label (three cards picked at random) make one short line
      const roll = volley[i];
      if (isDraw(roll)) {
        const same = [roll];
        while (i + 1 < volley.length && isDraw(volley[i + 1]) && volley[i + 1].label === roll.label) same.push(volley[++i]);
        groups.push(this.drawGroup(same));
      } else groups.push(this.group(roll));
    }
    this.tray.replaceChildren(...groups.map((g) => g.node));
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!animate || still) return;
    for (const g of groups) if (g.dice.length) this.tumble(g.dice, g.faces);
  }

  group(roll) {
    const faces = facesOf(roll.faces);
    const label = el("div", { class: "tray-label" }, `#${roll.step} ${roll.label || ""}`);
    if (!faces) {
      return { node: el("div", { class: "volley", "data-step": String(roll.step) }, label, el("span", {}, "(rolled out of your sight)")), dice: [], faces: [] };
    }
    const dice = faces.map((f) => dieNode(f, roll));
    return { node: el("div", { class: "volley", "data-step": String(roll.step) }, label, ...dice), dice, faces };
  }

  drawGroup(draws) {
    const first = draws[0].step;
    const last = draws[draws.length - 1].step;
    const steps = first === last ? `#${first}` : `#${first}–${last}`;
    // a thing drawn in the ruleset's words where it has them ("no extra card"), else its name
    const items = draws.map((d) => (d.faces === null || d.faces === undefined ? "(out of your sight)" : d.words ?? String(d.faces).replace(/^item=/, "")));
    return {
      node: el("div", { class: "volley drawn", "data-step": String(first) },
        el("div", { class: "tray-label" }, `${steps} ${draws[0].label || ""}`),
        el("span", { class: "drawn-items" }, items.join(", "))),
      dice: [],
      faces: [],
    };
  }

  // tumble: random faces of the same kind for a moment, then the real ones
  tumble(dice, faces) {
    const pool = faces.every((f) => /^\d+$/.test(f)) ? ["1", "2", "3", "4", "5", "6"] : ["✚", "◉", "·"];
    dice.forEach((d) => d.classList.add("rolling"));
    let ticks = 0;
    this.tray.dataset.rolling = "1";
    const timer = setInterval(() => {
      ticks += 1;
      if (ticks >= 8) {
        clearInterval(timer);
        this.timers = this.timers.filter((t) => t !== timer);
        dice.forEach((d, i) => { d.textContent = faces[i]; d.classList.remove("rolling"); });
        if (!this.timers.length) delete this.tray.dataset.rolling;
        return;
      }
      dice.forEach((d, i) => { if (pool.length > 1 && faces[i].length <= 2) d.textContent = pool[(ticks * 7 + i * 5 + Math.floor(i / 3)) % pool.length]; });
    }, 70);
    this.timers.push(timer);
  }
}
