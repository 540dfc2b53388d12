/**
 * Numbers as people type them in French spreadsheets: '1 250,50', '1.250,50', '1 250 €', '950€',
 * and the English '1,250.50' some exports produce. Hand-written scanner rather than a regex so
 * that a hostile cell cannot trigger backtracking and the grouping rules stay explicit.
 */
export type NumberResult = { ok: true; value: number } | { ok: false; reason: string };

const MAX_LENGTH = 40;
// Longest first: 'euros' must be stripped before 'eur' would leave a stray 's'.
const UNIT_SUFFIXES = ["par mois", "/mois", "euros", "euro", "eur", "€", "m²", "m2"];
const NOT_A_NUMBER = "nombre attendu";

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

// Regular, no-break (U+00A0), narrow no-break (U+202F, what Intl fr-FR emits), thin and figure spaces.
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x202f || code === 0x2009 || code === 0x2007;
}

/** Ends in a digit not preceded by 'm' ('m2'): no unit to strip, the common case. */
function endsInBareDigit(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  const before = text.charCodeAt(text.length - 2);
  return isDigit(last) && before !== 109 && before !== 77;
}

function stripUnits(text: string): string {
  let current = text.trim();
  if (endsInBareDigit(current) && !current.startsWith("€")) return current;
  for (let changed = true; changed;) {
    changed = false;
    const lower = current.toLowerCase();
    for (const unit of UNIT_SUFFIXES) {
      if (lower.endsWith(unit)) {
        current = current.slice(0, current.length - unit.length).trim();
        changed = true;
        break;
      }
    }
    if (current.startsWith("€")) {
      current = current.slice(1).trim();
      changed = true;
    }
  }
  return current;
}

/** Digits of an integer part whose thousands may be grouped by `groupChar` or spaces. */
function integerDigits(part: string, groupChar: string | null): string | null {
  if (part.length === 0) return null;
  let digits = "";
  let groupLength = 0;
  let groups = 0;
  for (let i = 0; i < part.length; i++) {
    const code = part.charCodeAt(i);
    if (isDigit(code)) {
      digits += part[i];
      groupLength++;
      continue;
    }
    const isSeparator = isSpace(code) || part[i] === groupChar;
    if (!isSeparator) return null;
    // A group before a separator: the first may be 1..3 digits, the following exactly 3.
    if (groups === 0 ? groupLength < 1 || groupLength > 3 : groupLength !== 3) return null;
    groups++;
    groupLength = 0;
  }
  if (groups > 0 && groupLength !== 3) return null;
  return digits.length > 0 ? digits : null;
}

function countChar(text: string, char: string): number {
  let count = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) count++;
  return count;
}

/** Which of ',' and '.' is the decimal separator (null: none), and which groups thousands. */
function separators(body: string): { decimal: string | null; group: string | null } | null {
  const commas = countChar(body, ",");
  const dots = countChar(body, ".");
  if (commas > 0 && dots > 0) {
    // Both present: the last one is the decimal mark ('1.250,50' French, '1,250.50' English).
    const decimal = body.lastIndexOf(",") > body.lastIndexOf(".") ? "," : ".";
    if ((decimal === "," ? commas : dots) !== 1) return null;
    return { decimal, group: decimal === "," ? "." : "," };
  }
  if (commas === 1) return { decimal: ",", group: null };
  if (commas > 1) return { decimal: null, group: "," };
  if (dots > 1) return { decimal: null, group: "." };
  if (dots === 1) {
    // French reading: '1.250' is one thousand two hundred and fifty, '12.5' is twelve and a half.
    const [head, tail] = body.split(".");
    const looksGrouped =
      tail.length === 3 && head.length >= 1 && head.length <= 3 && head[0] !== "0";
    return looksGrouped ? { decimal: null, group: "." } : { decimal: ".", group: null };
  }
  return { decimal: null, group: null };
}

function isPlainInteger(text: string): boolean {
  if (text.length === 0 || text.length > 15) return false;
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

export function parseFrenchNumber(raw: string): NumberResult {
  // Most cells are bare integers ('3', '1250'): skip the unit and separator analysis for them.
  if (isPlainInteger(raw)) return { ok: true, value: Number(raw) };
  const text = raw.trim();
  if (text.length === 0) return { ok: false, reason: NOT_A_NUMBER };
  if (text.length > MAX_LENGTH) return { ok: false, reason: "valeur trop longue" };
  let body = stripUnits(text);
  let sign = 1;
  const first = body.charAt(0);
  if (first === "-" || first === "\u2212" || first === "+") {
    sign = first === "+" ? 1 : -1;
    body = body.slice(1).trim();
  }
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (!isDigit(code) && !isSpace(code) && code !== 44 && code !== 46) {
      return { ok: false, reason: NOT_A_NUMBER };
    }
  }
  const seps = separators(body);
  if (seps === null) return { ok: false, reason: NOT_A_NUMBER };
  let integerPart = body;
  let fraction = "";
  if (seps.decimal !== null) {
    const at = body.indexOf(seps.decimal);
    integerPart = body.slice(0, at);
    fraction = body.slice(at + 1);
    for (let i = 0; i < fraction.length; i++) {
      if (!isDigit(fraction.charCodeAt(i))) return { ok: false, reason: NOT_A_NUMBER };
    }
    if (fraction.length === 0) return { ok: false, reason: NOT_A_NUMBER };
  }
  const digits = integerDigits(integerPart, seps.group);
  if (digits === null) return { ok: false, reason: NOT_A_NUMBER };
  const value = sign * Number(fraction ? `${digits}.${fraction}` : digits);
  // -0 would print as 0 but compare oddly; Number.isFinite guards absurdly long digit strings.
  if (!Number.isFinite(value)) return { ok: false, reason: NOT_A_NUMBER };
  return { ok: true, value: value === 0 ? 0 : value };
}
