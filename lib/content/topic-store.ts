import type { IndexInfo, TopicSummary } from '../messages/schemas';

export type StoreChange = ReadonlySet<string> | 'all';
type Listener = (change: StoreChange) => void;

export interface TopicStore {
  topic(id: string): TopicSummary | undefined;
  index(): IndexInfo | null;
  /** An annotate answer: its topics and the index state (listeners hear only the topics that changed). */
  merge(topics: Record<string, TopicSummary>, index: IndexInfo): void;
  /** One topic changed (followed, muted). */
  put(summary: TopicSummary): void;
  setIndex(index: IndexInfo): void;
  /** The listener hears which topic ids changed, or 'all' when the index state did. */
  subscribe(listener: Listener): () => void;
}

/**
 * What the page knows about topics, shared by every chip row on it: following a topic from one chip
 * updates every chip of that topic (2000 rows listen; each checks only the ids it shows).
 */
export function createTopicStore(): TopicStore {
  const topics = new Map<string, TopicSummary>();
  let index: IndexInfo | null = null;
  const listeners = new Set<Listener>();
  const emit = (change: StoreChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  const sameIndex = (a: IndexInfo | null, b: IndexInfo) =>
    a !== null &&
    a.filling === b.filling &&
    a.progress === b.progress &&
    a.cutoff === b.cutoff &&
    a.categories.join() === b.categories.join();

  return {
    topic: (id) => topics.get(id),
    index: () => index,
    merge(next, nextIndex) {
      // Only what changed: a listing's answers come in chunks that repeat the same common topics.
      const ids = new Set<string>();
      for (const [id, summary] of Object.entries(next)) {
        const was = topics.get(id);
        if (was && JSON.stringify(was) === JSON.stringify(summary)) continue;
        topics.set(id, summary);
        ids.add(id);
      }
      const indexChanged = !sameIndex(index, nextIndex);
      if (indexChanged) index = nextIndex; // the same object while unchanged: rows compare it by identity
      if (indexChanged) emit('all');
      else if (ids.size > 0) emit(ids);
    },
    put(summary) {
      topics.set(summary.id, summary);
      emit(new Set([summary.id]));
    },
    setIndex(nextIndex) {
      if (sameIndex(index, nextIndex)) return;
      index = nextIndex;
      emit('all');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
