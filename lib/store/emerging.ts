import { z } from 'zod';
import { ONCE_BITS } from '../discover/weekly';
import { EmergingCountsSchema } from '../messages/schemas';
import { TOKENIZER_VERSION } from '../text/words';
import { defineMetaKey } from './meta';
import { ALL_TOPICS, type EmergingWeekRecord, type IndexDb, type StoredPaper } from './schema';

/** One emerging phrase as the background keeps and answers it (lib/discover's EmergingPhrase plus its weeks). */
export const EmergingEntrySchema = EmergingCountsSchema.extend({
  /** The folded words its counts are kept under. */
  key: z.string(),
  /** Ids of the pack topics that cover it ("rising inside"); empty: new. */
  coveredBy: z.array(z.string()),
});
export type EmergingEntry = z.infer<typeof EmergingEntrySchema>;

/**
 * The last answer, kept so that opening the popup reads it instead of counting: it holds while the index
 * holds the same number of papers, and of tracked papers, in the same weeks (`firstWeek` to `lastWeek`,
 * `stored`, `tracked`). Version 2 added `tracked`, version 3 `firstWeek` (sixteen weeks, or fewer when the
 * index holds less history), version 4 `tokenizer` (lib/text/words.ts: its phrase keys are words of that
 * splitting): an answer kept without them, or of another tokenizer, is counted again.
 */
export const EmergingAnswerSchema = z.object({
  tokenizer: z.literal(TOKENIZER_VERSION),
  lastWeek: z.number(),
  firstWeek: z.number(),
  stored: z.number(),
  tracked: z.number(),
  phrases: z.array(EmergingEntrySchema),
});
export type EmergingAnswer = z.infer<typeof EmergingAnswerSchema>;

export const emergingAnswer = defineMetaKey<EmergingAnswer | undefined>(
  'emerging.answer',
  4,
  EmergingAnswerSchema,
  undefined,
);

/** Keys of the phrases the user dismissed ("Not interesting"): never listed again. */
export const emergingDismissed = defineMetaKey<string[]>('emerging.dismissed', 1, z.array(z.string()), []);

// A week kept before `tracked`, or before the acronyms its papers define and the larger filter
// (lib/discover/weekly.ts), or counted with another word splitting (`tokenizer`), does not parse, and is
// counted again.
const WeekRecordSchema = z.object({
  week: z.number(),
  tokenizer: z.literal(TOKENIZER_VERSION),
  stored: z.number(),
  tracked: z.number(),
  papers: z.number(),
  phrases: z.record(z.string(), z.number()),
  once: z.instanceof(Uint8Array).refine((bits) => bits.length === ONCE_BITS / 8),
  definitions: z.record(z.string(), z.number()),
  defining: z.record(z.string(), z.number()),
});

/** A week's kept counts; undefined when missing or not of this shape (it is then counted again). */
export async function readEmergingWeek(db: IndexDb, week: number): Promise<EmergingWeekRecord | undefined> {
  const parsed = WeekRecordSchema.safeParse(await db.get('emergingWeeks', week));
  return parsed.success ? parsed.data : undefined;
}

export async function putEmergingWeek(db: IndexDb, record: EmergingWeekRecord): Promise<void> {
  await db.put('emergingWeeks', record);
}

/** Drops the counts of weeks before `week`: no answer reads them again (the index only moves forward). */
export async function deleteEmergingWeeksBefore(db: IndexDb, week: number): Promise<void> {
  await db.delete('emergingWeeks', IDBKeyRange.upperBound(week, true));
}

/** Published in [from, to). */
function range(from: number, to: number): IDBKeyRange {
  return IDBKeyRange.bound(from, to, false, true);
}

/** How many papers the index holds published in [from, to) (tracked or not: a cheap change check). */
export function countPapersBetween(db: IndexDb, from: number, to: number): Promise<number> {
  return db.countFromIndex('papers', 'published', range(from, to));
}

const DAY_MS = 86_400_000;

/** Tracked papers per UTC day: the daily counts of all tracked papers, kept exact by every write of papers. */
export async function trackedPerDay(db: IndexDb): Promise<Record<number, number>> {
  return (await db.get('counts', ALL_TOPICS))?.days ?? {};
}

/** How many tracked papers `days` (from trackedPerDay) holds published in [from, to), both UTC midnights. */
export function trackedBetween(days: Record<number, number>, from: number, to: number): number {
  let n = 0;
  for (let day = Math.floor(from / DAY_MS); day < Math.floor(to / DAY_MS); day++) n += days[day] ?? 0;
  return n;
}

/** trackedPapersBetween reads this much time at once (a day: ~500-1,000 papers of a busy archive). */
const READ_SPAN = 86_400_000;

/** The tracked papers published in [from, to). */
export async function trackedPapersBetween(db: IndexDb, from: number, to: number): Promise<StoredPaper[]> {
  // A day a read: one read of four weeks deserialises ~12,000 papers in one task, during which the
  // worker answers no page (the 0.5-0.75 s waits of an Emerging recount).
  const papers: StoredPaper[] = [];
  for (let start = from; start < to; start += READ_SPAN) {
    const rows = await db.getAllFromIndex(
      'papers',
      'published',
      range(start, Math.min(start + READ_SPAN, to)),
    );
    for (const paper of rows) if (paper.tracked) papers.push(paper);
  }
  return papers;
}

/** First-version time of the newest paper in the index, or undefined when it is empty. */
export async function newestPublished(db: IndexDb): Promise<number | undefined> {
  const cursor = await db.transaction('papers').store.index('published').openCursor(null, 'prev');
  return cursor?.value.published;
}
