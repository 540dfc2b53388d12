/**
 * Rule-support report: for every wording rule of the language signals, how many scams and how
 * many honest listings of a labelled set it matches, alternative by alternative. A rule (or an
 * alternative of it) that only one or two examples support is a memorised sentence, not a
 * detector of fraud: it must be generalised or removed.
 */
import type { DatasetEntry } from "./dataset";
import { listingText } from "./normalize";
import * as LanguagePatterns from "./signals/language-patterns";
import { MONEY_FLOW_RULES } from "./signals/money-flow";

/** Below this many supporting scams, an alternative is reported as fitted to examples. */
export const MIN_SUPPORT = 3;

export type RuleSupport = {
  rule: string;
  scams: number;
  honest: number;
  alternatives: number;
  /** Alternatives matched by fewer than MIN_SUPPORT scams (and more scams than honest listings). */
  weak: Array<{ alternative: string; scams: number; honest: number }>;
};

type NamedPattern = { rule: string; pattern: RegExp };

/** Every regular expression exported by the pattern modules, named after its export. */
export function namedPatterns(): NamedPattern[] {
  const found: NamedPattern[] = [];
  const visit = (rule: string, value: unknown): void => {
    if (value instanceof RegExp) found.push({ rule, pattern: value });
    else if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        if (item instanceof RegExp) visit(`${rule}[${i}]`, item);
        else if (item && typeof item === "object" && "pattern" in item) {
          const label = "label" in item ? String(item.label) : String(i);
          visit(`${rule}[${label}]`, item.pattern);
        }
      });
    }
  };
  for (const [name, value] of Object.entries(LanguagePatterns)) visit(name, value);
  for (const [name, value] of Object.entries(MONEY_FLOW_RULES)) visit(name, value);
  return found;
}

/**
 * Top-level alternatives of a pattern; a pattern wrapped in one group ("\b(?:a|b)\b") is split
 * inside that group, keeping the wrapper around each alternative.
 */
export function alternativesOf(pattern: RegExp): RegExp[] {
  const source = pattern.source;
  let parts = splitTopLevel(source);
  if (parts.length === 1) {
    const wrapped = /^(\\b)?\(\?:(.*)\)(\\b)?$/.exec(source);
    if (wrapped && balanced(wrapped[2])) {
      parts = splitTopLevel(wrapped[2]).map((inner) => `${wrapped[1] ?? ""}(?:${inner})${wrapped[3] ?? ""}`);
    }
  }
  const flags = pattern.flags.replace("g", "");
  return parts.map((part) => new RegExp(part, flags));
}

function splitTopLevel(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}

function balanced(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

export function ruleSupport(entries: DatasetEntry[]): RuleSupport[] {
  const texts = entries.map((entry) => ({
    text: listingText(entry.listing.title, entry.listing.description),
    scam: entry.label === "scam",
  }));
  const count = (pattern: RegExp): { scams: number; honest: number } => {
    let scams = 0;
    let honest = 0;
    for (const { text, scam } of texts) {
      pattern.lastIndex = 0;
      if (!pattern.test(text)) continue;
      if (scam) scams++;
      else honest++;
    }
    return { scams, honest };
  };
  return namedPatterns().map(({ rule, pattern }) => {
    const alternatives = alternativesOf(pattern);
    const weak = alternatives
      .map((alternative) => ({ alternative: alternative.source, ...count(alternative) }))
      .filter((a) => a.scams < MIN_SUPPORT && a.scams > a.honest);
    return { rule, ...count(new RegExp(pattern.source, pattern.flags.replace("g", ""))), alternatives: alternatives.length, weak };
  });
}
