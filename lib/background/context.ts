import type { IndexInfo, PaperRow, TopicSummary } from '../messages/schemas';
import type { Paper } from '../paper';
import type { Settings } from '../settings';
import { type Follows, loadFollows } from '../store/follows';
import { loadMutes, type Mutes } from '../store/mutes';
import { readAllCounts, withTopicKeys } from '../store/papers';
import type { IndexDb, IndexedPaper, StoredPaper } from '../store/schema';
import { type UserTopicStore, userTopicStore } from '../store/user-topics';
import type { Catalog } from './catalog';
import { createMomentumIndex, type MomentumIndex } from './momentum-index';

/** What the handlers share: the database, the topic catalog, counts, and the follows, mutes and custom topics. */
export interface BackgroundContext {
  db(): Promise<IndexDb>;
  catalog: Catalog;
  momentum: MomentumIndex;
  follows: Follows;
  mutes: Mutes;
  userTopics: UserTopicStore;
  settings(): Promise<Settings>;
  /** Read-modify-write of the settings, one at a time (lib/settings.ts createSettingsUpdater). */
  updateSettings(change: (current: Settings) => Settings): Promise<Settings>;
  now(): number;
  /** Sync progress as the ingestion sees it. */
  progress(): Promise<{ running: boolean; progress: number }>;
  /** Something the toolbar badge depends on changed (follows, seen marks, new papers). */
  changed(): void;
}

/** Loads the in-memory parts (counts, follows, mutes, user topics) from the database. */
export async function loadState(db: () => Promise<IndexDb>, catalog: Catalog) {
  const [counts, follows, mutes] = await Promise.all([
    readAllCounts(await db()),
    loadFollows(db),
    loadMutes(db),
  ]);
  const userTopics = userTopicStore(db, follows, mutes);
  catalog.setUserTopics(await userTopics.all());
  return { momentum: createMomentumIndex(counts), follows, mutes, userTopics };
}

export function topicSummary(ctx: BackgroundContext, id: string): TopicSummary {
  const topic = ctx.catalog.get(id);
  const summary: TopicSummary = {
    id,
    name: topic?.name ?? id,
    kind: topic?.kind ?? 'fine',
    followed: ctx.follows.has(id),
    muted: ctx.mutes.has(id),
    momentum: ctx.momentum.momentum(id),
    weekly: ctx.momentum.weekly(id).map((w) => w.count),
  };
  if (topic?.expansion) summary.expansion = topic.expansion;
  return summary;
}

export async function indexInfo(ctx: BackgroundContext): Promise<IndexInfo> {
  const [settings, sync] = await Promise.all([ctx.settings(), ctx.progress()]);
  const cutoff = ctx.momentum.cutoff();
  return {
    categories: settings.categories,
    cutoff,
    // Momentum needs the whole history window: until the first backfill is through, it is not known.
    filling: cutoff === null || (sync.running && sync.progress < 1),
    progress: sync.progress,
  };
}

export function paperRow(
  ctx: BackgroundContext,
  paper: StoredPaper | (Paper & { topics: string[] }),
): PaperRow {
  return {
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    authors: paper.authors,
    authorCount: paper.authorCount,
    primary: paper.primary,
    categories: paper.categories,
    published: paper.published,
    topics: orderTopics(ctx, paper.topics).map((id) => ({ id, name: ctx.catalog.name(id) })),
  };
}

/** Fine and user topics first (the tagger's order), arXiv categories last. */
export function orderTopics(ctx: BackgroundContext, ids: readonly string[]): string[] {
  const isCategory = (id: string) => ctx.catalog.get(id)?.kind === 'category';
  return [...ids.filter((id) => !isCategory(id)), ...ids.filter(isCategory)];
}

/** Stored form of an API paper: tagged with the catalog in force, tracked when in a tracked category. */
export function toStored(catalog: Catalog, categories: readonly string[], paper: Paper): IndexedPaper {
  const tags = catalog.tag(paper).map((t) => ({ id: t.topicId, score: t.score, evidence: t.evidence }));
  const topics = tags.map((t) => t.id);
  const tracked = paper.categories.some((c) => categories.includes(c));
  return { ...withTopicKeys({ ...paper, topics, packVersion: catalog.signature, tracked }), tags };
}
