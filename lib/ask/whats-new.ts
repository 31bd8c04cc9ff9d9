import {
  type AskPaper,
  benchmarksOf,
  type CountedItem,
  countBy,
  type ExactAnswer,
  ITEMS,
  methodCandidates,
  methodsOf,
  newestFirst,
  WINDOW,
} from './exact-answers';

/** A rising thing needs at least this many papers in the last four weeks. */
export const RISING_MIN = 2;

/** The section of the phrases rising inside the topic (lib/discover/rising-inside.ts). */
export const RISING_PHRASES = 'Phrases rising inside this topic';

/**
 * "What's new in the last four weeks" as of the index's cut-off T: the papers in (T-28d, T] against the four
 * weeks before (the momentum's windows), the other topics rising inside this one, and the names (methods,
 * benchmarks) rising inside it. `topicName` names the topics to count (undefined leaves one out: the topic
 * itself, arXiv categories). `rising`: the phrases rising inside the topic, as Emerging finds them over its
 * papers (their `previous` counts the baseline weeks, `previousWeeks` of them); undefined leaves the section
 * out (too short a history for them).
 */
export function whatsNewAnswer(
  papers: readonly AskPaper[],
  T: number,
  topicName: (id: string) => string | undefined,
  topicNames = '',
  rising?: readonly CountedItem[],
): ExactAnswer {
  const recent = papers.filter((p) => p.published > T - WINDOW && p.published <= T);
  const previous = papers.filter((p) => p.published > T - 2 * WINDOW && p.published <= T - WINDOW);
  const windows: CountedItem = {
    key: 'recent',
    label: 'Papers in the last four weeks',
    count: recent.length,
    previous: previous.length,
    papers: newestFirst(recent).map((p) => p.id),
  };
  const topics = (p: AskPaper) =>
    new Map(p.topics.flatMap((id) => (topicName(id) === undefined ? [] : [[id, topicName(id)!] as const])));
  // Names are those the topic's papers define (older ones too): a name defined once is written bare later.
  const methods = methodCandidates(papers, topicNames);
  const names = (p: AskPaper) => new Map([...methodsOf(p, methods), ...benchmarksOf(p, methods)]);
  return {
    kind: 'new',
    counted: recent.length + previous.length,
    sections: [
      { title: 'Papers in the last four weeks', items: [windows] },
      { title: 'Rising subtopics', items: risingItems(recent, previous, topics) },
      { title: 'Rising names (methods, benchmarks)', items: risingItems(recent, previous, names) },
      ...(rising ? [{ title: RISING_PHRASES, items: rising.slice(0, ITEMS) }] : []),
    ],
  };
}

/** Keys with at least RISING_MIN papers in `recent` and more than in `previous`, the largest rise first. */
export function risingItems(
  recent: readonly AskPaper[],
  previous: readonly AskPaper[],
  keysOf: (paper: AskPaper) => ReadonlyMap<string, string>,
): CountedItem[] {
  const before = new Map(countBy(previous, keysOf, Number.POSITIVE_INFINITY).map((i) => [i.key, i.count]));
  return countBy(recent, keysOf, Number.POSITIVE_INFINITY)
    .map((item) => ({ ...item, previous: before.get(item.key) ?? 0 }))
    .filter((item) => item.count >= RISING_MIN && item.count > item.previous)
    .sort(
      (a, b) =>
        b.count - b.previous - (a.count - a.previous) || b.count - a.count || a.label.localeCompare(b.label),
    )
    .slice(0, ITEMS);
}
