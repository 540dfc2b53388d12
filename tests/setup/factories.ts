import { userRoles } from "#db/schema";
import type { ListingInput } from "~/services/listings/listing-input";
import type { OwnerInput } from "~/services/listings/owner-form";
import { saveListingOwner } from "~/services/listings/owners.server";
import { createUser } from "~/services/users/users.server";
import { getDb } from "~/utils/db.server";
import { createSession } from "~/utils/session.server";
import { readToast, type Toast } from "~/utils/toast.server";

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

/** What a guard threw (or a route answered): its status, redirect target, flash toast and JSON body. */
export async function answerOf(thrown: unknown): Promise<{ status: number; location: string | null; toast: Toast | null; json: unknown }> {
  if (!(thrown instanceof Response)) throw new Error(`Une Response était attendue, reçu : ${String(thrown)}`);
  const cookie = thrown.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  const isJson = thrown.headers.get("Content-Type")?.includes("application/json") ?? false;
  return { status: thrown.status, location: thrown.headers.get("Location"), toast, json: isJson ? await thrown.json() : null };
}

/**
 * What an action answered a form: its status and body, with the toast taken from the body or,
 * for answers whose toast the root shows after revalidation, from the flash cookie.
 */
export async function formAnswer<T extends object>(result: unknown): Promise<T & { status: number; toast?: Toast }> {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: T; init: ResponseInit | null };
    const cookie = new Headers(init?.headers).get("Set-Cookie")?.split(";")[0] ?? "";
    const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    return { status: init?.status ?? 200, ...data, ...(toast ? { toast } : {}) };
  }
  return { status: 200, ...(result as T) };
}

/** Runs a loader or action that must throw, and reads what it threw. */
export async function thrownBy(run: () => Promise<unknown>) {
  const thrown = await run().then(
    () => new Error("aucune réponse levée"),
    (error: unknown) => error,
  );
  return answerOf(thrown);
}

/** The answer of a guard to a visitor's submission: /auth with the toast 'Session invalide'. */
export const SESSION_INVALID_REDIRECT = {
  status: 302,
  location: "/auth",
  toast: { type: "error", message: "Session invalide" },
  json: null,
} as const;

let ownerCounter = 0;

/** A real owner recorded on one of the user's listings, as its page would (false when it already has one). */
export function giveOwner(userId: string, listingId: number, owner: Partial<OwnerInput> = {}): boolean {
  ownerCounter += 1;
  return saveListingOwner(userId, listingId, {
    firstName: "Claire",
    lastName: `Martin${ownerCounter}`,
    email: `claire.martin${ownerCounter}@agence-exemple.fr`,
    phone: "0612345678",
    ...owner,
  }).ok;
}
