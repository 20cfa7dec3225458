// Patches a socket opened with ?diff=1 receives (src/dowding/web/diff.py): each rebuilds the
// next payload from the one before it, so the page draws the same payload it would have been sent
// in full.

// the list items describe: runs [start, count] of old, and new items made by newItem(item, the
// new items before it)
function rebuild(old, items, newItem) {
  const out = [];
  const made = [];
  for (const item of items) {
    if (Array.isArray(item) && item.length === 2) {
      for (let i = item[0]; i < item[0] + item[1]; i++) out.push(old[i]);
    } else {
      made.push(newItem(item, made));
      out.push(made[made.length - 1]);
    }
  }
  return out;
}

// old's first p characters, middle, old's last s characters (ASCII only: the server sends none
// other, so UTF-16 units and code points agree)
function spliced(old, p, middle, s) {
  return old.slice(0, p) + middle + old.slice(old.length - s);
}

// old with holes: its first flat[0] characters, then for each hole flat[i] old characters left
// out, flat[i + 1] put in their place and the next flat[i + 2] old characters kept
function holed(old, flat) {
  let out = old.slice(0, flat[0]);
  let at = flat[0];
  for (let i = 1; i < flat.length; i += 3) {
    at += flat[i];
    out += flat[i + 1] + old.slice(at, at + flat[i + 2]);
    at += flat[i + 2];
  }
  return out;
}

export function applyValue(old, op) {
  switch (op[0]) {
    case "=": return op[1];
    case "k": {
      const merged = {};
      for (const [k, v] of Object.entries(old || {})) if (!op[2].includes(k)) merged[k] = v;
      for (const [k, inner] of Object.entries(op[1])) merged[k] = applyValue(merged[k], inner);
      return merged;
    }
    case "x": return spliced(old, op[1], op[2], op[3]);
    case "y": return holed(old, op[1]);
    case "a": return rebuild(old, op[1], (item, made) => ("=" in item ? item["="] : applyValue(made[made.length - 1], item["~"])));
    // a piece spliced from the new piece item[3] (default 1) before it, or holed ({y, b})
    case "e": return rebuild(old.split("<"), op[1], (item, made) => (typeof item === "string" ? item
      : !Array.isArray(item) ? holed(made[made.length - (item.b ?? 1)], item.y)
      : spliced(made[made.length - (item.length > 3 ? item[3] : 1)], item[0], item[1], item[2]))).join("<");
    default: throw new Error(`unknown patch operation ${op[0]}`);
  }
}

export function applyPatch(old, patch) {
  return applyValue(old, ["k", patch.changes, patch.gone]);
}
