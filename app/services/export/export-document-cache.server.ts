/**
 * The stored documents (export_documents) of the listings that pages read lately, kept in memory
 * by property id. A page of 50 then costs 50 map lookups instead of a SQLite query, which was the
 * largest part of a call (≈ 200 µs of CPU of the ≈ 400 µs, docs/decisions/023-export-speed.md).
 *
 * Entries belong to one generation of export_documents (the caller's version of the table:
 * any insert, update or delete, from this connection or another): a new generation empties the
 * cache. At most `maxBytes` of documents are held; the oldest entries leave first.
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

export class DocumentCache {
  private generation: string | null = null;
  private readonly entries = new Map<number, CachedDocument>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The documents of `ids` in the same order (undefined for an id without one), as of
   * `generation`; `read` fetches those the cache does not hold, in one query.
   */
  documents(generation: string, ids: number[], read: (missing: number[]) => Iterable<[number, CachedDocument]>): Array<CachedDocument | undefined> {
    if (generation !== this.generation) {
      this.entries.clear();
      this.bytes = 0;
      this.generation = generation;
    }
    const missing = ids.filter((id) => !this.entries.has(id));
    const fetched = new Map<number, CachedDocument>(missing.length > 0 ? read(missing) : []);
    for (const [id, document] of fetched) this.keep(id, document);
    return ids.map((id) => this.entries.get(id) ?? fetched.get(id));
  }

  private keep(id: number, document: CachedDocument) {
    this.entries.set(id, document);
    this.bytes += size(document);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= size(entry);
    }
  }
}
