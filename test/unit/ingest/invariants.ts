import { expect } from 'vitest';
import { DAY_MS } from '@/lib/ingest/plan';
import type { Paper } from '@/lib/paper';
import { shardOf } from '@/lib/store/annotations';
import { readAllCounts } from '@/lib/store/papers';
import type { IndexDb } from '@/lib/store/schema';
import { ALL_TOPICS } from '@/lib/store/schema';
import { lookupState, syncState } from '@/lib/store/sync-state';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { expectEmergingKept } from './emerging-invariants';

export interface World {
  /** Everything arXiv holds. */
  papers: readonly Paper[];
  /** Categories tracked when the test ends. */
  categories: readonly string[];
  /** When work was last planned: papers after it are not owed yet. */
  until: number;
  historyWeeks?: number;
  /** Every id ever queued for an id_list lookup. */
  lookedUp?: readonly string[];
}

/**
 * What must hold after any fault, checked from the database alone:
 * - the daily counts of every topic equal a recount of the stored papers (nothing counted twice or lost);
 * - no paper is stored twice (one row per bare id, one annotation entry per row, none without a row);
 * - no planned work is lost: every paper of a tracked category inside the history window is stored or
 *   still inside a pending range of that category, and every queued lookup is stored, still queued, or
 *   recorded as given up.
 */
export async function expectIndexInvariants(db: IndexDb, world: World): Promise<void> {
  const rows = await db.getAll('papers');

  const recount = new Map<string, Map<number, number>>();
  for (const row of rows) {
    if (!row.tracked) continue;
    const day = Math.floor(row.published / DAY_MS);
    for (const topic of [ALL_TOPICS, ...row.topics]) {
      const days = recount.get(topic) ?? new Map<number, number>();
      recount.set(topic, days);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
  }
  // A topic whose papers all went keeps an empty record: compare the days that have papers.
  const counts = new Map([...(await readAllCounts(db))].filter(([, days]) => days.size > 0));
  expect(counts, 'daily counts equal the stored papers').toEqual(recount);

  const bare = rows.map((r) => r.id.replace(/v\d+$/, ''));
  expect(new Set(bare).size, 'one row per paper').toBe(rows.length);
  const entries = new Map<string, string>();
  for (const shard of await db.getAll('annotations')) {
    for (const id of Object.keys(shard.papers)) {
      expect(shardOf(id), `annotation of ${id} in its own shard`).toBe(shard.shard);
      entries.set(id, shard.shard);
    }
  }
  expect([...entries.keys()].sort(), 'one annotation entry per stored paper').toEqual(
    rows.map((r) => r.id).sort(),
  );

  const stored = new Set(rows.map((r) => r.id));
  const state = await syncState.read(db);
  const windowStart = world.until - (world.historyWeeks ?? 12) * 7 * DAY_MS;
  const lost: string[] = [];
  for (const category of world.categories) {
    const sync = state.categories[category];
    expect(sync, `${category} is planned`).toBeDefined();
    for (const paper of world.papers) {
      if (!paper.categories.includes(category)) continue;
      if (paper.published < windowStart || paper.published > world.until || stored.has(paper.id)) continue;
      const owed = sync?.pending.some((task) => task.from <= paper.published && paper.published <= task.to);
      if (!owed) lost.push(`${category}: ${paper.id}`);
    }
  }
  expect(lost, 'papers neither stored nor still planned').toEqual([]);

  const lookup = await lookupState.read(db);
  const known = new Set(world.papers.map((p) => p.id));
  const dropped = (world.lookedUp ?? []).filter(
    (id) => known.has(id) && !stored.has(id) && !lookup.ids.includes(id) && !lookup.gaveUp.includes(id),
  );
  expect(dropped, 'queued lookups neither stored, queued nor given up').toEqual([]);
}

/** What a user owns that no fault of the index may touch: follows (with their seen marks) and saved papers. */
export async function ownData(db: IndexDb) {
  const [follows, saved] = await Promise.all([db.getAll('follows'), db.getAll('saved')]);
  return { follows, saved };
}

let fineTopic: ((id: string) => boolean) | undefined;

/**
 * What must hold after any fault, on top of expectIndexInvariants: Emerging's kept counts equal a recount
 * of the tracked papers (emerging-invariants.ts), the follows and saved papers are as they were before the
 * fault, and no promise rejection went unhandled (`unhandled`: the rejections watchUnhandledRejections saw).
 */
export async function expectFaultInvariants(
  db: IndexDb,
  before: Awaited<ReturnType<typeof ownData>>,
  unhandled: readonly unknown[],
): Promise<void> {
  expect(unhandled, 'no promise rejection went unhandled').toEqual([]);
  expect(await ownData(db), 'follows and saved papers are unchanged').toEqual(before);
  if (!fineTopic) {
    const catalog = createCatalog(loadPack());
    fineTopic = (id) => catalog.get(id)?.kind === 'fine';
  }
  await expectEmergingKept(db, fineTopic);
}
