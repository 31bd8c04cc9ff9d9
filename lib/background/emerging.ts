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

/** How many phrases an answer keeps (the page shows them all, the popup the first few). */
export const EMERGING_KEPT = 30;

export interface EmergingDeps {
  db: () => Promise<IndexDb>;
  /** Whether a topic id names a fine pack topic (the only ones a phrase is "rising inside"). */
  isFineTopic: (id: string) => boolean;
}

function discoverPaper(paper: StoredPaper): DiscoverPaper {
  return {
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    categories: paper.categories,
    date: paper.published,
  };
}

/** The sixteen weeks of an answer whose recent window ends with `lastWeek`. */
function answerWeeks(lastWeek: number): { first: number; firstRecent: number } {
  return { first: firstAnswerWeek(lastWeek), firstRecent: lastWeek - RECENT_WEEKS + 1 };
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
async function keptWeek(db: IndexDb, week: number): Promise<WeekCounts> {
  const from = weekStart(week);
  const to = weekStart(week + 1);
  const [record, now] = await Promise.all([readEmergingWeek(db, week), holdings(db, from, to)]);
  if (record && record.stored === now.stored && record.tracked === now.tracked) return record;
  const counts = await countWeekSliced((await trackedPapersBetween(db, from, to)).map(discoverPaper));
  await putEmergingWeek(db, { week, ...now, ...counts });
  return counts;
}

interface Position {
  lastWeek: number;
  stored: number;
  tracked: number;
}

/** Counts what is missing and computes the answer for the weeks ending with `lastWeek`. */
async function computeAnswer(
  deps: EmergingDeps,
  { lastWeek, stored, tracked }: Position,
): Promise<EmergingAnswer> {
  const db = await deps.db();
  const { first, firstRecent } = answerWeeks(lastWeek);
  const baseline = new Map<number, WeekCounts>();
  for (let w = first; w < firstRecent; w++) baseline.set(w, await keptWeek(db, w));
  // About 400 kB a week: the store holds the twelve weeks an answer reads, not every week ever counted.
  await deleteEmergingWeeksBefore(db, first);
  const recent = await trackedPapersBetween(db, weekStart(firstRecent), weekStart(lastWeek + 1));
  const byId = new Map(recent.map((p) => [p.id, p]));
  const topicsOf = (paper: DiscoverPaper) => (byId.get(paper.id)?.topics ?? []).filter(deps.isFineTopic);
  const found = await discoverEmergingSliced(
    recent.map(discoverPaper),
    weekEnd(lastWeek),
    topicsOf,
    EMERGING_KEPT,
    keptBaseline([...baseline.values()]),
  );
  const phrases = found.map((e) => ({
    ...e,
    weekly: phraseWeeks(
      e.key,
      lastWeek,
      baseline,
      e.papers.map((id) => byId.get(id)?.published ?? 0),
    ),
  }));
  return { lastWeek, stored, tracked, phrases };
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

  /** Where the index stands: the newest week, and its (tracked) papers in the answer's weeks; undefined when empty. */
  async function position(): Promise<Position | undefined> {
    const db = await deps.db();
    const newest = await newestPublished(db);
    if (newest === undefined) return undefined;
    const lastWeek = weekOf(newest);
    return {
      lastWeek,
      ...(await holdings(db, weekStart(answerWeeks(lastWeek).first), weekStart(lastWeek + 1))),
    };
  }

  async function run(): Promise<EmergingAnswer | undefined> {
    const db = await deps.db();
    const [kept, now] = await Promise.all([emergingAnswer.read(db), position()]);
    if (!now) return undefined;
    const same =
      kept?.lastWeek === now.lastWeek && kept.stored === now.stored && kept.tracked === now.tracked;
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
