/** A pack topic covers a phrase when more than this share of the phrase's papers carry it. */
export const COVER_SHARE = 0.5;

/**
 * The topics that already cover an emerging phrase: carried by more than half of its papers, the least
 * carried first (ties by id), so a topic comes before its ancestors (a paper carries a topic's ancestors
 * too): "rising inside LLM Hallucination", not inside Large Language Models. None: new ground.
 */
export function coveringTopics(
  topicsPerPaper: readonly (readonly string[])[],
  share = COVER_SHARE,
): string[] {
  const counts = new Map<string, number>();
  for (const topics of topicsPerPaper)
    for (const t of new Set(topics)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n > share * topicsPerPaper.length)
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    .map(([t]) => t);
}
