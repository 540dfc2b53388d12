import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { backupDatabase } from "~/services/platform/backup.server";
import { upsertListings } from "~/services/listings/listing-upsert.server";
import { listingInput, makeUser } from "../setup/factories";

describe("sauvegarde", () => {
  it("écrit une copie cohérente qu'on peut rouvrir et lire", async () => {
    const user = await makeUser();
    upsertListings(user.id, [listingInput({ title: "Maison avec jardin" }), listingInput()]);
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-backup-")), "copie.db");
    const pages = await backupDatabase(target);
    expect(pages).toBeGreaterThan(0);
    const restored = new Database(target, { readonly: true });
    expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    const rows = restored.prepare("select title from properties where created_by = ? order by id").all(user.id) as Array<{ title: string }>;
    expect(rows.map((r) => r.title)).toContain("Maison avec jardin");
    expect(restored.prepare("select email from users where id = ?").get(user.id)).toEqual({ email: user.email });
    restored.close();
  });
});
