import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { DB_VERSION, MIGRATIONS, runMigrations } from '@/lib/store/migrations';
import { openIndexDb } from '@/lib/store/open';
import type { StoredPaper } from '@/lib/store/schema';

/** A paper as version 1 stored it (no topic keys yet); later versions must keep it readable. */
const paper: Omit<StoredPaper, 'tracked' | 'topicKeys'> = {
  id: '2509.01234',
  title: 'A paper that must survive every upgrade',
  abstract: 'Abstract.',
  authors: ['Ada Lovelace'],
  authorCount: 1,
  categories: ['cs.LG'],
  primary: 'cs.LG',
  published: Date.UTC(2026, 8, 1),
  updated: Date.UTC(2026, 8, 2),
  topics: ['cs.LG'],
  packVersion: 'test',
};

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('IndexedDB migrations', () => {
  it('has one step per version', () => {
    expect(DB_VERSION).toBe(MIGRATIONS.length);
    expect(DB_VERSION).toBeGreaterThanOrEqual(1);
  });

  it.each(Array.from({ length: DB_VERSION }, (_, i) => i + 1))(
    'upgrades a database created at version %i to the current version, keeping its data',
    async (oldVersion) => {
      const name = `pp-v${oldVersion}`;
      const old = await openDB(name, oldVersion, {
        upgrade: (db, from, to, tx) => runMigrations(db as never, from, to ?? oldVersion, tx as never),
      });
      await old.put('papers', paper as StoredPaper);
      await old.put('meta', { key: 'cursor', value: { before: 123 } });
      old.close();

      const db = await openIndexDb(name);
      expect(db.version).toBe(DB_VERSION);
      expect(await db.get('papers', paper.id)).toMatchObject({ id: paper.id, title: paper.title });
      expect(await db.get('meta', 'cursor')).toEqual({ key: 'cursor', value: { before: 123 } });
      expect([...db.objectStoreNames].sort()).toEqual([
        'annotations',
        'counts',
        'follows',
        'meta',
        'mutes',
        'papers',
        'saved',
        'userTopics',
      ]);
      expect([...db.transaction('papers').store.indexNames].sort()).toEqual(['byTopic', 'published']);
      // Upgrading to 3 builds annotations from what the old rows knew.
      if (oldVersion < 3) {
        expect((await db.get('annotations', '2509.0'))?.papers[paper.id]).toMatchObject({
          title: paper.title,
          tags: [{ id: 'cs.LG', score: 0, evidence: [] }],
        });
      }
      expect([...db.transaction('saved').store.indexNames]).toEqual(['savedAt']);
      db.close();
    },
  );

  it('keeps saved papers through a later open at the same version', async () => {
    const db = await openIndexDb('pp-saved');
    await db.put('saved', {
      id: paper.id,
      title: paper.title,
      authors: paper.authors,
      authorCount: 1,
      primary: 'cs.LG',
      categories: ['cs.LG'],
      published: paper.published,
      updated: paper.updated,
      topics: [],
      savedAt: 1,
      read: false,
    });
    db.close();
    const again = await openIndexDb('pp-saved');
    expect((await again.get('saved', paper.id))?.title).toBe(paper.title);
    again.close();
  });
});
