import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import type { OwnerInput } from "./owner-form";

/**
 * A listing's real owner, as an agent types it on the listing's page (issue 24 item 3: the
 * 'Créer propriétaire' button used to make one up, and the export sent that fake person to
 * customers). Fictitious owners come only from the administrators' test tools
 * (fictitious-owners.server.ts).
 */
export type SaveOwnerResult = { ok: true } | { ok: false; reason: "not-found" | "has-owner" };

/** Records the owner of one of the user's listings that has none yet. */
export function saveListingOwner(userId: string, propertyId: number, owner: OwnerInput): SaveOwnerResult {
  const db = getSqlite();
  const listing = db
    .prepare<[number, string], { owner_id: string | null }>(
      `select o.id as owner_id from properties p left join property_owners o on o.property_id = p.id
        where p.id = ? and p.created_by = ?`,
    )
    .get(propertyId, userId);
  if (!listing) return { ok: false, reason: "not-found" };
  if (listing.owner_id) return { ok: false, reason: "has-owner" };
  const changes = db
    .prepare(
      `insert into property_owners (id, property_id, first_name, last_name, email, phone, fictitious)
       values (?, ?, ?, ?, ?, ?, 0) on conflict(property_id) do nothing`,
    )
    .run(crypto.randomUUID(), propertyId, owner.firstName ?? null, owner.lastName, owner.email ?? null, owner.phone ?? null).changes;
  if (changes === 0) return { ok: false, reason: "has-owner" };
  logEvent("owner.created", { userId, propertyId });
  return { ok: true };
}
