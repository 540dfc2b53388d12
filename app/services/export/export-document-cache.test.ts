import { describe, expect, it } from "vitest";
import { DocumentCache, documentForKey, type CachedDocument } from "./export-document-cache.server";

const document = (id: number, bytes = 10): CachedDocument => ({ userId: "a", doc: Buffer.alloc(bytes, id), publicDoc: null });

describe("documents de l'export gardés en mémoire", () => {
  it("ne relit que les documents absents, dans l'ordre demandé", () => {
    const cache = new DocumentCache({ documentBytes: 1_000, pageBytes: 1_000 });
    const reads: number[][] = [];
    const read = (missing: number[]) => {
      reads.push(missing);
      return missing.map((id) => [id, document(id)] as [number, CachedDocument]);
    };
    expect(cache.documents("1", [3, 1, 2], read).map((entry) => entry?.doc[0])).toEqual([3, 1, 2]);
    expect(cache.documents("1", [2, 4], read).map((entry) => entry?.doc[0])).toEqual([2, 4]);
    expect(reads).toEqual([[3, 1, 2], [4]]);
  });

  it("une nouvelle génération vide le cache ; un id sans document reste vide", () => {
    const cache = new DocumentCache({ documentBytes: 1_000, pageBytes: 1_000 });
    const reads: number[][] = [];
    const read = (missing: number[]) => {
      reads.push(missing);
      return missing.filter((id) => id !== 9).map((id) => [id, document(id)] as [number, CachedDocument]);
    };
    cache.documents("1", [1], read);
    expect(cache.documents("2", [1, 9], read).map((entry) => entry?.doc[0])).toEqual([1, undefined]);
    expect(reads).toEqual([[1], [1, 9]]);
  });

  it("au-delà de sa taille, les plus anciens partent ; un document trop gros est servi sans être gardé", () => {
    const cache = new DocumentCache({ documentBytes: 25, pageBytes: 0 });
    const reads: number[][] = [];
    const read = (missing: number[]) => {
      reads.push(missing);
      return missing.map((id) => [id, document(id, id === 7 ? 100 : 10)] as [number, CachedDocument]);
    };
    cache.documents("1", [1, 2], read);
    cache.documents("1", [3], read);
    cache.documents("1", [2, 3, 1], read);
    expect(reads).toEqual([[1, 2], [3], [1]]);
    expect(cache.documents("1", [7], read)[0]?.doc.length).toBe(100);
  });

  it("une page est construite une fois par génération, puis servie telle quelle", () => {
    const cache = new DocumentCache({ documentBytes: 1_000, pageBytes: 1_000 });
    let builds = 0;
    const build = () => {
      builds += 1;
      return Buffer.from(`page ${builds}`);
    };
    expect(cache.page("1", "0:50:", build).toString()).toBe("page 1");
    expect(cache.page("1", "0:50:", build).toString()).toBe("page 1");
    expect(cache.page("1", "50:50:", build).toString()).toBe("page 2");
    expect(cache.page("2", "0:50:", build).toString()).toBe("page 3");
  });

  it("le document avec propriétaire pour les clés du compte de l'annonce seulement", () => {
    const entry: CachedDocument = { userId: "a", doc: Buffer.from("avec"), publicDoc: Buffer.from("sans") };
    expect(documentForKey(entry, "a").toString()).toBe("avec");
    expect(documentForKey(entry, "b").toString()).toBe("sans");
    expect(documentForKey({ ...entry, publicDoc: null }, "b").toString()).toBe("avec");
  });
});
