import { z } from 'zod';
import type { IndexDb, MetaRecord } from './schema';

/** The `meta` store as a transaction reaches it (reads). */
interface MetaReader {
  get(key: string): Promise<MetaRecord | undefined>;
}
/** The `meta` store in a read-write transaction. */
interface MetaWriter extends MetaReader {
  put(record: MetaRecord): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}
/** A transaction that includes the `meta` store (any other stores too). */
export interface MetaTx<Store extends MetaReader = MetaReader> {
  objectStore(name: 'meta'): Store;
}
/** A read-write transaction that includes the `meta` store. */
export type MetaWriteTx = MetaTx<MetaWriter>;

/** One `meta` key: its name, its value's schema and version, and the value used when none is usable. */
export interface MetaKey<T> {
  readonly key: string;
  readonly version: number;
  /** The stored value, or the fallback when it is missing, invalid or of another version. Never throws on data. */
  read(source: IndexDb | MetaTx): Promise<T>;
  write(target: IndexDb | MetaWriteTx, value: T): Promise<void>;
  remove(target: MetaWriteTx): Promise<void>;
  /** Read-modify-write in one transaction: a change another actor made meanwhile is built upon. */
  update(db: IndexDb, change: (current: T) => T): Promise<T>;
}

/**
 * Declares a `meta` key once: every read validates with the schema and falls back on bad data, so a
 * corrupted or hostile record costs that key its value and never the caller (or the other keys) anything.
 * A record from before versions counts as version 1. A record of another version (older: a shape since
 * changed; newer: written by a later build, then downgraded) reads as the fallback.
 */
export function defineMetaKey<T>(
  key: string,
  version: number,
  schema: z.ZodType<T>,
  fallback: T,
): MetaKey<T> {
  function parse(record: MetaRecord | undefined): T {
    if (!record || (record.version ?? 1) !== version) return fallback;
    const parsed = schema.safeParse(record.value);
    return parsed.success ? parsed.data : fallback;
  }
  const record = (value: T): MetaRecord => ({ key, value, version });
  return {
    key,
    version,
    async read(source) {
      const store = 'objectStore' in source ? source.objectStore('meta') : source.transaction('meta').store;
      return parse(await store.get(key));
    },
    async write(target, value) {
      if ('objectStore' in target) await target.objectStore('meta').put(record(value));
      else await target.put('meta', record(value));
    },
    async remove(target) {
      await target.objectStore('meta').delete(key);
    },
    async update(db, change) {
      // No other await inside: the transaction would commit before the write.
      const tx = db.transaction('meta', 'readwrite');
      const next = change(parse(await tx.store.get(key)));
      await tx.store.put(record(next));
      await tx.done;
      return next;
    },
  };
}

/** An object whose entries are checked one by one: an invalid entry is dropped, never the others. */
export function entriesOf<T>(schema: z.ZodType<T>) {
  return z
    .custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
    .transform((value) => {
      const valid: [string, T][] = [];
      for (const [id, entry] of Object.entries(value)) {
        const parsed = schema.safeParse(entry);
        if (parsed.success) valid.push([id, parsed.data]);
      }
      // fromEntries defines own properties: a stored `__proto__` key stays an entry, never a prototype.
      return Object.fromEntries(valid);
    });
}

/** A key's value as a get/set pair (what the rate limiter persists its times through). */
export function metaCell<T>(db: () => Promise<IndexDb>, key: MetaKey<T>) {
  return {
    get: async () => key.read(await db()),
    set: async (value: T) => key.write(await db(), value),
  };
}
