// The map as a window onto the ruleset's SVG: zoom and pan (wheel, pinch, drag, buttons, keys),
// a "fit" that shows the whole region again, tabs for a map drawn with its displays beside it
// (the root's data-map and data-panel: "x y w h" in the SVG's units), and a styled tooltip with
// the details of what the pointer or the keyboard focus is on (each element's <title>).
// The payload's SVG is replaced at every step; the view (tab, zoom, centre) is kept across.
import { el } from "./util.js";

const MIN_SCALE = 1;
const MAX_SCALE = 12;
const STEP = 1.4;

function box(text) {
  const v = String(text || "").trim().split(/[\s,]+/).map(Number);
  return v.length === 4 && v.every(Number.isFinite) && v[2] > 0 && v[3] > 0 ? { x: v[0], y: v[1], w: v[2], h: v[3] } : null;
}

// the words of a node's own <title> (not a descendant's)
function titleOf(node) {
  if (!node || !node.children) return "";
  const title = [...node.children].find((c) => c.tagName && c.tagName.toLowerCase() === "title");
  return title ? title.textContent.trim() : tipOf(node);
}

// a node's data-tip, or the <title> of the shape a <use> places (bob's cards, drawn once in the
// board with their words)
function tipOf(node) {
  if (node.dataset && node.dataset.tip) return node.dataset.tip;
  if (!node.tagName || node.tagName.toLowerCase() !== "use") return "";
  const shape = document.getElementById((node.getAttribute("href") || "").replace(/^#/, ""));
  return shape && shape !== node ? titleOf(shape) : "";
}

// an option of the map with no details of its own: its words in the option list, odds beneath
function optionWords(node) {
  const action = node.dataset && node.dataset.action;
  if (!action) return "";
  const label = document.querySelector(`#options button[data-text="${CSS.escape(action)}"] .label`);
  if (!label) return "";
  const odds = label.querySelector(".odds");
  const words = [...label.childNodes].filter((c) => c !== odds).map((c) => c.textContent).join("").trim();
  return odds ? `${words}\n${odds.textContent.trim()}` : words;
}

export class MapView {
  constructor(wrap) {
    this.wrap = wrap;
    this.tab = null; // "map" | "displays" | "all" once the SVG has a panel
    this.scale = 1;
    this.centre = null; // [x, y] in the SVG's units, null: the region's middle
    this.tabs = el("div", { class: "map-tabs", role: "tablist", "aria-label": "what the map shows", hidden: "" });
    this.tabButtons = {};
    for (const [id, words] of [["map", "Map"], ["displays", "Displays"], ["all", "Both"]]) {
      const b = el("button", { type: "button", role: "tab", id: `tab-${id}`, "aria-selected": "false",
        onclick: () => { this.chosen = true; this.show(id); } }, words);
      this.tabButtons[id] = b;
      this.tabs.append(b);
    }
    const button = (id, text, label, action) => el("button", { type: "button", id, title: label, "aria-label": label, onclick: action }, text);
    this.controls = el("div", { class: "zoom-controls", role: "group", "aria-label": "zoom" },
      button("zoom-in", "+", "Zoom in (+)", () => this.zoomBy(STEP)),
      button("zoom-out", "−", "Zoom out (-)", () => this.zoomBy(1 / STEP)),
      button("zoom-fit", "Fit", "Fit the map to the window (F)", () => this.fit()),
      this.level = el("span", { class: "zoom-level", id: "zoom-level", "aria-live": "polite" }, "100%"));
    this.tip = el("div", { class: "map-tip", id: "map-tip", role: "tooltip", hidden: "" });
    document.body.append(this.tip);
    wrap.setAttribute("tabindex", "0");
    this.wire();
  }

  svg() { return this.wrap.querySelector("svg"); }

  // the region the current tab shows, in the SVG's units
  region() {
    const svg = this.svg();
    if (!svg) return null;
    const all = box(svg.dataset.whole) || box(svg.getAttribute("viewBox"));
    if (this.tab === "map") return box(svg.dataset.map) || all;
    if (this.tab === "displays") return box(svg.dataset.panel) || all;
    return all;
  }

  // after each new SVG: remember its own viewBox, offer the tabs it allows, apply the view
  attach(decision) {
    const svg = this.svg();
    if (!svg) { this.tabs.hidden = true; return; }
    if (!svg.dataset.whole) svg.dataset.whole = svg.getAttribute("viewBox") || "";
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    const split = Boolean(box(svg.dataset.map) && box(svg.dataset.panel));
    this.tabs.hidden = !split;
    this.tabButtons.displays.textContent = svg.dataset.panelName || "Displays";
    if (!split) this.tab = "all";
    else if (!this.tab || this.tab === "all" && !this.chosen) this.tab = "map";
    if (split && decision) this.followOptions();
    this.show(this.tab, true);
    this.retip();
  }

  // a decision whose options lie only in the displays opens them (and back to the map)
  followOptions() {
    if (this.chosen) return;
    const svg = this.svg();
    const options = [...svg.querySelectorAll("[data-action], [data-part]")];
    if (!options.length || this.tab === "all") return;
    const inPanel = (n) => Boolean(n.closest("g.panel"));
    if (this.tab === "map" && options.every(inPanel)) this.tab = "displays";
    else if (this.tab === "displays" && !options.some(inPanel)) this.tab = "map";
  }

  show(tab, keep) {
    if (tab !== this.tab || !keep) { this.scale = 1; this.centre = null; }
    this.tab = tab;
    for (const [id, b] of Object.entries(this.tabButtons)) b.setAttribute("aria-selected", String(id === tab));
    this.wrap.dataset.tab = tab;
    this.apply();
  }

  apply() {
    const svg = this.svg();
    const r = this.region();
    if (!svg || !r) return;
    const w = r.w / this.scale, h = r.h / this.scale;
    let [cx, cy] = this.centre || [r.x + r.w / 2, r.y + r.h / 2];
    // the window's middle stays over the region
    cx = Math.min(Math.max(cx, r.x), r.x + r.w);
    cy = Math.min(Math.max(cy, r.y), r.y + r.h);
    this.centre = this.scale === 1 ? null : [cx, cy];
    if (this.scale === 1) [cx, cy] = [r.x + r.w / 2, r.y + r.h / 2];
    svg.setAttribute("viewBox", `${cx - w / 2} ${cy - h / 2} ${w} ${h}`);
    this.wrap.dataset.zoom = this.scale.toFixed(2);
    this.level.textContent = `${Math.round(this.scale * 100)}%`;
  }

  // the SVG point under a screen point
  point(clientX, clientY) {
    const svg = this.svg();
    const m = svg && svg.getScreenCTM();
    if (!m) return null;
    const p = svg.createSVGPoint();
    p.x = clientX;
    p.y = clientY;
    const q = p.matrixTransform(m.inverse());
    return [q.x, q.y];
  }

  // zoom by a factor, keeping the point under (clientX, clientY) where it is (default: the middle)
  zoomBy(factor, clientX, clientY) {
    const svg = this.svg();
    const r = this.region();
    if (!svg || !r) return;
    const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    if (next === this.scale) return;
    const rect = svg.getBoundingClientRect();
    const at = this.point(clientX ?? rect.left + rect.width / 2, clientY ?? rect.top + rect.height / 2);
    const [cx, cy] = this.centre || [r.x + r.w / 2, r.y + r.h / 2];
    const k = this.scale / next;
    this.scale = next;
    this.centre = at ? [at[0] + (cx - at[0]) * k, at[1] + (cy - at[1]) * k] : [cx, cy];
    this.apply();
  }

  // move the window by a distance on screen (pixels)
  panBy(dx, dy) {
    const svg = this.svg();
    const r = this.region();
    const m = svg && svg.getScreenCTM();
    if (!r || !m || this.scale === 1) return;
    const [cx, cy] = this.centre || [r.x + r.w / 2, r.y + r.h / 2];
    this.centre = [cx - dx / m.a, cy - dy / m.d];
    this.apply();
  }

  fit() {
    this.scale = 1;
    this.centre = null;
    this.apply();
  }

  // bring an SVG point into the middle (the step-through of what happened uses it when zoomed)
  reveal(x, y) {
    if (this.scale === 1) return;
    this.centre = [x, y];
    this.apply();
  }

  wire() {
    const wrap = this.wrap;
    wrap.addEventListener("wheel", (event) => {
      if (!this.svg()) return;
      event.preventDefault();
      this.zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX, event.clientY);
    }, { passive: false });

    // pan: a drag that no free value takes (or with Shift, or the middle button); pinch: two fingers
    const pointers = new Map();
    let pan = null;
    let pinch = null;
    let moved = false;
    const freeTakes = (event) => Boolean(event.target.closest("[data-free]")
      || wrap.querySelector('[data-free="move"]')
      || document.elementsFromPoint(event.clientX, event.clientY).some((n) => n.closest && n.closest("[data-free]")));
    wrap.addEventListener("pointerdown", (event) => {
      if (!this.svg() || !event.target.closest("svg")) return;
      pointers.set(event.pointerId, [event.clientX, event.clientY]);
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), scale: this.scale };
        pan = null;
        event.stopPropagation();
        return;
      }
      const forced = event.shiftKey || event.button === 1;
      if (!forced && (event.button !== 0 || freeTakes(event))) return;
      pan = { x: event.clientX, y: event.clientY, id: event.pointerId, forced };
      moved = false;
      if (forced) {
        event.preventDefault();
        event.stopPropagation(); // not a free value's drag
      }
    }, true);
    wrap.addEventListener("pointermove", (event) => {
      if (pointers.has(event.pointerId)) pointers.set(event.pointerId, [event.clientX, event.clientY]);
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch.d > 0) this.zoomBy((pinch.scale * d / pinch.d) / this.scale, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        event.stopPropagation();
        return;
      }
      if (!pan || pan.id !== event.pointerId) return;
      const dx = event.clientX - pan.x, dy = event.clientY - pan.y;
      if (!moved && Math.hypot(dx, dy) < 6) return;
      if (!moved) {
        moved = true;
        wrap.classList.add("panning");
        try { wrap.setPointerCapture(event.pointerId); } catch (err) { /* fine */ }
      }
      this.panBy(dx, dy);
      pan.x = event.clientX;
      pan.y = event.clientY;
      if (pan.forced) event.stopPropagation();
    }, true);
    const end = (event) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pan && pan.id === event.pointerId) {
        pan = null;
        wrap.classList.remove("panning");
      }
    };
    wrap.addEventListener("pointerup", end, true);
    wrap.addEventListener("pointercancel", end, true);
    // the click that ends a pan is not a choice
    wrap.addEventListener("click", (event) => {
      if (moved) {
        moved = false;
        event.stopPropagation();
        event.preventDefault();
      }
    }, true);

    wrap.addEventListener("keydown", (event) => {
      if (event.target !== wrap) return; // an option on the map has the focus: its keys
      const d = 60;
      const moves = { ArrowLeft: [d, 0], ArrowRight: [-d, 0], ArrowUp: [0, d], ArrowDown: [0, -d] };
      if (moves[event.key]) {
        event.preventDefault();
        this.panBy(...moves[event.key]);
      }
    });

    // the tooltip: hover and keyboard focus
    const target = (node) => this.tipTarget(node);
    wrap.addEventListener("pointerover", (event) => {
      this.pointer = [event.clientX, event.clientY];
      this.showTip(target(event.target), event);
    });
    wrap.addEventListener("pointermove", (event) => {
      this.pointer = [event.clientX, event.clientY];
      if (!this.tip.hidden) this.placeTip(event.clientX, event.clientY);
    });
    wrap.addEventListener("pointerleave", () => {
      this.pointer = null;
      this.hideTip();
    });
    wrap.addEventListener("focusin", (event) => {
      const node = target(event.target);
      if (!node) { this.hideTip(); return; }
      this.showTip(node);
      const r = node.getBoundingClientRect();
      this.placeTip(r.right, r.top + r.height / 2);
    });
    wrap.addEventListener("focusout", () => this.hideTip());
  }

  // the nearest node with details at or above `node`, inside the map; else the nearest option
  // of the map the list names in words (a hex to fly to, a roster line)
  tipTarget(node) {
    for (let n = node; n && n !== this.wrap; n = n.parentNode) {
      if (n.nodeType === 1 && (titleOf(n) || n.dataset && n.dataset.tip)) return n;
    }
    for (let n = node; n && n !== this.wrap; n = n.parentNode) {
      if (n.nodeType === 1 && optionWords(n)) return n;
    }
    return null;
  }

  // a new map under a pointer that has not moved: the details of what is under it now
  retip() {
    if (!this.pointer) return;
    const [x, y] = this.pointer;
    const under = document.elementFromPoint(x, y);
    if (under && this.wrap.contains(under)) this.showTip(this.tipTarget(under), { clientX: x, clientY: y });
  }

  // a node's details: its <title> (taken out while the tooltip shows, so the browser's own
  // tooltip does not come up over it) and its odds
  showTip(node, event) {
    if (this.tipNode === node) return;
    this.hideTip();
    if (!node) return;
    const title = [...node.children].find((c) => c.tagName && c.tagName.toLowerCase() === "title");
    const words = title ? title.textContent.trim() : tipOf(node) || optionWords(node);
    if (!words) return;
    if (title) {
      this.stash = { node, title };
      title.remove();
    }
    this.tipNode = node;
    // "V1-1: RAF Spitfire, heading 225°" -> the name in bold, its details under it
    let [head, ...rest] = words.split("\n");
    const colon = head.indexOf(": ");
    if (colon > 0 && colon < 40) {
      rest.unshift(head.slice(colon + 2));
      head = head.slice(0, colon);
    }
    this.tip.replaceChildren(el("strong", {}, head), ...rest.map((line) => el("span", { class: "more" }, line)));
    this.tip.classList.toggle("opt", Boolean(node.closest("[data-action], [data-part]")));
    this.tip.hidden = false;
    if (event) this.placeTip(event.clientX, event.clientY);
  }

  placeTip(x, y) {
    const pad = 14;
    const w = this.tip.offsetWidth, h = this.tip.offsetHeight;
    const left = x + pad + w > window.innerWidth ? x - pad - w : x + pad;
    const top = Math.min(Math.max(4, y - h / 2), window.innerHeight - h - 4);
    this.tip.style.left = `${Math.max(4, left)}px`;
    this.tip.style.top = `${top}px`;
  }

  hideTip() {
    if (this.stash) {
      const { node, title } = this.stash;
      if (node.isConnected && !titleOf(node)) node.prepend(title);
      this.stash = null;
    }
    this.tipNode = null;
    this.tip.hidden = true;
  }

  close() {
    this.tip.remove();
  }
}
