import type { DiscoverPaper } from '../discover/acronym-aliases';
import type { EmergingPhrase } from '../discover/emerging';
import { type InsideTopic, risingInsideSliced } from '../discover/rising-inside';
import { RECENT_WEEKS, weekEnd, weekStart } from '../discover/weekly';
import { countTopicPapers, topicPapersIn } from '../store/papers';
import type { IndexDb, StoredPaper } from '../store/schema';
import { currentWeeks, discoverPaper, EMERGING_KEPT } from './emerging';

export interface RisingInsideDeps {
  db: () => Promise<IndexDb>;
  /** Whether a topic id names a fine pack topic (the only ones `coveredBy` names, as in Emerging). */
  isFineTopic: (id: string) => boolean;
  /** As Emerging's (lib/background/emerging.ts): from when the index holds every tracked category. */
  historyStart: () => Promise<number | undefined>;
  /** Between two slices of the count (page-first.ts); a macrotask by default. */
  pause?: (() => Promise<void>) | undefined;
}

/** The phrases rising inside one topic, over Emerging's weeks. */
export interface RisingInsideAnswer {
  firstWeek: number;
  lastWeek: number;
  /** The topic's (tracked) papers in the recent window and in the baseline weeks: the test's denominators. */
  recentPapers: number;
  baselinePapers: number;
  phrases: Omit<EmergingPhrase, 'expansion'>[];
}

/** Answers kept in memory: a few topic pages (and their Ask) open at once. */
const KEPT_TOPICS = 4;
const DAY_MS = 86_400_000;

/**
 * The phrases rising inside a topic, worked out in the background one slice a macrotask from the topic's
 * papers in Emerging's weeks (read a day at a time, so the worker keeps answering pages), and kept in memory
 * while the weeks and the topic's paper count stay the same; `forget` drops them all (after a pass wrote).
 */
export function createRisingInside(deps: RisingInsideDeps) {
  const kept = new Map<string, { stamp: string; answer: Promise<RisingInsideAnswer | undefined> }>();

  async function answer(topic: InsideTopic): Promise<RisingInsideAnswer | undefined> {
    const db = await deps.db();
    const weeks = await currentWeeks(db, deps.historyStart);
    if (!weeks) return undefined;
    const from = weekStart(weeks.firstWeek);
    const asOf = weekEnd(weeks.lastWeek);
    const count = await countTopicPapers(db, topic.id, from - 1, asOf);
    const stamp = JSON.stringify([weeks, count, topic.names]);
    const found = kept.get(topic.id);
    kept.delete(topic.id);
    if (found?.stamp === stamp) {
      kept.set(topic.id, found);
      return found.answer;
    }
    const computed = compute(db, topic, from, { ...weeks });
    // A failed count is not kept: the next ask tries again.
    computed.catch(() => kept.delete(topic.id));
    kept.set(topic.id, { stamp, answer: computed });
    for (const id of kept.keys()) if (kept.size > KEPT_TOPICS) kept.delete(id);
    return computed;
  }

  async function compute(
    db: IndexDb,
    topic: InsideTopic,
    from: number,
    weeks: { firstWeek: number; lastWeek: number },
  ): Promise<RisingInsideAnswer> {
    const asOf = weekEnd(weeks.lastWeek);
    const rows = await papersOf(db, topic.id, from, asOf);
    const byId = new Map(rows.map((p) => [p.id, p]));
    const topicsOf = (paper: DiscoverPaper) => (byId.get(paper.id)?.topics ?? []).filter(deps.isFineTopic);
    const found = await risingInsideSliced(
      rows.map(discoverPaper),
      asOf,
      topic,
      topicsOf,
      EMERGING_KEPT,
      deps.pause,
    );
    const recentFrom = weekStart(weeks.lastWeek - RECENT_WEEKS + 1);
    const recentPapers = rows.filter((p) => p.published >= recentFrom).length;
    return {
      ...weeks,
      recentPapers,
      baselinePapers: rows.length - recentPapers,
      phrases: found.map(({ expansion: _e, ...e }) => e),
    };
  }

  return { answer, forget: () => kept.clear() };
}

export type RisingInside = ReturnType<typeof createRisingInside>;

/** A topic's tracked papers published in [from, asOf], a day a read (a busy category has ~1,000 a day). */
async function papersOf(db: IndexDb, topic: string, from: number, asOf: number): Promise<StoredPaper[]> {
  const papers: StoredPaper[] = [];
  for (let start = from; start <= asOf; start += DAY_MS) {
    papers.push(...(await topicPapersIn(db, topic, start - 1, Math.min(start + DAY_MS - 1, asOf))));
  }
  return papers;
}
