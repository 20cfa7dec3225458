// The dice tray: the latest roll tumbles, then shows its faces; a log keeps every roll.
import { el } from "./util.js";

const BOB_FACES = { cross: "✚", roundel: "◉", blank: "·" };
const FACE_WORDS = { "✚": "cross", "◉": "roundel", "·": "blank" };

// "d=3,5" -> ["3","5"]; "blank=1 cross=2 roundel=0" -> ["✚","✚","◉","·"]; else one chip of text
export function facesOf(faces) {
  if (faces === null || faces === undefined) return null;
  const text = String(faces).trim();
  const numbers = /^d=([\d,]+)$/.exec(text);
  if (numbers) return numbers[1].split(",").filter(Boolean);
  const symbols = text.split(/\s+/).map((part) => part.split("="));
  if (symbols.length && symbols.every(([k, v]) => k in BOB_FACES && /^\d+$/.test(v || ""))) {
    const out = [];
    for (const key of ["cross", "roundel", "blank"]) {
      const found = symbols.find(([k]) => k === key);
      for (let i = 0; i < Number(found ? found[1] : 0); i++) out.push(BOB_FACES[key]);
    }
    return out;
  }
  return [text];
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

export class DiceTray {
  constructor(tray, log) {
    this.tray = tray;
    this.log = log;
    this.lastStep = null;
    this.timer = null;
  }

  // rolls: the payload's "dice" list, oldest first
  update(rolls) {
    rolls = rolls || [];
    const first = this.lastStep === null;
    const fresh = first ? [] : rolls.filter((r) => r.step > this.lastStep);
    if (first) {
      this.log.replaceChildren(...rolls.map((r) => this.logLine(r)));
      const last = rolls[rolls.length - 1];
      if (last) this.show(last, false);
    } else {
      for (const r of fresh) this.log.append(this.logLine(r));
      if (fresh.length) this.show(fresh[fresh.length - 1], true);
    }
    this.log.scrollTop = this.log.scrollHeight;
    if (rolls.length) this.lastStep = Math.max(this.lastStep ?? -1, ...rolls.map((r) => r.step));
    else if (first) this.lastStep = -1;
  }

  logLine(r) {
    return el("li", {}, el("span", { class: "step" }, `#${r.step}`), r.text || `${r.label}: ${r.faces ?? "(hidden)"}`);
  }

  show(roll, animate) {
    clearInterval(this.timer);
    const faces = facesOf(roll.faces);
    const label = el("div", { class: "tray-label" }, roll.label || "");
    if (!faces) {
      this.tray.replaceChildren(label, el("span", {}, "(rolled out of your sight)"));
      return;
    }
    const dice = faces.map((f) => dieNode(f, roll));
    this.tray.replaceChildren(label, ...dice);
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!animate || still) return;
    // tumble: random faces of the same kind for a moment, then the real ones
    const pool = faces.every((f) => /^\d+$/.test(f)) ? ["1", "2", "3", "4", "5", "6"] : ["✚", "◉", "·"];
    dice.forEach((d) => d.classList.add("rolling"));
    let ticks = 0;
    this.tray.dataset.rolling = "1";
    this.timer = setInterval(() => {
      ticks += 1;
      if (ticks >= 8) {
        clearInterval(this.timer);
        dice.forEach((d, i) => { d.textContent = faces[i]; d.classList.remove("rolling"); });
        delete this.tray.dataset.rolling;
        return;
      }
      dice.forEach((d, i) => { if (pool.length > 1 && faces[i].length <= 2) d.textContent = pool[(ticks * 7 + i * 3) % pool.length]; });
    }, 70);
  }
}
