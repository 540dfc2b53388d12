/**
 * What pages of the export API read lately, kept in memory (docs/decisions/023-export-speed.md):
 * - the stored documents (export_documents) by property id: a page of 50 costs 50 map lookups
 *   instead of a SQLite query (≈ 200 µs of CPU, the largest part of a call);
 * - the joined bytes of whole pages: many clients ask the same pages, and sending one long-lived
 *   buffer instead of concatenating 50 documents into a new 90 KB one halves the CPU of the
 *   response.
 *
 * Entries belong to one generation of export_documents (the caller's version of the table: any
 * insert, update or delete, from this connection or another): a new generation empties the cache.
 * Each part holds at most its byte budget; the oldest entries leave first.
 */
export type CachedDocument = {
  /** The listing's account: its keys get `doc`, with the owner; the others `publicDoc`. */
  userId: string | null;
  doc: Buffer;
  publicDoc: Buffer | null;
};

/** The document a key of `keyUserId`'s account may see (the SQL form is DOC_FOR_KEY). */
export function documentForKey(document: CachedDocument, keyUserId: string): Buffer {
  return document.userId === keyUserId ? document.doc : (document.publicDoc ?? document.doc);
}

const size = (document: CachedDocument) => document.doc.length + (document.publicDoc?.length ?? 0);

/** A map bounded by the bytes of its values, oldest entries out first. */
class BoundedMap<K, V> {
  readonly entries = new Map<K, V>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly size: (value: V) => number,
  ) {}

  set(key: K, value: V) {
    this.entries.set(key, value);
    this.bytes += this.size(value);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= this.size(entry);
    }
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

export class DocumentCache {
  private generation: string | null = null;
  private readonly documentsById: BoundedMap<number, CachedDocument>;
  private readonly pages: BoundedMap<string, Buffer>;

  constructor({ documentBytes, pageBytes }: { documentBytes: number; pageBytes: number }) {
    this.documentsById = new BoundedMap(documentBytes, size);
    this.pages = new BoundedMap(pageBytes, (page) => page.length);
  }

  private renew(generation: string) {
    if (generation === this.generation) return;
    this.documentsById.clear();
    this.pages.clear();
    this.generation = generation;
  }

  /**
   * The documents of `ids` in the same order (undefined for an id without one), as of
   * `generation`; `read` fetches those the cache does not hold, in one query.
   */
  documents(generation: string, ids: number[], read: (missing: number[]) => Iterable<[number, CachedDocument]>): Array<CachedDocument | undefined> {
    this.renew(generation);
    const held = this.documentsById.entries;
    const missing = ids.filter((id) => !held.has(id));
    const fetched = new Map<number, CachedDocument>(missing.length > 0 ? read(missing) : []);
    for (const [id, document] of fetched) this.documentsById.set(id, document);
    return ids.map((id) => held.get(id) ?? fetched.get(id));
  }

  /** The bytes of the page named `key` as of `generation`, made by `build` when not held. */
  page(generation: string, key: string, build: () => Buffer): Buffer {
    this.renew(generation);
    const held = this.pages.entries.get(key);
    if (held) return held;
    const page = build();
    this.pages.set(key, page);
    return page;
  }
}
