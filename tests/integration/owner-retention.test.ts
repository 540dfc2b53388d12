import { describe, expect, it } from "vitest";
import { OWNER_RETENTION } from "~/config";
import { ownerPurgeJobKind, runOwnerPurge, scheduleOwnerPurges } from "~/services/account/owner-purge-jobs.server";
import { findJob } from "~/services/jobs/engine.server";
import { jobQueue } from "~/services/jobs/queue.server";
import { findJobView } from "~/services/jobs/kinds.server";
import { getSqlite } from "~/utils/db.server";
import { makeUser } from "../setup/factories";
import { addListings } from "../setup/listings-factories";

const DAY = 24 * 60 * 60 * 1000;

/** A listing with an owner whose last change (listing, analysis and owner) was `daysAgo` days ago. */
function listingWithOwner(userId: string, status: "active" | "rejected" | "pending", daysAgo: number): number {
  const [id] = addListings(userId, 1, () => ({ owner: { firstName: "Anne", lastName: "Morel", email: `anne.${daysAgo}.${status}@example.fr` } }));
  const at = Date.now() - daysAgo * DAY;
  const sqlite = getSqlite();
  sqlite.prepare("update properties set status = ?, updated_at = ?, ai_checked_at = ? where id = ?").run(status, at, at, id);
  sqlite.prepare("update property_owners set created_at = ? where property_id = ?").run(at, id);
  return id!;
}

const hasOwner = (id: number) => getSqlite().prepare("select count(*) from property_owners where property_id = ?").pluck().get(id) === 1;
const listingExists = (id: number) => getSqlite().prepare("select count(*) from properties where id = ?").pluck().get(id) === 1;

describe("conservation des données des propriétaires", () => {
  it("efface le propriétaire d'une annonce blacklistée depuis plus de 30 jours ou inchangée depuis plus d'un an, garde les autres et l'annonce", async () => {
    const user = await makeUser();
    const oldRejected = listingWithOwner(user.id, "rejected", OWNER_RETENTION.rejectedDays + 1);
    const recentRejected = listingWithOwner(user.id, "rejected", OWNER_RETENTION.rejectedDays - 1);
    const stale = listingWithOwner(user.id, "active", OWNER_RETENTION.unchangedDays + 1);
    const recent = listingWithOwner(user.id, "pending", OWNER_RETENTION.unchangedDays - 1);
    // A recent analysis is a change: the owner stays.
    const reanalysed = listingWithOwner(user.id, "active", OWNER_RETENTION.unchangedDays + 10);
    getSqlite().prepare("update properties set ai_checked_at = ? where id = ?").run(Date.now() - DAY, reanalysed);

    const job = await runOwnerPurge(user.id);
    expect(job).toMatchObject({ status: "completed", purged: 2, message: "2 propriétaires effacés (durée de conservation dépassée)" });
    expect([oldRejected, recentRejected, stale, recent, reanalysed].map(hasOwner)).toEqual([false, true, false, true, true]);
    expect([oldRejected, stale].every(listingExists)).toBe(true);
    expect(findJobView(user.id, job.id)).toMatchObject({ kind: "owner-purge", status: "completed", endToast: { type: "success" } });

    const again = await runOwnerPurge(user.id);
    expect(again).toMatchObject({ status: "completed", purged: 0, message: "Aucune donnée de propriétaire à effacer" });
  });

  it("le passage quotidien lance un effacement par compte concerné, et ne touche jamais les propriétaires d'un autre compte", async () => {
    const concerned = await makeUser();
    const untouched = await makeUser();
    const old = listingWithOwner(concerned.id, "rejected", 90);
    const keep = listingWithOwner(untouched.id, "active", 10);
    const queued = scheduleOwnerPurges();
    expect(queued).toBeGreaterThanOrEqual(1);
    await jobQueue().onIdle();
    expect(hasOwner(old)).toBe(false);
    expect(hasOwner(keep)).toBe(true);
    const views = getSqlite().prepare("select id from owner_purge_jobs where user_id = ?").pluck().all(concerned.id) as string[];
    expect(views).toHaveLength(1);
    expect(findJob(ownerPurgeJobKind, concerned.id, views[0]!)?.status).toBe("completed");
    // The other account's user cannot read that job.
    expect(findJobView(untouched.id, views[0]!)).toBeUndefined();
    expect(getSqlite().prepare("select count(*) from owner_purge_jobs where user_id = ?").pluck().get(untouched.id)).toBe(0);
  });
});
