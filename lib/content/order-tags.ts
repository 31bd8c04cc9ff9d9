import type { PaperTag, TopicSummary } from '../message-schemas';

export interface ChipModel {
  tag: PaperTag;
  topic: TopicSummary;
}

/**
 * The chips of a paper: fine (and the user's own) topics first, strongest first, then the arXiv
 * categories in the order the paper lists them. A tag whose topic the background did not describe is
 * left out rather than shown under a raw id.
 */
export function orderChips(
  tags: readonly PaperTag[],
  topicOf: (id: string) => TopicSummary | undefined,
): ChipModel[] {
  const fine: ChipModel[] = [];
  const categories: ChipModel[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    const topic = topicOf(tag.id);
    if (!topic || seen.has(tag.id)) continue;
    seen.add(tag.id);
    (topic.kind === 'category' ? categories : fine).push({ tag, topic });
  }
  fine.sort((a, b) => b.tag.score - a.tag.score);
  return [...fine, ...categories];
}
