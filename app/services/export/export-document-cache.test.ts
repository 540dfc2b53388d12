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

  it("une page est construite une fois par génération et par lecteur, puis servie telle quelle", () => {
    const cache = new DocumentCache({ documentBytes: 1_000, pageBytes: 1_000 });
    const documents: CachedDocument[] = [
      { userId: "a", doc: Buffer.from('{"owner":"A"}'), publicDoc: Buffer.from('{"owner":null}') },
      { userId: null, doc: Buffer.from("{}"), publicDoc: null },
    ];
    expect(cache.heldPage("1", "0:50", "b")).toBeUndefined();
    const shared = cache.page("1", "0:50", "b", documents);
    expect(shared).toEqual({ count: 2, docs: Buffer.from('{"owner":null},{}') });
    // Every account without a listing in the page gets the same entry; the owner its own.
    expect(cache.heldPage("1", "0:50", "c")).toBe(shared);
    expect(cache.heldPage("1", "0:50", "a")).toBeUndefined();
    expect(cache.page("1", "0:50", "a", documents).docs.toString()).toBe('{"owner":"A"},{}');
    expect(cache.heldPage("1", "0:50", "a")?.docs.toString()).toBe('{"owner":"A"},{}');
    expect(cache.heldPage("1", "50:50", "b")).toBeUndefined();
    expect(cache.heldPage("2", "0:50", "b")).toBeUndefined();
  });

  it("le document avec propriétaire pour les clés du compte de l'annonce seulement", () => {
    const entry: CachedDocument = { userId: "a", doc: Buffer.from("avec"), publicDoc: Buffer.from("sans") };
    expect(documentForKey(entry, "a").toString()).toBe("avec");
    expect(documentForKey(entry, "b").toString()).toBe("sans");
    expect(documentForKey({ ...entry, publicDoc: null }, "b").toString()).toBe("avec");
  });
});
