import type { CountDelta } from '../store/paper-writes';
import { ALL_TOPICS } from '../store/schema';
import {
  computeMomentum,
  countInDaily,
  DAY_MS,
  type Holds,
  type Momentum,
  pickCutoff,
  type WeekCount,
  WINDOW_MS,
  weeklyCounts,
} from '.';
import { BURST_SHARE, rankTrending, type TrendCandidate, weekConcentration } from './trending';

/**
 * The daily counts of every topic, in memory, kept in step with the `counts` store by applying the
 * delta of every committed write. Momentum and charts are answered from here, never by scanning papers.
 * `holds` is the index's coverage (lib/momentum/coverage.ts): a topic is "new" only where it reaches back.
 */
export function createMomentumIndex(initial: Map<string, Map<number, number>>, holds: Holds = () => true) {
  const counts = initial;
  let coverage = holds;
  const cache = new Map<string, { momentum: Momentum; weekly: WeekCount[] }>();
  let cacheCutoff: number | null = null;
  let cacheHeld = false;
  // Counts changed (a write, a reset): what was worked out from them before is stale.
  let generation = 0;
  // T and whether the window before it was held, worked out once per generation, not once per topic: a
  // year's topic tree asks for some 3,000 topics' figures, and T reads every day of the index.
  let window: { generation: number; T: number | null; held: boolean } | undefined;

  function current() {
    if (window?.generation !== generation) {
      const T = cutoffOf(counts);
      const held = T !== null && coverage(T - 2 * WINDOW_MS + 1, T - WINDOW_MS);
      window = { generation, T, held };
    }
    return window;
  }

  const cutoff = () => current().T;

  function entry(topic: string) {
    const { T, held } = current();
    if (T === null) return null;
    if (T !== cacheCutoff || held !== cacheHeld) {
      cache.clear();
      cacheCutoff = T;
      cacheHeld = held;
    }
    let hit = cache.get(topic);
    if (!hit) {
      const daily = countInDaily(counts.get(topic) ?? new Map());
      const all = countInDaily(counts.get(ALL_TOPICS) ?? new Map());
      hit = { momentum: computeMomentum(daily, all, T, () => held), weekly: weeklyCounts(daily, T) };
      cache.set(topic, hit);
    }
    return hit;
  }

  return {
    cutoff,
    /** Changes whenever the counts do: answers built from them can be kept until it moves. */
    generation: () => generation,
    apply(delta: CountDelta) {
      generation++;
      addDelta(counts, delta);
      for (const topic of delta.keys()) cache.delete(topic);
      // The denominator changed: every topic's share and p-value change with it.
      if (delta.has(ALL_TOPICS)) cache.clear();
    },
    /** What the index holds changed (a page of a backfill, a new plan): "new" is judged on it from now. */
    setCoverage(next: Holds) {
      generation++;
      coverage = next;
    },
    reset(next: Map<string, Map<number, number>>) {
      generation++;
      counts.clear();
      for (const [k, v] of next) counts.set(k, v);
      cache.clear();
    },
    momentum: (topic: string) => entry(topic)?.momentum ?? null,
    daily: (topic: string): ReadonlyMap<number, number> => counts.get(topic) ?? new Map(),
    weekly: (topic: string) => entry(topic)?.weekly ?? [],
    /** Topics with any papers, for trending. */
    topics: () => [...counts.keys()].filter((t) => t !== ALL_TOPICS),
    /**
     * Rising and new topics worth showing, best first (lib/momentum/trending.ts): enough papers, ranked by the
     * cautious bound of their share's growth, bursts in one week flagged and ranked last.
     */
    trending(limit: number, include: (topic: string) => boolean): TrendCandidate[] {
      const T = cutoff();
      return T === null ? [] : rankedRises(counts, (topic) => entry(topic)?.momentum, T, include, limit);
    },
  };
}

export type MomentumIndex = ReturnType<typeof createMomentumIndex>;

/**
 * T: the end of the day before the newest day with papers. The newest day is still partial (arXiv
 * announces a day's late submissions with the next day's), the one before it is complete.
 */
function cutoffOf(counts: ReadonlyMap<string, Map<number, number>>): number | null {
  const all = counts.get(ALL_TOPICS);
  if (!all || all.size === 0) return null;
  const newestDay = Math.max(...all.keys());
  return pickCutoff((newestDay - 1) * DAY_MS);
}

function addDelta(counts: Map<string, Map<number, number>>, delta: CountDelta) {
  for (const [topic, days] of delta) {
    const map = counts.get(topic) ?? new Map<number, number>();
    counts.set(topic, map);
    for (const [day, change] of days) {
      const n = (map.get(day) ?? 0) + change;
      if (n > 0) map.set(day, n);
      else map.delete(day);
    }
  }
}

/** Topics whose momentum rises (or is new), best first, a rise mostly in one week flagged as a burst. */
function rankedRises(
  counts: ReadonlyMap<string, Map<number, number>>,
  momentumOf: (topic: string) => Momentum | undefined,
  T: number,
  include: (topic: string) => boolean,
  limit: number,
): TrendCandidate[] {
  const candidates: TrendCandidate[] = [];
  for (const [topic, daily] of counts) {
    if (topic === ALL_TOPICS || !include(topic)) continue;
    const momentum = momentumOf(topic);
    if (!momentum || (momentum.trend !== 'rising' && momentum.trend !== 'new')) continue;
    const week = weekConcentration(countInDaily(daily), T);
    candidates.push(
      week.share >= BURST_SHARE ? { topic, momentum, burstWeek: week.count } : { topic, momentum },
    );
  }
  return rankTrending(candidates).slice(0, limit);
}
