import type { DiscoverPaper } from '../discover/acronym-aliases';
import { discoverEmergingSliced } from '../discover/emerging';
import {
  countWeekSliced,
  firstAnswerWeek,
  keptBaseline,
  phraseWeeks,
  RECENT_WEEKS,
  type WeekCounts,
  weekEnd,
  weekOf,
  weekStart,
} from '../discover/weekly';
import {
  countPapersBetween,
  deleteEmergingWeeksBefore,
  type EmergingAnswer,
  emergingAnswer,
  newestPublished,
  putEmergingWeek,
  readEmergingWeek,
  trackedBetween,
  trackedPapersBetween,
  trackedPerDay,
} from '../store/emerging';
import type { IndexDb, StoredPaper } from '../store/schema';
import { TOKENIZER_VERSION } from '../text/words';

/** How many phrases an answer keeps (the page shows them all, the popup the first few). */
export const EMERGING_KEPT = 30;

export interface EmergingDeps {
  db: () => Promise<IndexDb>;
  /** Whether a topic id names a fine pack topic (the only ones a phrase is "rising inside"). */
  isFineTopic: (id: string) => boolean;
  /**
   * From when the index holds every tracked category (lib/ingest/plan.ts: coveredSince); undefined when
   * not known. An answer counts no week before it: a week the index never fetched would look like a quiet one.
   */
  historyStart: () => Promise<number | undefined>;
  /** Between two slices of a count (page-first.ts: pages' requests go first); a macrotask by default. */
  pause?: (() => Promise<void>) | undefined;
}

/** Fewer baseline weeks than this (a history window under 8 weeks) gives no answer. */
export const MIN_BASELINE_WEEKS = 3;

/** A stored paper as discovery reads it (its date: the first version). */
export function discoverPaper(paper: StoredPaper): DiscoverPaper {
  return {
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    categories: paper.categories,
    date: paper.published,
  };
}

/**
 * The weeks of an answer whose recent window ends with `lastWeek`: sixteen, or as many whole weeks as the
 * index holds since `since`; undefined when that leaves fewer than MIN_BASELINE_WEEKS baseline weeks.
 */
export function answerWeeks(
  lastWeek: number,
  since: number | undefined,
): { first: number; firstRecent: number } | undefined {
  if (since === undefined) return undefined;
  const firstWhole = weekStart(weekOf(since)) === since ? weekOf(since) : weekOf(since) + 1;
  const first = Math.max(firstAnswerWeek(lastWeek), firstWhole);
  const firstRecent = lastWeek - RECENT_WEEKS + 1;
  return firstRecent - first >= MIN_BASELINE_WEEKS ? { first, firstRecent } : undefined;
}

/** Where the index stands in [from, to): its papers, and its tracked papers (only these are counted). */
async function holdings(db: IndexDb, from: number, to: number): Promise<{ stored: number; tracked: number }> {
  const [stored, days] = await Promise.all([countPapersBetween(db, from, to), trackedPerDay(db)]);
  return { stored, tracked: trackedBetween(days, from, to) };
}

/**
 * A baseline week's kept counts: read, or counted from its papers when missing or when the index now holds
 * another number of papers in it (papers were written since) or of tracked papers (a category was tracked or
 * untracked: the same papers, other ones counted). Only that week's papers are read.
 */
async function keptWeek(db: IndexDb, week: number, pause?: () => Promise<void>): Promise<WeekCounts> {
  const from = weekStart(week);
  const to = weekStart(week + 1);
  const [record, now] = await Promise.all([readEmergingWeek(db, week), holdings(db, from, to)]);
  if (record && record.stored === now.stored && record.tracked === now.tracked) return record;
  const counts = await countWeekSliced((await trackedPapersBetween(db, from, to)).map(discoverPaper), pause);
  await putEmergingWeek(db, { week, ...now, ...counts });
  return counts;
}

interface Position {
  lastWeek: number;
  firstWeek: number;
  stored: number;
  tracked: number;
}

/**
 * The weeks an answer reads now: its recent window ends with the newest paper's week, its baseline starts
 * where `answerWeeks` says; undefined when the index is empty or holds too short a history. Emerging and
 * the phrases rising inside a topic (rising-inside.ts) read the same weeks.
 */
export async function currentWeeks(
  db: IndexDb,
  historyStart: () => Promise<number | undefined>,
): Promise<{ lastWeek: number; firstWeek: number } | undefined> {
  const [newest, since] = await Promise.all([newestPublished(db), historyStart()]);
  if (newest === undefined) return undefined;
  const lastWeek = weekOf(newest);
  const weeks = answerWeeks(lastWeek, since);
  return weeks && { lastWeek, firstWeek: weeks.first };
}

/** Counts what is missing and computes the answer for the weeks from `firstWeek` to `lastWeek`. */
async function computeAnswer(
  deps: EmergingDeps,
  { lastWeek, firstWeek, stored, tracked }: Position,
): Promise<EmergingAnswer> {
  const db = await deps.db();
  const firstRecent = lastWeek - RECENT_WEEKS + 1;
  const baseline = new Map<number, WeekCounts>();
  for (let w = firstWeek; w < firstRecent; w++) baseline.set(w, await keptWeek(db, w, deps.pause));
  // About 600 kB a week: the store holds the twelve weeks an answer reads, not every week ever counted.
  await deleteEmergingWeeksBefore(db, firstWeek);
  const recent = await trackedPapersBetween(db, weekStart(firstRecent), weekStart(lastWeek + 1));
  const byId = new Map(recent.map((p) => [p.id, p]));
  const topicsOf = (paper: DiscoverPaper) => (byId.get(paper.id)?.topics ?? []).filter(deps.isFineTopic);
  const found = await discoverEmergingSliced(
    recent.map(discoverPaper),
    weekEnd(lastWeek),
    topicsOf,
    EMERGING_KEPT,
    keptBaseline([...baseline.values()]),
    deps.pause,
  );
  const phrases = found.map(({ expansion, ...e }) => ({
    ...e,
    weekly: phraseWeeks(
      { key: e.key, expansion },
      firstWeek,
      lastWeek,
      baseline,
      e.papers.map((id) => byId.get(id)?.published ?? 0),
    ),
  }));
  return { tokenizer: TOKENIZER_VERSION, lastWeek, firstWeek, stored, tracked, phrases };
}

/**
 * Emerging phrases of the index, kept: per-week phrase counts in `emergingWeeks` (each week counted once,
 * and again only when papers are written into it or tracked anew) and the last answer in `meta`. `answer`
 * returns the kept answer when the index holds the same papers and tracked papers in its weeks, else counts
 * what changed first (the background
 * calls it after each ingest pass). `shown` is what an open asks: the kept answer at once (brought up to date
 * behind it, for the next open), counting only when none is kept. One count runs at a time.
 */
export function createEmerging(deps: EmergingDeps) {
  let running: Promise<EmergingAnswer | undefined> | undefined;

  /**
   * Where the index stands: the newest week, the first the answer counts, and its (tracked) papers in the
   * answer's weeks; undefined when empty or holding too short a history.
   */
  async function position(): Promise<Position | undefined> {
    const db = await deps.db();
    const weeks = await currentWeeks(db, deps.historyStart);
    if (!weeks) return undefined;
    return { ...weeks, ...(await holdings(db, weekStart(weeks.firstWeek), weekStart(weeks.lastWeek + 1))) };
  }

  async function run(): Promise<EmergingAnswer | undefined> {
    const db = await deps.db();
    const [kept, now] = await Promise.all([emergingAnswer.read(db), position()]);
    if (!now) {
      // Too short a history now (the window was shortened, a category tracked anew): no answer is kept.
      if (kept) await emergingAnswer.write(db, undefined);
      return undefined;
    }
    const same =
      kept?.lastWeek === now.lastWeek &&
      kept.firstWeek === now.firstWeek &&
      kept.stored === now.stored &&
      kept.tracked === now.tracked;
    if (kept && same) return kept;
    const answer = await computeAnswer(deps, now);
    await emergingAnswer.write(db, answer);
    return answer;
  }

  function answer(): Promise<EmergingAnswer | undefined> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    answer,
    async shown(): Promise<EmergingAnswer | undefined> {
      const kept = await emergingAnswer.read(await deps.db());
      if (!kept) return answer();
      void answer().catch(() => undefined);
      return kept;
    },
  };
}

export type Emerging = ReturnType<typeof createEmerging>;
