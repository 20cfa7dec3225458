// What the other side did, shown: the pieces that moved between the map drawn before and the map
// drawn now are highlighted, with an arrow from where each was to where it is (a short animation,
// still when the reader asks for less motion), and the log lines since the person's last
// decision are listed under "Since your last move" with a step-through that points at the
// pieces each line names. The decision itself is never covered.
import { el } from "./util.js";
import { ruleLink } from "./rulelinks.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const PLAY_MS = 900; // a line of what happened on show, when played
// a piece on the map, by its id: crane's planes, bob's and Fight for the Sky's flights, counters
const PIECES = "[data-plane], [data-flight], [data-unit-id], [data-piece]";

function pieceId(node) {
  const d = node.dataset;
  return d.plane || d.flight || d.unitId || d.piece || null;
}

// the centre of each piece on the map (not in the displays beside it), in the SVG's units
export function piecePlaces(svg) {
  const places = new Map();
  if (!svg) return places;
  const m = svg.getScreenCTM();
  if (!m) return places;
  const inverse = m.inverse();
  for (const node of svg.querySelectorAll(PIECES)) {
    if (node.closest("g.panel") || node.closest("[data-free]")) continue;
    const id = pieceId(node);
    if (!id || places.has(id)) continue;
    const p = svg.createSVGPoint();
    const at = (node.dataset.at || "").split(" ").map(Number);
    const own = node.getScreenCTM();
    if (at.length === 2 && at.every(Number.isFinite) && own) {
      // the piece's own point (svg.py's data-at), in its own units, to the root's
      [p.x, p.y] = at;
      const q = p.matrixTransform(own).matrixTransform(inverse);
      places.set(id, [q.x, q.y]);
      continue;
    }
    const r = node.getBoundingClientRect(); // else the middle of what is drawn
    if (!r.width && !r.height) continue;
    p.x = r.left + r.width / 2;
    p.y = r.top + r.height / 2;
    const q = p.matrixTransform(inverse);
    places.set(id, [q.x, q.y]);
  }
  return places;
}

function svgNode(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// mark what moved from `before` (piecePlaces of the old map) to the map now in `svg`; the ids
export function showMoves(svg, before, size = 1) {
  if (!svg || !before || !before.size) return [];
  const after = piecePlaces(svg);
  const moved = [];
  const layer = svgNode("g", { class: "moves", "aria-hidden": "true" });
  const width = Math.max(1.5, size * 2.5);
  for (const [id, [x1, y1]] of after) {
    const was = before.get(id);
    if (!was) continue;
    const [x0, y0] = was;
    if (Math.hypot(x1 - x0, y1 - y0) < Math.max(1, size)) continue;
    moved.push(id);
    layer.append(
      svgNode("circle", { class: "move-from", cx: x0, cy: y0, r: width * 2.4 }),
      svgNode("line", { class: "move-path", x1: x0, y1: y0, x2: x1, y2: y1, "stroke-width": width,
        "marker-end": "url(#move-arrow)", pathLength: 100 }));
  }
  if (!moved.length) return moved;
  const defs = svgNode("defs", {});
  const marker = svgNode("marker", { id: "move-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
    markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
  marker.append(svgNode("path", { d: "M0 0L10 5L0 10z", class: "move-head" }));
  defs.append(marker);
  layer.prepend(defs);
  svg.append(layer);
  for (const node of svg.querySelectorAll(PIECES)) {
    if (moved.includes(pieceId(node)) && !node.closest("g.panel")) node.classList.add("moved");
  }
  svg.dataset.moved = moved.join(" ");
  return moved;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// the name a log in words says a piece with: its data-name, else its title's first words
// ("He 111 no. 3 of the red squadron, patrol"): 303 Squadron's pilots and German aircraft
function pieceName(node) {
  if (node.dataset.name) return node.dataset.name;
  const title = [...node.children].find((c) => c.tagName.toLowerCase() === "title");
  return title ? title.textContent.split(", ")[0].trim() : "";
}

// the pieces on the map a line of the log names: by id, or by name
export function namedPieces(svg, text) {
  if (!svg) return [];
  const found = [];
  for (const node of svg.querySelectorAll(PIECES)) {
    if (node.closest("g.panel")) continue;
    const id = pieceId(node);
    const name = pieceName(node);
    if ((id && new RegExp(`(^|[^\\w-])${escapeRegExp(id)}([^\\w-]|$)`).test(text)) || (name && text.includes(name))) found.push(node);
  }
  return found;
}

// `item` brought into view inside `box` alone: scrollIntoView would scroll the side too, and the
// decision above this panel with it
function scrollWithin(box, item) {
  const b = box.getBoundingClientRect(), r = item.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop -= b.top - r.top;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
}

// "Since your last move": the lines of the log after the person's last decision, one at a time
export class SincePanel {
  constructor(onFocus) {
    this.onFocus = onFocus; // (line) => the table points at its pieces
    this.lines = [];
    this.at = -1;
    this.count = el("span", { class: "since-count", id: "since-count", "aria-live": "polite" });
    this.text = el("p", { class: "since-text", id: "since-text" });
    const button = (id, text, label, action) => el("button", { type: "button", id, "aria-label": label, title: label, onclick: action }, text);
    this.prev = button("since-prev", "◀", "The line before", () => { this.stop(); this.go(this.at - 1); });
    this.next = button("since-next", "▶", "The next line", () => { this.stop(); this.go(this.at + 1); });
    // play: a line every PLAY_MS, from the first; any other button (or Escape) stops it
    this.play = button("since-play", "Play", "Step through every line by itself", () => (this.timer ? this.stop() : this.start()));
    this.list = el("ol", { class: "log since-list", id: "since-list" });
    this.timer = null;
    this.node = el("section", { class: "card since", id: "since", "aria-labelledby": "since-title", hidden: "" },
      el("h2", { id: "since-title" }, "Since your last move"),
      el("div", { class: "since-bar" }, this.play, this.prev, this.count, this.next,
        button("since-all", "All", "Show every line at once", () => { this.stop(); this.go(-1); }),
        button("since-close", "×", "Hide this until something new happens", () => this.hide())),
      this.text, this.list);
  }

  // the lines told since `fromStep` (exclusive); empty: the panel hides
  update(events, fromStep, ruleset) {
    const lines = (events || []).filter((e) => e.step > fromStep);
    const same = lines.length === this.lines.length && lines.every((e, i) => e.step === this.lines[i].step && e.text === this.lines[i].text);
    if (same) return;
    this.stop();
    this.lines = lines;
    this.ruleset = ruleset;
    if (!lines.length) {
      this.list.replaceChildren();
      this.hide();
      return;
    }
    this.node.hidden = false;
    this.list.replaceChildren(...lines.map((e, i) => el("li", { "data-i": i, onclick: () => this.go(i) },
      el("span", { class: "step" }, `#${e.step}`), e.text, ruleLink(ruleset, e.rule))));
    this.go(-1);
  }

  // i = -1: every line (nothing singled out); else line i, its pieces pointed at
  go(i) {
    const n = this.lines.length;
    if (!n) return;
    i = Math.max(-1, Math.min(n - 1, i));
    this.at = i;
    this.prev.disabled = i <= 0;
    this.next.disabled = i >= n - 1;
    for (const li of this.list.children) li.classList.toggle("current", Number(li.dataset.i) === i);
    if (i < 0) {
      this.count.textContent = `${n} line${n === 1 ? "" : "s"}`;
      this.text.replaceChildren();
      this.text.hidden = true;
      this.onFocus(null);
      return;
    }
    const line = this.lines[i];
    this.count.textContent = `${i + 1} of ${n}`;
    this.text.hidden = false;
    this.text.replaceChildren(el("span", { class: "step" }, `#${line.step}`), line.text, ruleLink(this.ruleset, line.rule));
    const li = this.list.children[i];
    if (li) scrollWithin(this.list, li);
    this.onFocus(line);
  }

  start() {
    this.stop();
    if (!this.lines.length) return;
    this.go(0);
    this.play.textContent = "Stop";
    this.play.setAttribute("aria-pressed", "true");
    this.timer = setInterval(() => {
      if (this.at >= this.lines.length - 1) this.stop();
      else this.go(this.at + 1);
    }, PLAY_MS);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.play.textContent = "Play";
    this.play.setAttribute("aria-pressed", "false");
  }

  hide() {
    this.stop();
    this.node.hidden = true;
    this.onFocus(null);
  }
}
