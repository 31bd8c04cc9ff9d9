import { z } from 'zod';
import { FIRST_PAPER_TIME, LAST_TIME } from './dates';
import { SettingsSchema } from './settings';
import { MAX_SAVED } from './store/saved';
import { TopicScorerSchema } from './topics/scoring/topic-scorer';

/** A paper's date: 0 while not known, else from arXiv's first year to LAST_TIME (a Date holds far more). */
export const paperTime = z
  .number()
  .int()
  .refine((t) => t === 0 || (t >= FIRST_PAPER_TIME && t < LAST_TIME), {
    message: 'not a paper date (1991 to 2199, or 0 when not known)',
  });
/** When a paper was saved, by the saving computer's clock (which may be off, but not by centuries). */
const savedTime = z.number().int().min(0).max(LAST_TIME);

/** A reading-list entry in the file (version 2 on): the copy the extension keeps, see SavedRecord. */
export const SavedEntrySchema = z.strictObject({
  id: z.string().regex(/^(\d{4}\.\d{4,5}|[a-z-]{1,20}\/\d{7})$/),
  title: z.string().max(2000),
  authors: z.array(z.string().max(500)).max(5000),
  authorCount: z.number().int().min(0),
  primary: z.string().max(40),
  categories: z.array(z.string().max(40)).max(50),
  published: paperTime,
  updated: paperTime,
  doi: z.string().max(300).optional(),
  topics: z.array(z.string().max(120)).max(500),
  savedAt: savedTime,
  read: z.boolean(),
});

export type BackupEntry = z.infer<typeof SavedEntrySchema>;

/** A reader's "Not this topic" marks on one paper (version 3 on). */
const CorrectionEntrySchema = z.strictObject({
  paperId: z.string().regex(/^(\d{4}\.\d{4,5}|[a-z-]+\/\d{7})$/),
  topics: z
    .array(z.string().regex(/^[A-Za-z0-9.-]{1,120}$/))
    .min(1)
    .max(100),
  at: z.number(),
});

/**
 * The export file: what a user owns (follows, mutes, custom topics, settings, saved papers), never the index, which
 * can always be fetched again. Imports are checked strictly: unknown keys, oversized lists or a wrong
 * format name reject the whole file and change nothing.
 */
export const BACKUP_FORMAT = 'paperpulse-backup';

const topicIdSchema = z.string().regex(/^[A-Za-z0-9.-]{1,120}$/);

export const BackupSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  // Version 2 added the reading list, version 3 the corrections, version 4 a custom topic's learned scorer;
  // older files (without them) still import.
  version: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  exportedAt: z.string().max(40),
  settings: SettingsSchema.strict(),
  follows: z
    .array(z.strictObject({ topicId: topicIdSchema, followedAt: z.number(), seenUntil: z.number() }))
    .max(5000),
  mutes: z.array(topicIdSchema).max(5000),
  userTopics: z
    .array(
      z.strictObject({
        id: z.string().regex(/^user-[a-z0-9-]{1,70}$/),
        name: z.string().min(1).max(120),
        query: z.string().min(1).max(2000),
        scorer: TopicScorerSchema.optional(),
      }),
    )
    .max(500),
  saved: z.array(SavedEntrySchema).max(MAX_SAVED).optional(),
  corrections: z.array(CorrectionEntrySchema).max(20000).optional(),
});
export type Backup = z.infer<typeof BackupSchema>;

/**
 * The largest backup file, in bytes as written (formatBackup, UTF-8): whatever the schema takes must also
 * fit in it, so the export shortens what would not (backup-file.ts fitBackup) and the import refuses a larger
 * file before reading it. 20,000 saved papers as they come take about 16 MB; the file travels to the
 * background as one extension message, which Chrome caps at 64 MiB.
 */
export const MAX_BACKUP_BYTES = 48_000_000;

/** The backup as the options page writes it to a file. */
export function formatBackup(backup: Backup): string {
  return `${JSON.stringify(backup, null, 2)}\n`;
}

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (
      c >= 0xd800 &&
      c < 0xdc00 &&
      i + 1 < text.length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      bytes += 4; // a surrogate pair: one code point
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

export type ParsedBackup = { ok: true; backup: Backup } | { ok: false; error: string };

/** Accepts the parsed JSON or its text (what a file input gives). Never throws. */
export function parseBackup(input: unknown): ParsedBackup {
  let value = input;
  const tooLarge = (bytes: number) =>
    `The file is too large to be a PaperPulse export (${megabytes(bytes)}; PaperPulse writes at most ${megabytes(MAX_BACKUP_BYTES)})`;
  if (typeof input === 'string') {
    // A character takes one byte at least: a longer text is a larger file.
    if (input.length > MAX_BACKUP_BYTES) return { ok: false, error: tooLarge(input.length) };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, error: 'The file is not JSON' };
    }
  }
  const parsed = BackupSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const scorerError = learnedScorerError(value, issue.path, issue.message);
    if (scorerError) return { ok: false, error: scorerError };
    const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, error: `Not a valid PaperPulse export${where}: ${issue.message}` };
  }
  // What the export writes fits: a file that does not was not written by it, whatever its entries.
  const bytes = utf8Length(formatBackup(parsed.data));
  if (bytes > MAX_BACKUP_BYTES) return { ok: false, error: tooLarge(bytes) };
  return { ok: true, backup: parsed.data };
}

/** A custom topic's learned scorer that is not one (too large, out of bounds, malformed), named by its topic. */
function learnedScorerError(
  value: unknown,
  path: readonly PropertyKey[],
  message: string,
): string | undefined {
  const [list, index, field, ...rest] = path;
  if (list !== 'userTopics' || typeof index !== 'number' || field !== 'scorer') return undefined;
  const name = (value as { userTopics: { name?: unknown }[] }).userTopics[index]?.name;
  const topic = typeof name === 'string' ? `"${name.slice(0, 120)}"` : `number ${index + 1}`;
  const where = rest.length ? ` (at ${rest.join('.')})` : '';
  return `Custom topic ${topic}: its learned scorer is not one PaperPulse writes${where}: ${message}. Nothing was imported.`;
}
