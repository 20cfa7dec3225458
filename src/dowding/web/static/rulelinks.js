// A line of the log links to the rule it applies: payload events carry `rule`, the section as
// docs/rules/<ruleset>.md's section table names it (the ruleset's citations.py); the server
// serves that file at /rules/<ruleset> with an anchor on each section (web/rules.py: anchor()).
import { el } from "./util.js";

// the same words as rules.anchor() in Python: "VI.E.4.a-b" -> "s-vi-e-4-a-b"
export function ruleAnchor(section) {
  return `s-${String(section).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")}`;
}

export function ruleHref(ruleset, section) {
  return `/rules/${encodeURIComponent(ruleset)}#${ruleAnchor(section)}`;
}

// the link after a line of the log, or null for a line that cites nothing
export function ruleLink(ruleset, section) {
  if (!ruleset || !section) return null;
  return el("a", { class: "rule", href: ruleHref(ruleset, section), target: "_blank", rel: "noopener",
    title: `The rule as implemented: ${section}`, "data-rule": section }, `§ ${section}`);
}
