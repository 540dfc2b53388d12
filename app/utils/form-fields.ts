import { FORM_LIMITS } from "~/config";
import { REQUEST_MSG } from "~/messages";

const INDEX = /\[(\d*)\]/g;
/**
 * conform's own fields: `__intent__` (a list or value operation, JSON) and `__state__` (JSON).
 * None of our forms uses them, and an intent such as "update index 10 000 000" makes conform
 * build and echo a ten-million-slot array (30 MB, seconds of event loop) from 150 bytes.
 */
const RESERVED_NAMES = new Set(["__intent__", "__state__"]);

/**
 * Why a form's field names are refused, or null when they are fine. conform turns `a.b[3]` into
 * nested objects and arrays: a repeated name is copied at every repeat, `x[10000000]` builds a
 * ten-million-slot array that its reply serialises in full, and a long dotted name nests as deep
 * as it is long. Our forms use flat names and short lists, so anything beyond the limits is hostile.
 */
export function formFieldsProblem(names: readonly string[]): string | null {
  if (names.length > FORM_LIMITS.maxFields) return REQUEST_MSG.tooManyFields;
  for (const name of names) {
    if (RESERVED_NAMES.has(name)) return REQUEST_MSG.reservedField;
    if (name.length > FORM_LIMITS.maxNameLength) return REQUEST_MSG.badFieldName;
    const depth = name.split(".").length + (name.match(INDEX)?.length ?? 0);
    if (depth > FORM_LIMITS.maxNameDepth) return REQUEST_MSG.badFieldName;
    for (const [, index] of name.matchAll(INDEX)) {
      if (index !== "" && Number(index) >= FORM_LIMITS.maxFields) return REQUEST_MSG.badFieldName;
    }
  }
  return null;
}
