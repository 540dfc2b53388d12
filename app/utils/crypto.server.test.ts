import { describe, expect, it } from "vitest";
import { timeOrderedUuid } from "./crypto.server";

describe("identifiants ordonnés dans le temps (UUID v7)", () => {
  it("une forme d'UUID version 7, variante RFC, l'instant dans les 48 premiers bits", () => {
    const at = Date.UTC(2026, 10, 26, 21, 0, 0, 123);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
  });

  it("des instants croissants donnent des identifiants croissants ; le même instant, des identifiants distincts", () => {
    const start = Date.now();
    const ids = Array.from({ length: 100 }, (_, i) => timeOrderedUuid(start + i));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 100 }, () => timeOrderedUuid(start))).size).toBe(100);
  });
});
