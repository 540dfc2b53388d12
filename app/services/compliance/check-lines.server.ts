import { checkAd } from "./check-ad.server";
import { checkLineSchema, describeCheckIssues } from "./check-input";

/**
 * The check:compliance command's work, line by line: each JSON line `{id, date?, ad}` gives one
 * output line `{id, status, findings: [{code, message}]}`; a bad line gives one French error
 * naming its line number, and the lines after it are still checked.
 */
export type CheckLineOutput = { ok: true; json: string } | { ok: false; error: string };

export async function* checkJsonLines(lines: AsyncIterable<string> | Iterable<string>, defaultDay: string): AsyncGenerator<CheckLineOutput> {
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (!line.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      yield { ok: false, error: `Ligne ${number} : JSON invalide` };
      continue;
    }
    const parsed = checkLineSchema.safeParse(json);
    if (!parsed.success) {
      yield { ok: false, error: `Ligne ${number} : ${describeCheckIssues(parsed.error)}` };
      continue;
    }
    const { id, date, ad } = parsed.data;
    const verdict = checkAd(ad, date ?? defaultDay);
    yield { ok: true, json: JSON.stringify({ id, status: verdict.status, findings: verdict.findings.map(({ code, message }) => ({ code, message })) }) };
  }
}
