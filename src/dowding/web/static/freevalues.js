// Free values on the map: drag a heading, click a place, pick a point along a path.
// The SVG describes each with data-free attributes (see rulesets/<id>/svg.py); the client
// turns the pointer into an action's text and the engine validates it.

export function fmt(value) {
  let text = (Math.round(value * 100) / 100).toFixed(2).replace(/\.?0+$/, "");
  if (text === "-0" || text === "") text = "0";
  return text;
}

function normTurn(t) {
  let x = ((t + 180) % 360 + 360) % 360 - 180;
  if (x === -180) x = 180;
  return x;
}

function unit(heading) {
  const rad = (heading * Math.PI) / 180;
  return [Math.sin(rad), Math.cos(rad)];
}

// pointer -> table inches, using the root's data-inch, data-ox, data-oy, data-axes
export function tablePoint(svg, event) {
  const p = svg.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  const ctm = svg.getScreenCTM();
  if (!ctm) return null;
  const loc = p.matrixTransform(ctm.inverse());
  const inch = Number(svg.dataset.inch || 1);
  const ox = Number(svg.dataset.ox || 0);
  const oy = Number(svg.dataset.oy || 0);
  const a = (loc.x - ox) / inch;
  const b = (loc.y - oy) / inch;
  return svg.dataset.axes === "yx" ? { x: b, y: a } : { x: a, y: b };
}

function screen(svg, x, y) {
  const inch = Number(svg.dataset.inch || 1);
  const ox = Number(svg.dataset.ox || 0);
  const oy = Number(svg.dataset.oy || 0);
  return svg.dataset.axes === "yx" ? [ox + y * inch, oy + x * inch] : [ox + x * inch, oy + y * inch];
}

// The move a drag to `pt` means for a data-free="move" element: {text, path: [[x,y],...]}
export function moveFor(node, pt) {
  const [x0, y0] = node.dataset.origin.split(",").map(Number);
  const heading = Number(node.dataset.heading);
  const straight = Number(node.dataset.straight);
  const total = Number(node.dataset.total);
  const maxTurn = Number(node.dataset.maxTurn);
  const [ux, uy] = unit(heading);
  const p1 = [x0 + ux * straight, y0 + uy * straight];
  let turn = 0;
  if (total - straight > 1e-6) {
    const bearing = (Math.atan2(pt.x - p1[0], pt.y - p1[1]) * 180) / Math.PI;
    turn = Math.round(normTurn(bearing - heading));
    turn = Math.max(-maxTurn, Math.min(maxTurn, turn));
  }
  const [vx, vy] = unit(heading + turn);
  const rest = Math.max(0, total - straight);
  const p2 = [p1[0] + vx * rest, p1[1] + vy * rest];
  return { text: `move turn=${fmt(turn)}`, path: [[x0, y0], p1, p2] };
}

export function placeFor(node, pt) {
  const [xlo, xhi] = node.dataset.xRange.split(",").map(Number);
  const [ylo, yhi] = node.dataset.yRange.split(",").map(Number);
  const x = Math.max(xlo, Math.min(xhi, pt.x));
  const y = Math.max(ylo, Math.min(yhi, pt.y));
  return { text: `place x=${fmt(x)} y=${fmt(y)}` };
}

// the nearest point of the path to pt, as inches along it
export function alongFor(node, pt) {
  const points = node.dataset.path.split(" ").map((p) => p.split(",").map(Number));
  let best = Infinity;
  let at = 0;
  let walked = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[i + 1];
    const len = Math.hypot(bx - ax, by - ay);
    const t = len ? Math.max(0, Math.min(1, ((pt.x - ax) * (bx - ax) + (pt.y - ay) * (by - ay)) / (len * len))) : 0;
    const d = Math.hypot(ax + (bx - ax) * t - pt.x, ay + (by - ay) * t - pt.y);
    if (d < best) { best = d; at = walked + t * len; }
    walked += len;
  }
  return { text: node.dataset.template.replace("{at}", fmt(at)) };
}

// Wire a map container: clicks on data-action elements, drags on data-free ones.
// onAction(text) sends; onPreview(text) shows what a drag would send.
export function wireMap(wrap, onAction, onPreview, onPart = () => {}) {
  let drag = null;
  const svgOf = () => wrap.querySelector("svg");

  let swallowClick = false;
  wrap.addEventListener("click", (event) => {
    if (swallowClick) {
      swallowClick = false; // the end of a drag, not a click
      return;
    }
    const part = event.target.closest("[data-part]");
    if (part && wrap.contains(part)) {
      event.preventDefault();
      onPart(part.dataset.part);
      return;
    }
    const target = event.target.closest("[data-action]");
    if (target && wrap.contains(target)) {
      event.preventDefault();
      onAction(target.dataset.action);
    }
  });
  wrap.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const part = event.target.closest && event.target.closest("[data-part]");
    if (part) {
      event.preventDefault();
      onPart(part.dataset.part);
      return;
    }
    const target = event.target.closest && event.target.closest("[data-action]");
    if (target) {
      event.preventDefault();
      onAction(target.dataset.action);
    }
  });
  wrap.addEventListener("pointerdown", (event) => {
    swallowClick = false;
    // a drag may start over a plane, a label or an offered point: find the free-value area
    const node = event.target.closest("[data-free]") || document.elementsFromPoint(event.clientX, event.clientY)
      .map((n) => n.closest && n.closest("[data-free]")).find((n) => n && wrap.contains(n))
      // a heading can be dragged from anywhere on the map, even off the table's edge
      || (event.target.closest("svg") ? wrap.querySelector('[data-free="move"]') : null);
    if (!node) return;
    // over an offered option it is a click unless the pointer then moves away
    const overAction = Boolean(event.target.closest("[data-action]"));
    drag = { node, x: event.clientX, y: event.clientY, active: !overAction, id: event.pointerId };
    if (drag.active) begin(event);
  });
  wrap.addEventListener("pointermove", (event) => {
    if (!drag) return;
    if (!drag.active && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) > 6) begin(event);
    if (drag.active) preview(event);
  });
  wrap.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const was = drag;
    drag = null;
    if (!was.active) return; // a click: the click handler takes it
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const result = compute(was.node, event);
    if (result) onAction(result.text);
  });
  wrap.addEventListener("pointercancel", () => { drag = null; });

  function begin(event) {
    drag.active = true;
    // keep receiving the drag when the pointer leaves the map
    try { wrap.setPointerCapture(event.pointerId); } catch (err) { /* an old browser: fine */ }
    if (drag.node.dataset.free === "move") preview(event);
  }

  function compute(node, event) {
    const svg = svgOf();
    const pt = svg && tablePoint(svg, event);
    if (!pt) return null;
    if (node.dataset.free === "move") return moveFor(node, pt);
    if (node.dataset.free === "place") return placeFor(node, pt);
    if (node.dataset.free === "along") return alongFor(node, pt);
    return null;
  }

  function preview(event) {
    const result = compute(drag.node, event);
    if (!result) return;
    onPreview(result.text);
    const svg = svgOf();
    const line = svg.querySelector(".drag-preview");
    if (line && result.path) {
      line.setAttribute("d", "M" + result.path.map(([x, y]) => screen(svg, x, y).join(" ")).join("L"));
    }
  }
}
