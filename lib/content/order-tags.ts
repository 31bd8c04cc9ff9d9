import type { PaperTag, TopicSummary } from '../messages/schemas';

export interface ChipModel {
  tag: PaperTag;
  topic: TopicSummary;
}

/** A listing row shows at most this many fine (and user) topics: more is noise, not information. */
export const MAX_FINE_CHIPS = 6;

/**
 * The chips of a paper: fine (and the user's own) topics first, strongest first, at most MAX_FINE_CHIPS, then
 * the arXiv categories in the order the paper lists them, except the category of the listing the paper is
 * shown in (every row of /list/cs.AI carries cs.AI: a chip there says nothing). A tag whose topic the
 * background did not describe is left out rather than shown under a raw id.
 */
export function orderChips(
  tags: readonly PaperTag[],
  topicOf: (id: string) => TopicSummary | undefined,
  pageCategory?: string,
): ChipModel[] {
  const fine: ChipModel[] = [];
  const categories: ChipModel[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    const topic = topicOf(tag.id);
    if (!topic || seen.has(tag.id) || tag.id === pageCategory) continue;
    seen.add(tag.id);
    (topic.kind === 'category' ? categories : fine).push({ tag, topic });
  }
  fine.sort((a, b) => b.tag.score - a.tag.score);
  return [...fine.slice(0, MAX_FINE_CHIPS), ...categories];
}
