// The board a ruleset draws apart (payload.static_map: GET /api/maps/{ruleset}?v=hash, the same
// for every game and seat): fetched once a page, then put into the empty <g data-static-map>
// each map the payload's svg brings leaves for it.

const boards = new Map(); // url -> the board's nodes, or a promise of them

function load(url) {
  if (!boards.has(url)) {
    const loading = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`the board could not be loaded (${r.status})`);
      return r.text();
    }).then((text) => {
      const doc = new DOMParser().parseFromString(text, "image/svg+xml");
      const board = doc.querySelector("[data-static-board]");
      const nodes = board ? [...board.childNodes] : [];
      boards.set(url, nodes);
      return nodes;
    }).catch((err) => { boards.delete(url); throw err; });
    boards.set(url, loading);
  }
  return boards.get(url);
}

function fill(root, nodes) {
  for (const slot of root.querySelectorAll("[data-static-map]")) {
    if (slot.childNodes.length) continue;
    slot.replaceChildren(...nodes.map((n) => document.importNode(n, true)));
  }
  if (root.dataset) root.dataset.board = "drawn";
}

// fill the slots under root now when the board is here, else once it arrives
export function drawBoard(root, url) {
  if (!url || !root.querySelector("[data-static-map]")) return;
  const held = load(url);
  if (Array.isArray(held)) { fill(root, held); return; }
  root.dataset.board = "loading";
  held.then((nodes) => fill(root, nodes)).catch((err) => console.warn(err.message));
}
