/**
 * Rule-support report: for every wording rule of the language signals (one exported pattern, or
 * list of patterns), how many scams and how many honest listings of a labelled set it matches.
 * A rule that only one or two examples support is a memorised sentence, not a detector of fraud:
 * it must be generalised or removed. Rules that speak *for* a listing are judged on the honest
 * listings they match. Inside a rule, multi-word phrasings matched by fewer than MIN_SUPPORT
 * scams are listed too; single words are vocabulary (a payment service, a courier), not wording.
 */
import type { DatasetEntry } from "./dataset";
import { listingText } from "./normalize";
import * as LanguagePatterns from "./signals/language-patterns";
import { CONDITION_RULES } from "./signals/conditions";
import { MONEY_FLOW_RULES } from "./signals/money-flow";

/** Below this many supporting scams, an alternative is reported as fitted to examples. */
export const MIN_SUPPORT = 3;

/** Rules whose matches speak for the listing (payment at signature, owner on site...). */
const FAVOURABLE_RULES = new Set([
  "SELF_VISITS",
  "PROXY_PERSON",
  "PROXY_TASK",
  "PROXY_VERB",
  "SIGNATURE_ANCHOR",
  "AT_SIGNATURE",
  "OFFICIAL_GUARANTEE",
  "DOSSIER_FACILE",
  "END_OF_LEASE",
  "AT_VISIT",
  "LEGAL_SALE_CONTEXT",
  "PROFESSIONAL_OWNER",
  "PROFESSIONAL_TEXT",
  "HOLIDAY_LET",
]);
/**
 * Vocabulary of fraud itself (payment services, coupons, crypto, messaging apps, couriers,
 * platforms whose name is borrowed): names, not a writer's sentences, so a rare name stays.
 */
const VOCABULARY_RULES = new Set([
  "UNTRACEABLE_PAYMENTS",
  "PEER_TO_PEER",
  "MESSAGING_APPS",
  "COURIER",
  "PLATFORM",
]);
/** Context patterns: they only scope another rule (a place, a visit, a money word), never decide. */
const CONTEXT_RULES = new Set([
  "PLACE_PREPOSITION",
  "SELF_LOCATION",
  "VISIT_OR_ADDRESS",
  "KEYS",
  "PAY",
  "PAY_EN",
  "PLATFORM_MONEY",
  "FRENCH_PHONE",
  // Reads the number of months; the legal cap is checked in code (money-flow.ts).
  "DEPOSIT_MONTHS",
  // Roles of conditions.ts: only their conjunction in one sentence is evidence.
  "MONEY_ASKED",
  "GATE",
  "VISIT_FOLLOWS",
  "OUTSIDE_CHANNEL",
  "LEGAL_MOMENT",
  "OFFICIAL_FILE",
]);

export type RuleSupport = {
  rule: string;
  kind: "scam" | "favourable" | "context";
  scams: number;
  honest: number;
  alternatives: number;
  /** Too little support for what the rule decides (see MIN_SUPPORT). */
  insufficient: boolean;
  /** Multi-word phrasings matched by fewer than MIN_SUPPORT scams (and more scams than honest). */
  weak: Array<{ alternative: string; scams: number; honest: number }>;
};

type NamedRule = { rule: string; patterns: RegExp[] };

/** Every exported pattern (or list of patterns) of the pattern modules, named after its export. */
export function namedRules(): NamedRule[] {
  const found: NamedRule[] = [];
  const patternsOf = (value: unknown): RegExp[] => {
    if (value instanceof RegExp) return [value];
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) =>
      item instanceof RegExp
        ? [item]
        : item && typeof item === "object" && "pattern" in item
          ? patternsOf(item.pattern)
          : [],
    );
  };
  for (const [rule, value] of [
    ...Object.entries(LanguagePatterns),
    ...Object.entries(MONEY_FLOW_RULES),
    ...Object.entries(CONDITION_RULES),
  ]) {
    const patterns = patternsOf(value);
    if (patterns.length > 0) found.push({ rule, patterns });
  }
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
      parts = splitTopLevel(wrapped[2]).map(
        (inner) => `${wrapped[1] ?? ""}(?:${inner})${wrapped[3] ?? ""}`,
      );
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
  const count = (patterns: RegExp[]): { scams: number; honest: number } => {
    let scams = 0;
    let honest = 0;
    for (const { text, scam } of texts) {
      if (
        !patterns.some((pattern) =>
          new RegExp(pattern.source, pattern.flags.replace("g", "")).test(text),
        )
      )
        continue;
      if (scam) scams++;
      else honest++;
    }
    return { scams, honest };
  };
  return namedRules().map(({ rule, patterns }) => {
    const alternatives = patterns.flatMap(alternativesOf);
    const weak = alternatives
      .filter((alternative) => !VOCABULARY_RULES.has(rule) && /\\s| /.test(alternative.source))
      .map((alternative) => ({ alternative: alternative.source, ...count([alternative]) }))
      .filter((a) => a.scams < MIN_SUPPORT && a.scams > a.honest);
    const kind = FAVOURABLE_RULES.has(rule)
      ? "favourable"
      : CONTEXT_RULES.has(rule)
        ? "context"
        : "scam";
    const support = count(patterns);
    const insufficient =
      kind === "scam"
        ? support.scams < MIN_SUPPORT
        : kind === "favourable"
          ? support.honest < MIN_SUPPORT
          : false;
    return { rule, kind, ...support, alternatives: alternatives.length, insufficient, weak };
  });
}
