import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arxivHold, notifiedCounts } from '@/lib/store/db-settings';
import { defineMetaKey } from '@/lib/store/meta';
import { openIndexDb } from '@/lib/store/open';
import type { IndexDb } from '@/lib/store/schema';
import { EMPTY_LOOKUP, lookupState, reindexState, syncState } from '@/lib/store/sync-state';
import { EMPTY_SYNC, type SyncState } from '@/lib/store/sync-types';

let db: IndexDb;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb();
});

const SYNC: SyncState = {
  categories: {
    'cs.LG': { pending: [{ from: 1, to: 2 }], newest: 5, coveredFrom: 1 },
    'cs.AI': {
      pending: [],
      failures: 2,
      notBefore: 9,
      lastError: { message: 'down', kind: 'network', at: 3 },
    },
  },
  planned: 7,
  lastCompleteAt: 8,
  failures: 1,
};

describe('meta keys', () => {
  it('round-trips a valid value, through the database and through a transaction', async () => {
    await syncState.write(db, SYNC);
    expect(await syncState.read(db)).toEqual(SYNC);
    const tx = db.transaction('meta', 'readwrite');
    await notifiedCounts.write(tx, { 'cs.LG': 3 });
    expect(await notifiedCounts.read(tx)).toEqual({ 'cs.LG': 3 });
    await tx.done;
    expect(await db.get('meta', 'notified')).toEqual({ key: 'notified', value: { 'cs.LG': 3 }, version: 1 });
  });

  it('reads a missing value as the fallback', async () => {
    expect(await syncState.read(db)).toBe(EMPTY_SYNC);
    expect(await lookupState.read(db)).toBe(EMPTY_LOOKUP);
    expect(await arxivHold.read(db)).toBeUndefined();
    expect(await reindexState.read(db)).toEqual({ target: '', done: false });
  });

  it.each([
    ['a string', 'hostile'],
    ['null', null],
    ['a number', 42],
    ['an array', [1, 2]],
    ['an object of the wrong shape', { categories: 'all', planned: 'many' }],
  ])('reads %s stored for a key as its fallback, without throwing', async (_, value) => {
    for (const key of ['sync', 'lookup', 'reindex', 'notified', 'arxiv.notBefore'])
      await db.put('meta', { key, value });
    await expect(syncState.read(db)).resolves.toMatchObject({ categories: {}, planned: 0, failures: 0 });
    await expect(reindexState.read(db)).resolves.toEqual({ target: '', done: false });
    await expect(notifiedCounts.read(db)).resolves.toEqual({});
    const lookup = await lookupState.read(db);
    expect(lookup.tries).toEqual({});
    expect(lookup.gaveUpCount).toBe(0);
  });

  it('keeps the valid rest of a damaged value: a bad field or entry costs only itself', async () => {
    await db.put('meta', {
      key: 'sync',
      value: { ...SYNC, categories: { ...SYNC.categories, 'cs.CL': { pending: 'soon' } }, failures: 'x' },
    });
    expect(await syncState.read(db)).toEqual({ ...SYNC, failures: 0 });
    await db.put('meta', { key: 'notified', value: { 'cs.LG': 2, 'cs.AI': 'many', __proto__: 1 } });
    expect(await notifiedCounts.read(db)).toEqual({ 'cs.LG': 2 });
    await db.put('meta', { key: 'arxiv.notBefore', value: 'tomorrow' });
    expect(await arxivHold.read(db)).toBeUndefined();
  });

  it('never lets a stored `__proto__` key reach a prototype', async () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "cs.LG": 4}');
    await db.put('meta', { key: 'notified', value: hostile });
    const read = await notifiedCounts.read(db);
    expect(read['cs.LG']).toBe(4);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads the lookup queue of before per-lookup retries (a bare list of ids)', async () => {
    await db.put('meta', { key: 'lookup', value: ['2609.00001', '2609.00002'] });
    expect(await lookupState.read(db)).toEqual({ ...EMPTY_LOOKUP, ids: ['2609.00001', '2609.00002'] });
  });

  it('reads a value written at another version as the fallback; a record without a version is version 1', async () => {
    const v2 = defineMetaKey('counter', 2, z.number(), 0);
    await db.put('meta', { key: 'counter', value: 5 });
    expect(await v2.read(db)).toBe(0);
    await db.put('meta', { key: 'counter', value: 5, version: 2 });
    expect(await v2.read(db)).toBe(5);
    const v1 = defineMetaKey('counter', 1, z.number(), 0);
    expect(await v1.read(db)).toBe(0);
    await db.put('meta', { key: 'counter', value: 5 });
    expect(await v1.read(db)).toBe(5);
  });

  it('updates in one transaction, building on the stored value', async () => {
    await notifiedCounts.write(db, { a: 1 });
    const [first, second] = await Promise.all([
      notifiedCounts.update(db, (c) => ({ ...c, b: 2 })),
      notifiedCounts.update(db, (c) => ({ ...c, c: 3 })),
    ]);
    expect(first).toEqual({ a: 1, b: 2 });
    expect(second).toEqual({ a: 1, b: 2, c: 3 });
    expect(await notifiedCounts.read(db)).toEqual({ a: 1, b: 2, c: 3 });
  });

  it('removes a key inside a transaction', async () => {
    await syncState.write(db, SYNC);
    const tx = db.transaction('meta', 'readwrite');
    await syncState.remove(tx);
    await tx.done;
    expect(await syncState.read(db)).toBe(EMPTY_SYNC);
  });
});
