import type { DiscoverPaper } from './acronym-aliases';
import { BASELINE_DAYS, type KeptBaseline, RECENT_DAYS } from './discover';
import { PhraseTrie } from './phrase-trie';
import { WordTable } from './word-table';

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** Weeks start on Monday 00:00 UTC (1970-01-05 was a Monday). */
const FIRST_MONDAY_MS = 4 * DAY_MS;
export const RECENT_WEEKS = RECENT_DAYS / 7;
export const BASELINE_WEEKS = BASELINE_DAYS / 7;

/** The week (a whole number) holding instant `ms`. */
export function weekOf(ms: number): number {
  return Math.floor((ms - FIRST_MONDAY_MS) / WEEK_MS);
}

/** The first instant of a week. */
export function weekStart(week: number): number {
  return week * WEEK_MS + FIRST_MONDAY_MS;
}

/** The as-of instant of an answer whose recent window ends with `week`: its last millisecond. */
export function weekEnd(week: number): number {
  return weekStart(week + 1) - 1;
}

/**
 * A phrase is kept in a week's counts only when at least this many of the week's papers use it. Measured on
 * the real corpus (arxiv-cs 2025-26, 700-2000 papers a week): all 1-4-word phrases of a week are 49-119
 * thousand keys, 1.2-3.0 MB as JSON, nine in ten of them used by one paper; those used by two or more are
 * 6-14 thousand keys, 100-270 kB. Sixteen weeks of all phrases (about 40 MB) is too much to keep in the
 * browser; sixteen of the kept ones are about 3 MB. The cost: a phrase used once in a baseline week counts 0
 * there, so its baseline can be short by one paper a week. The recent window is always counted from the
 * papers themselves (its papers are shown anyway), so only the baseline is approximate, and an emerging
 * phrase is rare in the baseline by definition.
 */
export const WEEK_KEEP_MIN = 2;

/** One week's kept counts: its papers, and papers per phrase key (phrases used by WEEK_KEEP_MIN or more). */
export interface WeekCounts {
  papers: number;
  phrases: Record<string, number>;
}

/** Counts one week's papers (each paper once per phrase), keeping the phrases that can matter. */
export function countWeek(papers: readonly DiscoverPaper[]): WeekCounts {
  const table = new WordTable();
  const trie = new PhraseTrie(table);
  for (const p of papers) trie.add({ title: table.encode(p.title), abstract: table.encode(p.abstract) }, 0);
  const phrases: Record<string, number> = {};
  for (const node of trie.phrases()) if (node.recent >= WEEK_KEEP_MIN) phrases[trie.keyOf(node)] = node.recent;
  return { papers: papers.length, phrases };
}

/** The baseline of an answer from its weeks' kept counts, summed. */
export function keptBaseline(weeks: readonly WeekCounts[]): KeptBaseline {
  const phrases = new Map<string, number>();
  let papers = 0;
  for (const week of weeks) {
    papers += week.papers;
    for (const [key, n] of Object.entries(week.phrases)) phrases.set(key, (phrases.get(key) ?? 0) + n);
  }
  return { papers, phrases };
}

/**
 * Papers per week of one phrase over the answer's sixteen weeks, oldest first: the baseline weeks from their
 * kept counts (0 where the phrase was not kept), the recent weeks from its papers' dates.
 */
export function phraseWeeks(
  key: string,
  lastWeek: number,
  baseline: ReadonlyMap<number, WeekCounts>,
  recentDates: readonly number[],
): number[] {
  const first = lastWeek - RECENT_WEEKS - BASELINE_WEEKS + 1;
  const counts: number[] = [];
  for (let w = first; w <= lastWeek - RECENT_WEEKS; w++) counts.push(baseline.get(w)?.phrases[key] ?? 0);
  for (let w = lastWeek - RECENT_WEEKS + 1; w <= lastWeek; w++) counts.push(0);
  for (const date of recentDates) {
    const i = weekOf(date) - first;
    if (i >= BASELINE_WEEKS && i < counts.length) counts[i]!++;
  }
  return counts;
}
