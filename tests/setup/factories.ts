import { userRoles } from "#db/schema";
import type { ListingInput } from "~/services/listing-input";
import { createUser } from "~/services/users.server";
import { getDb } from "~/utils/db.server";
import { createSession } from "~/utils/session.server";

let counter = 0;

/** A user (and optionally the admin role) created straight in the database. */
export async function makeUser(options: { admin?: boolean; email?: string; fullName?: string } = {}) {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.fr`;
  const id = await createUser({ email, password: "motdepasse", fullName: options.fullName ?? `Utilisateur ${counter}` });
  if (options.admin) getDb().insert(userRoles).values({ userId: id, role: "admin" }).run();
  return { id, email, password: "motdepasse" };
}

/** A Request carrying the session cookie of a user. */
export async function requestAs(
  userId: string | null,
  url: string,
  init: RequestInit & { form?: Record<string, string> } = {},
): Promise<Request> {
  const headers = new Headers(init.headers);
  if (userId) {
    const session = await createSession(userId);
    headers.append("Cookie", session.setCookie.split(";")[0]!);
  }
  let body = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  return new Request(new URL(url, "http://localhost"), {
    ...init,
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    body,
  });
}

export function listingInput(overrides: Partial<ListingInput> = {}): ListingInput {
  counter += 1;
  return {
    sourcePlatform: "fichier",
    sourcePlatformId: `ref-${counter}`,
    sourceOrigin: null,
    sourceUrl: null,
    title: `Appartement T2 lumineux ${counter}`,
    description: "Bel appartement de deux pièces, proche des transports et des commerces.",
    price: 850,
    propertyCharges: 50,
    propertyType: "Appartement",
    transactionType: "rental",
    address: "12 rue de la République",
    city: "Lyon",
    postalCode: "69002",
    surfaceArea: 45,
    rooms: 2,
    bedrooms: 1,
    bathrooms: 1,
    images: ["https://images.example.fr/1.jpg"],
    features: ["Balcon"],
    floor: 2,
    totalFloors: 5,
    yearBuilt: 1975,
    energyRating: "D",
    owner: null,
    ...overrides,
  };
}
