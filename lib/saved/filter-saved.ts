import type { SavedPaper } from '../messages/schemas';

export type ReadState = 'all' | 'unread' | 'read';

export interface SavedFilter {
  /** Only papers with this topic; undefined for all. */
  topic?: string | undefined;
  state: ReadState;
}

/** The Saved page's list: filtered by topic and read state, most recently saved first. */
export function filterSaved(papers: readonly SavedPaper[], filter: SavedFilter): SavedPaper[] {
  return papers
    .filter((p) => filter.state === 'all' || p.read === (filter.state === 'read'))
    .filter((p) => !filter.topic || p.topics.some((t) => t.id === filter.topic))
    .sort((a, b) => b.savedAt - a.savedAt || a.id.localeCompare(b.id));
}

/** The topics of the saved papers with how many each has, most first (the topic filter's choices). */
export function savedTopics(papers: readonly SavedPaper[]): { id: string; name: string; count: number }[] {
  const byId = new Map<string, { id: string; name: string; count: number }>();
  for (const paper of papers) {
    for (const topic of paper.topics) {
      const entry = byId.get(topic.id) ?? { ...topic, count: 0 };
      entry.count++;
      byId.set(topic.id, entry);
    }
  }
  return [...byId.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
