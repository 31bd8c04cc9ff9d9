import { IDBFactory } from 'fake-indexeddb';
import { type IDBPDatabase, openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createIngestor } from '@/lib/ingest/ingestor';
import { reindex } from '@/lib/ingest/reindex';
import { buildSearchIndex } from '@/lib/search/build-search';
import { createStoredSearch } from '@/lib/search/stored-search';
import { DB_VERSION, MIGRATIONS, runMigrations } from '@/lib/store/migrations';
import { openIndexDb } from '@/lib/store/open';
import { topicKey, withTopicKeys } from '@/lib/store/papers';
import type { PaperPulseDB, StoredPaper } from '@/lib/store/schema';

/** A paper as version 1 stored it (no topic keys yet); later versions must keep it readable. */
const paper: Omit<StoredPaper, 'tracked' | 'topicKeys'> & { packVersion: string } = {
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

/** Builds the search index at once: no progress, no pause between chunks. */
const buildQuietly = (db: Parameters<typeof buildSearchIndex>[0]) =>
  buildSearchIndex(
    db,
    () => undefined,
    async () => undefined,
  );

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
      await old.put('papers', paper);
      await old.put('meta', { key: 'cursor', value: { before: 123 } });
      old.close();

      const db = await openIndexDb(name);
      expect(db.version).toBe(DB_VERSION);
      expect(await db.get('papers', paper.id)).toMatchObject({ id: paper.id, title: paper.title });
      expect(await db.get('meta', 'cursor')).toEqual({ key: 'cursor', value: { before: 123 } });
      expect([...db.objectStoreNames].sort()).toEqual([
        'annotations',
        'corrections',
        'counts',
        'emergingWeeks',
        'follows',
        'meta',
        'mutes',
        'papers',
        'saved',
        'searchDocs',
        'searchPairs',
        'searchPostings',
        'userTopics',
      ]);
      expect([...db.transaction('papers').store.indexNames].sort()).toEqual(['byTopic', 'published']);
      // Upgrading to 3 builds annotations from what the old rows knew.
      if (oldVersion < 3) {
        expect((await db.get('annotations', '2509.0'))?.papers[paper.id]).toMatchObject({
          title: paper.title,
          tags: [{ id: 'cs.LG', score: 0 }],
        });
      }
      expect([...db.transaction('saved').store.indexNames]).toEqual(['savedAt']);
      // Upgrading to 7 adds the reader's corrections, empty: nobody has corrected a chip before.
      if (oldVersion < 7) expect(await db.count('corrections')).toBe(0);
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

/** What each old version really wrote, store by store (from the code of that version). */
const V1_PAPER = {
  // v1 had no tagger in the ingestion: rows carry the paper only, no topics.
  id: '2509.00001',
  title: 'Stored at version 1',
  abstract: 'Abstract.',
  authors: ['Ada Lovelace'],
  authorCount: 1,
  categories: ['cs.LG'],
  primary: 'cs.LG',
  published: Date.UTC(2026, 8, 1),
  updated: Date.UTC(2026, 8, 1),
};
// As version 2 wrote it: with the pack version each row carried then.
const V2_PAPER = {
  ...V1_PAPER,
  id: '2509.00002',
  title: 'Stored at version 2',
  topics: ['cs.LG'],
  packVersion: 'pack-1',
  tracked: true,
  topicKeys: [topicKey('cs.LG', V1_PAPER.published)],
};
const DAY_OF = Math.floor(V1_PAPER.published / 86_400_000);

function writeAsVersion(version: number) {
  return async (db: IDBPDatabase<PaperPulseDB>) => {
    await db.put('papers', V1_PAPER as StoredPaper);
    if (version < 2) return;
    await db.put('papers', V2_PAPER);
    await db.put('counts', { topic: '*', days: { [DAY_OF]: 1 } });
    await db.put('counts', { topic: 'cs.LG', days: { [DAY_OF]: 1 } });
    await db.put('follows', { topicId: 'cs.LG', followedAt: 1, seenUntil: 2 });
    await db.put('meta', {
      key: 'sync',
      value: {
        categories: {
          'cs.LG': { pending: [{ from: 1, to: 2 }], newest: V1_PAPER.published, coveredFrom: 1 },
        },
        planned: 1,
        failures: 2,
        lastError: { message: 'arXiv unreachable', kind: 'network', at: 3 },
        nextRetryAt: 4,
      },
    });
    // The lookup queue was a bare list of ids.
    await db.put('meta', { key: 'lookup', value: ['2609.00001', '2609.00002'] });
  };
}

describe('IndexedDB migrations, from data as each version wrote it', () => {
  it.each([1, 2])('upgrades a version %i database and the ingestion reads on', async (version) => {
    const name = `pp-real-v${version}`;
    const old = await openDB<PaperPulseDB>(name, version, {
      upgrade: (db, from, to, tx) => runMigrations(db, from, to ?? version, tx as never),
    });
    await writeAsVersion(version)(old);
    old.close();

    const db = await openIndexDb(name);
    const shard = await db.get('annotations', '2509.0');
    expect(shard?.papers[V1_PAPER.id]).toMatchObject({ title: V1_PAPER.title, tags: [], tracked: false });
    if (version >= 2) {
      expect(shard?.papers[V2_PAPER.id]).toMatchObject({ tags: [{ id: 'cs.LG', score: 0 }] });
      const ingestor = createIngestor({
        db: async () => db,
        source: { query: async () => ({ totalResults: 0, papers: [] }), fetchByIds: async () => [] },
        toStored: (paper) => ({ ...paper, topics: [], tracked: false, topicKeys: [] }),
        settings: async () => ({ categories: ['cs.LG'], historyWeeks: 12 }),
      });
      expect((await ingestor.lookups()).ids).toEqual(['2609.00001', '2609.00002']);
      expect((await ingestor.state()).categories['cs.LG']?.pending).toEqual([{ from: 1, to: 2 }]);
    }
    // The re-tagging job brings every old row in line, counting each tracked paper once.
    await reindex(
      db,
      'target',
      (paper) => withTopicKeys({ ...paper, topics: ['cs.LG'], tracked: true }),
      () => undefined,
    );
    const rows = await db.getAll('papers');
    expect(rows.map((r) => [r.topics, r.tracked])).toEqual(rows.map(() => [['cs.LG'], true]));
    expect((await db.get('counts', '*'))?.days[DAY_OF]).toBe(rows.length);
    db.close();
  });

  it.each([2, 3, 4, 5])(
    'upgrades a version %i database to the stored search index and the follows unseen counts',
    async (version) => {
      const name = `pp-search-v${version}`;
      const old = await openDB<PaperPulseDB>(name, version, {
        upgrade: (db, from, to, tx) => runMigrations(db, from, to ?? version, tx as never),
      });
      await writeAsVersion(version)(old);
      old.close();

      const db = await openIndexDb(name);
      // The follow was seen up to 2 ms after 1970: the tracked v2 paper of its topic is unseen.
      expect(await db.get('follows', 'cs.LG')).toMatchObject({ seenUntil: 2, unseen: 1 });
      expect((await db.get('meta', 'papers.total'))?.value).toBe(2);
      const search = createStoredSearch(async () => db);
      expect((await search.search({ text: 'stored' })).hits).toEqual([]);
      expect(await buildQuietly(db)).toBe(2);
      search.changed();
      const found = await search.search({ text: 'stored version' });
      expect(found.hits.map((h) => h.id).sort()).toEqual([V1_PAPER.id, V2_PAPER.id]);
      expect((await search.search({ text: 'version', topic: 'cs.LG' })).hits.map((h) => h.id)).toEqual([
        V2_PAPER.id,
      ]);
      // Built once: a later pass has nothing to do.
      expect(await buildQuietly(db)).toBe(0);
      db.close();
    },
  );

  it('upgrades a version 6 database (search index built, unseen counts and paper total kept) to the corrections and the neighbouring words, keeping all of it', async () => {
    const name = 'pp-corrections-v6';
    const v5 = await openDB<PaperPulseDB>(name, 5, {
      upgrade: (db, from, to, tx) => runMigrations(db, from, to ?? 5, tx as never),
    });
    await writeAsVersion(5)(v5);
    v5.close();
    // Version 6 as it ran: its step counted the unseen papers and the total, then it built a search index of
    // format 1 (no neighbouring words), here its state as that build left it.
    const v6 = await openDB<PaperPulseDB>(name, 6, {
      upgrade: (db, from, to, tx) => runMigrations(db, from, to ?? 6, tx as never),
    });
    const built = {
      format: 1,
      tokenizer: 1,
      nextDoc: 2,
      live: 2,
      totalLength: 12,
      topics: [],
      build: { done: true },
    };
    await v6.put('meta', { key: 'search', value: built, version: 1 });
    v6.close();

    const db = await openIndexDb(name);
    expect(db.version).toBe(DB_VERSION);
    expect(await db.count('corrections')).toBe(0);
    expect(await db.get('follows', 'cs.LG')).toMatchObject({ seenUntil: 2, unseen: 1 });
    expect((await db.get('meta', 'papers.total'))?.value).toBe(2);
    // An index holding documents is built again, now with which words stand side by side.
    expect((await db.get('meta', 'search'))?.value).toMatchObject({ format: 1, nextDoc: 2 });
    expect(await buildQuietly(db)).toBe(2);
    expect(await db.count('searchPairs')).toBe(1);
    const search = createStoredSearch(async () => db);
    expect((await search.search({ text: 'stored version' })).hits.map((h) => h.id).sort()).toEqual([
      V1_PAPER.id,
      V2_PAPER.id,
    ]);
    // Nothing to build again.
    expect(await buildQuietly(db)).toBe(0);
    db.close();
  });
});
