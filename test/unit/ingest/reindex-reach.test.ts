import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { reachPlanOf } from '@/lib/background/indexing';
import { type ReachPlan, reindex } from '@/lib/ingest/reindex';
import { toStored } from '@/lib/ingest/to-stored';
import type { Paper } from '@/lib/paper';
import { buildSearchIndex } from '@/lib/search/build-search';
import { reachCandidates } from '@/lib/search/reach-candidates';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import type { IndexDb } from '@/lib/store/schema';
import { reindexState } from '@/lib/store/sync-state';
import { tagState } from '@/lib/store/tag-state';
import { type Catalog, createCatalog } from '@/lib/topics/catalog';
import type { CompiledPack } from '@/lib/topics/load-pack';
import { changedTopics } from '@/lib/topics/reach-test';
import type { UserTopic } from '@/lib/topics/tagger';
import { CHANGES, variantPack } from '@/test/bench/reach-variants';
import { REACH_CATEGORIES, reachPapers } from '../helpers/reach-papers';

/**
 * The re-tag that touches only what changed gives the index the full re-tag gives it, row for row and
 * annotation for annotation, on real papers (216 of the corpus, chosen so that each change below alters some
 * of them), while tagging fewer papers.
 */

const CATEGORIES = REACH_CATEGORIES;
const papers = reachPapers;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/**
 * An index as `catalog` left it after a completed re-tag (its state recorded), under target 'old', with its
 * search index built (unless `search` is false: then no word can narrow what a re-tag reads).
 */
async function indexTaggedBy(name: string, catalog: Catalog, search = true): Promise<IndexDb> {
  const db = await openIndexDb(name);
  if (search) await buildSearchIndex(db);
  await writePapers(
    db,
    papers.map((p) => toStored(catalog, CATEGORIES, p)),
  );
  await reindexState.write(db, { target: 'old', done: true });
  await tagState.write(db, catalog.taggingState(CATEGORIES));
  return db;
}

/** The background's plan: the reach test, and the rows read found from the search index's words. */
const planOf = (catalog: Catalog): ReachPlan => reachPlanOf(catalog, CATEGORIES);

/** Everything the re-tag writes: rows, annotation shards, counts. */
async function contents(db: IndexDb) {
  return {
    papers: await db.getAll('papers'),
    annotations: await db.getAll('annotations'),
    counts: (await db.getAll('counts')).filter((c) => Object.keys(c.days).length > 0),
  };
}

/** Re-tags an index made by `before` with `after`, both ways; returns what each did and holds. */
async function bothWays(name: string, before: Catalog, after: Catalog, kill?: number, search = true) {
  const tag = (p: Paper) => toStored(after, CATEGORIES, p);
  const full = await indexTaggedBy(`${name}-full`, before, search);
  const fullRun = await reindex(full, 'new', tag, () => undefined, 50);
  const reach = await indexTaggedBy(`${name}-reach`, before, search);
  // Of how many rows the re-tag said it read (undefined: all of them).
  let read: number | undefined;
  const progress = (_: number, of?: number) => {
    read = of;
  };
  let calls = 0;
  const dying = (p: Paper) => {
    if (++calls === kill) throw new Error('worker stopped');
    return tag(p);
  };
  let reachRun = await reindex(
    reach,
    'new',
    dying,
    () => undefined,
    50,
    progress,
    undefined,
    () => planOf(after),
  ).catch(() => undefined);
  // A killed re-tag resumes from its cursor, still touching only what the change reaches.
  reachRun ??= await reindex(
    reach,
    'new',
    tag,
    () => undefined,
    50,
    progress,
    undefined,
    () => planOf(after),
  );
  const result = {
    full: { run: fullRun, ...(await contents(full)) },
    reach: { run: reachRun, ...(await contents(reach)), cursor: await reindexState.read(reach), read },
    recorded: await tagState.read(reach),
  };
  full.close();
  reach.close();
  return result;
}

const packs = new Map<string, CompiledPack>();
const packOf = (change: (typeof CHANGES)[number], which: 'old' | 'now') => {
  const key = `${change.name}|${which}`;
  if (!packs.has(key)) packs.set(key, variantPack(change[which]));
  return packs.get(key)!;
};

describe('re-tag of only the papers a change can reach', () => {
  for (const change of CHANGES) {
    it(`gives every row and annotation the full re-tag gives: ${change.name}`, async () => {
      const before = createCatalog(packOf(change, 'old'));
      const after = createCatalog(packOf(change, 'now'));
      const r = await bothWays(change.name.slice(0, 20), before, after);
      expect(r.reach.papers).toEqual(r.full.papers);
      expect(r.reach.annotations).toEqual(r.full.annotations);
      expect(r.reach.counts).toEqual(r.full.counts);
      expect(r.reach.run.rewritten).toBe(r.full.run.rewritten);
      // It did skip papers: those no changed topic can reach were not tagged.
      expect(r.reach.cursor.reach).toBe(true);
      expect(r.reach.run.tagged).toBeLessThan(papers.length);
      expect(r.full.run.tagged).toBe(papers.length);
      expect(r.recorded).toEqual(after.taggingState(CATEGORIES));
      // It read only the rows the search index's words allow, those it tagged among them.
      expect(r.reach.read).toBeLessThan(papers.length);
      expect(r.reach.run.tagged).toBeLessThanOrEqual(r.reach.read!);
    }, 60_000);
  }

  it('lists, from the search index, every row the reach test passes, and fewer than all', async () => {
    for (const change of CHANGES) {
      const before = createCatalog(packOf(change, 'old'));
      const after = createCatalog(packOf(change, 'now'));
      const db = await indexTaggedBy(`listed-${change.name.slice(0, 20)}`, before);
      const old = before.taggingState(CATEGORIES);
      const now = after.taggingState(CATEGORIES);
      const test = after.reach(old, now)!;
      const listed = new Set(await reachCandidates(db, changedTopics(old, now)!));
      const rows = await db.getAll('papers');
      const passed = rows.filter(test).map((row) => row.id);
      expect(passed.filter((id) => !listed.has(id))).toEqual([]);
      expect(listed.size).toBeLessThan(rows.length);
      db.close();
    }
  }, 60_000);

  it('reads every row, with the same result, when the index has no search index to narrow it', async () => {
    const change = CHANGES[0]!;
    const r = await bothWays(
      'unsearched',
      createCatalog(packOf(change, 'old')),
      createCatalog(packOf(change, 'now')),
      undefined,
      false,
    );
    expect(r.reach.papers).toEqual(r.full.papers);
    expect(r.reach.annotations).toEqual(r.full.annotations);
    expect(r.reach.read).toBeUndefined();
    expect(r.reach.cursor.checked).toBe(papers.length);
  }, 60_000);

  it('resumes a killed re-tag from its cursor with the same result', async () => {
    const change = CHANGES[0]!;
    const before = createCatalog(packOf(change, 'old'));
    const after = createCatalog(packOf(change, 'now'));
    const r = await bothWays('killed', before, after, 5);
    expect(r.reach.papers).toEqual(r.full.papers);
    expect(r.reach.annotations).toEqual(r.full.annotations);
    // Resumed, it reads the same rows as it started with: its count goes on from where it stopped.
    expect(r.reach.cursor).toMatchObject({ done: true, reach: true, checked: r.reach.read });
  }, 60_000);

  it('re-tags every paper when a user topic is added or edited (not yet narrowed), with the same result', async () => {
    const pack = packOf(CHANGES[0]!, 'now');
    const topic: UserTopic = { id: 'user-synthetic', name: 'Synthetic', query: '"synthetic data"' };
    const edits: [UserTopic[], UserTopic[]][] = [
      [[], [topic]],
      [[topic], [{ ...topic, query: '"synthetic data" OR augmentation' }]],
    ];
    for (const [was, is] of edits) {
      const before = createCatalog(pack);
      before.setUserTopics(was);
      const after = createCatalog(pack);
      after.setUserTopics(is);
      const r = await bothWays(`user-${is[0]!.query.length}`, before, after);
      expect(r.reach.papers).toEqual(r.full.papers);
      expect(r.reach.annotations).toEqual(r.full.annotations);
      expect(r.reach.run.tagged).toBe(papers.length);
      expect(r.reach.papers.some((p) => p.topics.includes('user-synthetic'))).toBe(true);
    }
  }, 60_000);

  it('re-tags every paper when the tracked categories change', async () => {
    const catalog = createCatalog(packOf(CHANGES[0]!, 'now'));
    const db = await indexTaggedBy('categories', catalog);
    const now = catalog.taggingState(['cs.AI']);
    const plan: ReachPlan = { state: now, test: (old) => catalog.reach(old, now) };
    const run = await reindex(
      db,
      'new',
      (p) => toStored(catalog, ['cs.AI'], p),
      () => undefined,
      50,
      undefined,
      undefined,
      () => plan,
    );
    expect(run.tagged).toBe(papers.length);
    expect((await reindexState.read(db)).reach).toBe(false);
    db.close();
  }, 60_000);
});
