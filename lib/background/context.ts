import type { MomentumIndex } from '../momentum/momentum-index';
import type { Settings } from '../settings';
import { type Corrections, loadCorrections } from '../store/corrections';
import type { Follows } from '../store/follows';
import { loadFollows } from '../store/follows';
import type { Mutes } from '../store/mutes';
import { loadMutes } from '../store/mutes';
import { readAllCounts } from '../store/papers';
import type { IndexDb } from '../store/schema';
import { type UserTopicStore, userTopicStore } from '../store/user-topics';
import type { Catalog } from '../topics/catalog';

/** What the handlers share: the database, the topic catalog, counts, and the follows, mutes and custom topics. */
export interface BackgroundContext {
  db(): Promise<IndexDb>;
  catalog: Catalog;
  momentum: MomentumIndex;
  follows: Follows;
  mutes: Mutes;
  /** The reader's "Not this topic" marks, by paper. */
  corrections: Corrections;
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

/** The context without what is loaded from the database. */
export type ContextParts = Omit<BackgroundContext, 'follows' | 'mutes' | 'corrections' | 'userTopics'>;

/**
 * Loads what the handlers read from memory (daily counts, follows, mutes, custom topics in the catalog),
 * once per worker life, and gives the context: no handler runs before it is complete.
 */
export async function loadContext(parts: ContextParts): Promise<BackgroundContext> {
  const [counts, follows, mutes, corrections] = await Promise.all([
    readAllCounts(await parts.db()),
    loadFollows(parts.db),
    loadMutes(parts.db),
    loadCorrections(parts.db),
  ]);
  parts.momentum.reset(counts);
  const userTopics = userTopicStore(parts.db, follows, mutes);
  parts.catalog.setUserTopics(await userTopics.all());
  return { ...parts, follows, mutes, corrections, userTopics };
}
