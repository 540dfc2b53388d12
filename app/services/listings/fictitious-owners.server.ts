import { randomInt } from "node:crypto";
import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { yieldToEventLoop } from "../jobs/queue.server";
import { formatCount } from "~/utils/format";

/**
 * Fictitious owners, for the administrators' test tools only (SPEC.md 'assign-owners',
 * DECISIONS.md item 8): French first and last names, e-mail addresses only under example.fr /
 * example.com, which are reserved domains, so that no message can ever reach a real person. They
 * are stored as fictitious: the export and the CSV file leave them out (issue 24 item 3). An
 * agent records a listing's real owner through its page (owners.server.ts).
 */

const FIRST_NAMES = [
  "Camille", "Léa", "Manon", "Chloé", "Inès", "Emma", "Jade", "Louise", "Alice", "Juliette",
  "Sophie", "Claire", "Élodie", "Margaux", "Hélène", "Lucas", "Hugo", "Louis", "Gabriel", "Arthur",
  "Jules", "Nathan", "Théo", "Raphaël", "Thomas", "Antoine", "Nicolas", "Julien", "Mathieu", "François",
];
const LAST_NAMES = [
  "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
  "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier",
  "Morel", "Girard", "André", "Mercier", "Dupont", "Lambert", "Bonnet", "François", "Martinez", "Legrand",
];
const DOMAINS = ["example.fr", "example.com"] as const;

export type FictitiousOwner = { first_name: string; last_name: string; email: string };

const pick = <T>(values: readonly T[]): T => values[randomInt(values.length)]!;

/** 'Élodie' → 'elodie': e-mail local parts stay ASCII. */
function slug(value: string) {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function generateOwner(): FictitiousOwner {
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  // A number keeps addresses of same-name owners apart.
  const email = `${slug(first)}.${slug(last)}${randomInt(10, 1000)}@${pick(DOMAINS)}`;
  return { first_name: first, last_name: last, email };
}

// Small transactions with a yield in between: a user with 100 000 listings must not freeze
// the server while their owners are written.
const ASSIGN_CHUNK = 1000;

/** assign-owners: a fictitious owner for every listing of the user that has none. */
export async function assignOwnersToAllListings(userId: string): Promise<{ assigned: number; message: string }> {
  const sqlite = getSqlite();
  // One read of the ids (a few hundred kilobytes even for 100 000 listings), then small writes.
  const ids = sqlite
    .prepare(
      `select p.id from properties p
        where p.created_by = ? and not exists (select 1 from property_owners o where o.property_id = p.id)`,
    )
    .pluck()
    .all(userId) as number[];
  const insert = sqlite.prepare(
    `insert into property_owners (id, property_id, first_name, last_name, email, fictitious)
     values (?, ?, ?, ?, ?, 1) on conflict(property_id) do nothing`,
  );
  let assigned = 0;
  for (let start = 0; start < ids.length; start += ASSIGN_CHUNK) {
    sqlite.transaction(() => {
      for (const id of ids.slice(start, start + ASSIGN_CHUNK)) {
        const owner = generateOwner();
        assigned += insert.run(crypto.randomUUID(), id, owner.first_name, owner.last_name, owner.email).changes;
      }
    })();
    await yieldToEventLoop();
  }
  logEvent("owners.assigned", { userId, assigned });
  const message =
    assigned === 0
      ? "Toutes vos annonces ont déjà un propriétaire"
      : formatCount(assigned, "propriétaire fictif assigné", "propriétaires fictifs assignés");
  return { assigned, message };
}
