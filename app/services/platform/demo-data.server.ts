import { count } from "drizzle-orm";
import { users, userStatistics } from "#db/schema";
import { getDb, getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { adToListing } from "../moteurimmo/mapping";
import { generateDemoAds } from "../moteurimmo/demo-feed.server";
import { createUser, findUserIdByEmail, grantAdmin } from "../users/users.server";

export const DEMO_ADMIN = { email: "admin@vigimmo.fr", password: "vigimmo-admin", fullName: "Administrateur Démo" };
export const DEMO_USER = { email: "demo@vigimmo.fr", password: "vigimmo-demo", fullName: "Camille Martin", companyName: "Agence Démo" };

const SUSPICIOUS_REASONS = [
  { reason: "Loyer 48 % sous la médiane des annonces comparables", confidence: 0.82 },
  { reason: "Paiement par mandat cash demandé", confidence: 0.93 },
  { reason: "Propriétaire à l'étranger, visite impossible · Clés envoyées par courrier", confidence: 0.95 },
  { reason: "Contact uniquement par WhatsApp", confidence: 0.64 },
  { reason: "Mêmes photos qu'une annonce d'une autre ville", confidence: 0.77 },
];

/** Status mix of demo listings: every status is represented, most are pending or active. */
function demoStatus(index: number): "pending" | "suspicious" | "active" | "rejected" {
  const slot = index % 20;
  if (slot < 8) return "pending";
  if (slot < 11) return "suspicious";
  if (slot < 18) return "active";
  return "rejected";
}

/**
 * Inserts `total` demo listings for a user, fast (benchmarks seed 100 000): one prepared
 * statement, transactions of 5 000 rows. Source ids are unique per call so that seeding twice adds.
 */
export function seedListings(userId: string, total: number, seed = Date.now() % 100_000): number {
  const sqlite = getSqlite();
  const insert = sqlite.prepare(
    `insert into properties (title, description, price, property_type, address, city, postal_code, surface_area, rooms, bedrooms, bathrooms,
       images, source_url, source_platform, source_platform_id, source_origin, transaction_type, status, ai_checked_at, ai_flag_reason, ai_confidence,
       property_charges, features, floor, total_floors, year_built, energy_rating, created_at, updated_at, created_by)
     values (@title, @description, @price, @propertyType, @address, @city, @postalCode, @surfaceArea, @rooms, @bedrooms, @bathrooms,
       @images, @sourceUrl, 'demo', @sourcePlatformId, @sourceOrigin, @transactionType, @status, @aiCheckedAt, @aiFlagReason, @aiConfidence,
       @propertyCharges, @features, @floor, @totalFloors, @yearBuilt, @energyRating, @createdAt, @createdAt, @userId)`,
  );
  const insertOwner = sqlite.prepare(
    `insert into property_owners (id, property_id, first_name, last_name, email, created_at) values (?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const CHUNK = 5_000;
  let written = 0;
  for (let start = 0; start < total; start += CHUNK) {
    const size = Math.min(CHUNK, total - start);
    const rentals = generateDemoAds(Math.ceil(size * 0.7), seed + start, "rental");
    const sales = generateDemoAds(size - rentals.length, seed + start + 7, "sale");
    const ads = [...rentals, ...sales];
    sqlite.transaction(() => {
      ads.forEach((ad, offset) => {
        const index = start + offset;
        const listing = adToListing(ad);
        const status = demoStatus(index);
        const flag = SUSPICIOUS_REASONS[index % SUSPICIOUS_REASONS.length]!;
        const checked = status === "suspicious" || status === "active" || status === "rejected";
        // Spread creation dates over the last 90 days so that lists and dashboards look lived-in.
        const createdAt = now - ((index * 7919) % (90 * 24 * 3600)) * 1000;
        const result = insert.run({
          ...listing,
          images: JSON.stringify(listing.images),
          features: JSON.stringify(listing.features),
          sourcePlatformId: `demo-${seed}-${index}`,
          status,
          aiCheckedAt: checked ? createdAt : null,
          aiFlagReason: status === "suspicious" || status === "rejected" ? flag.reason : null,
          // A few suspicious listings wait for an analysis (SPEC.md 'Sans note IA').
          aiConfidence: status === "suspicious" && index % 3 === 0 ? null : checked ? (status === "active" ? 0.08 : flag.confidence) : null,
          createdAt,
          userId,
        });
        if (listing.owner && index % 3 !== 2) {
          insertOwner.run(crypto.randomUUID(), Number(result.lastInsertRowid), listing.owner.firstName, listing.owner.lastName, listing.owner.email, createdAt);
        }
      });
    })();
    written += ads.length;
  }
  // The demo listings stand for a demo-feed import made now: the dashboard's "Dernier import API"
  // must not read "Aucun" beside "Importées via API".
  getDb()
    .insert(userStatistics)
    .values({ userId, lastImportDate: new Date(now) })
    .onConflictDoUpdate({ target: userStatistics.userId, set: { lastImportDate: new Date(now) } })
    .run();
  return written;
}

async function ensureAccount(account: { email: string; password: string; fullName: string; companyName?: string }) {
  return findUserIdByEmail(account.email) ?? (await createUser(account));
}

/** First start on an empty database: a demo administrator, a demo user and their listings. */
export async function seedDemoIfEmpty(): Promise<boolean> {
  const existing = getDb().select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return false;
  const adminId = await ensureAccount(DEMO_ADMIN);
  grantAdmin(DEMO_ADMIN.email);
  const userId = await ensureAccount(DEMO_USER);
  seedListings(userId, 300, 1);
  seedListings(adminId, 60, 2);
  logEvent("seed.demo", { users: 2, listings: 360 });
  return true;
}

export async function ensureDemoAccounts() {
  const adminId = await ensureAccount(DEMO_ADMIN);
  grantAdmin(DEMO_ADMIN.email);
  const userId = await ensureAccount(DEMO_USER);
  return { adminId, userId };
}
