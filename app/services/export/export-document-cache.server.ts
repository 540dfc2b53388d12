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

const COMMA = Buffer.from(",");

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

/** A page's listings as one account's keys see them: their number and their joined documents. */
export type CachedPage = { count: number; docs: Buffer };

// The accounts owning a listing of a page: a few ids each; 1 MB holds thousands of pages.
const PAGE_OWNERS_BYTES = 1024 * 1024;

export class DocumentCache {
  private generation: string | null = null;
  private readonly documentsById: BoundedMap<number, CachedDocument>;
  /** By `slot:reader`: `reader` is the key's account when it owns a listing of the page, else "". */
  private readonly pages: BoundedMap<string, CachedPage>;
  /** By slot: the accounts that own a listing of the page. */
  private readonly pageOwners: BoundedMap<string, Set<string>>;

  constructor({ documentBytes, pageBytes }: { documentBytes: number; pageBytes: number }) {
    this.documentsById = new BoundedMap(documentBytes, size);
    this.pages = new BoundedMap(pageBytes, (page) => page.docs.length);
    this.pageOwners = new BoundedMap(PAGE_OWNERS_BYTES, (owners) => 64 + 48 * owners.size);
  }

  private renew(generation: string) {
    if (generation === this.generation) return;
    this.documentsById.clear();
    this.pages.clear();
    this.pageOwners.clear();
    this.generation = generation;
  }

  /** The page of `slot` (its offset and limit) as `keyUserId`'s keys see it, if held for `generation`. */
  heldPage(generation: string, slot: string, keyUserId: string): CachedPage | undefined {
    if (generation !== this.generation) return undefined;
    const owners = this.pageOwners.entries.get(slot);
    return owners && this.pages.entries.get(`${slot}:${owners.has(keyUserId) ? keyUserId : ""}`);
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

  /**
   * The page of `slot` made of `documents`, as `keyUserId`'s keys see it: every key without a
   * listing in the page sees the same bytes, so they share one entry.
   */
  page(generation: string, slot: string, keyUserId: string, documents: CachedDocument[]): CachedPage {
    this.renew(generation);
    let owners = this.pageOwners.entries.get(slot);
    if (!owners) {
      owners = new Set(documents.flatMap((document) => (document.userId === null ? [] : [document.userId])));
      this.pageOwners.set(slot, owners);
    }
    const key = `${slot}:${owners.has(keyUserId) ? keyUserId : ""}`;
    const held = this.pages.entries.get(key);
    if (held) return held;
    const docs = Buffer.concat(documents.flatMap((document, index) => (index > 0 ? [COMMA, documentForKey(document, keyUserId)] : [documentForKey(document, keyUserId)])));
    const page = { count: documents.length, docs };
    this.pages.set(key, page);
    return page;
  }
}
