// Patches a socket opened with ?diff=1 receives (src/dowding/web/diff.py): each rebuilds the
// next payload from the one before it, so the page draws the same payload it would have been sent
// in full.

function rebuild(old, items, newItem) {
  const out = [];
  for (const item of items) {
    if (Array.isArray(item)) {
      for (let i = item[0]; i < item[0] + item[1]; i++) out.push(old[i]);
    } else out.push(newItem(item));
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
    case "a": return rebuild(old, op[1], (item) => item["="]);
    case "e": return rebuild(old.split("<"), op[1], (item) => item).join("<");
    default: throw new Error(`unknown patch operation ${op[0]}`);
  }
}

export function applyPatch(old, patch) {
  return applyValue(old, ["k", patch.changes, patch.gone]);
}
