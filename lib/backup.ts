import { z } from 'zod';
import { type Settings, SettingsSchema } from './settings';
import { compileQuery } from './topics/query';

/** A reading-list entry in the file (version 2 on): the copy the extension keeps, see SavedRecord. */
const SavedEntrySchema = z.strictObject({
  id: z.string().regex(/^(\d{4}\.\d{4,5}|[a-z-]+\/\d{7})$/),
  title: z.string().max(2000),
  authors: z.array(z.string().max(500)).max(5000),
  authorCount: z.number().int().min(0),
  primary: z.string().max(40),
  categories: z.array(z.string().max(40)).max(50),
  published: z.number(),
  updated: z.number(),
  doi: z.string().max(300).optional(),
  topics: z.array(z.string().max(120)).max(500),
  savedAt: z.number(),
  read: z.boolean(),
});

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
  // Version 2 added the reading list, version 3 the corrections; older files (without them) still import.
  version: z.union([z.literal(1), z.literal(2), z.literal(3)]),
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
      }),
    )
    .max(500),
  saved: z.array(SavedEntrySchema).max(20000).optional(),
  corrections: z.array(CorrectionEntrySchema).max(20000).optional(),
});
export type Backup = z.infer<typeof BackupSchema>;

export type ParsedBackup = { ok: true; backup: Backup } | { ok: false; error: string };

/** Accepts the parsed JSON or its text (what a file input gives). Never throws. */
export function parseBackup(input: unknown): ParsedBackup {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > 5_000_000)
      return { ok: false, error: 'The file is too large to be a PaperPulse export' };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, error: 'The file is not JSON' };
    }
  }
  const parsed = BackupSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, error: `Not a valid PaperPulse export${where}: ${issue.message}` };
  }
  return { ok: true, backup: parsed.data };
}

export interface CurrentData {
  settings: Settings;
  follows: ReadonlySet<string>;
  mutes: ReadonlySet<string>;
  userTopics: ReadonlyMap<string, { name: string; query: string }>;
  saved?: ReadonlySet<string>;
  /** Topics taken off each paper. */
  corrections?: (paperId: string) => ReadonlySet<string> | undefined;
}

/**
 * What importing `backup` would change, in words. Import adds the file's follows, mutes, custom topics and
 * saved papers to the current ones (nothing is removed; a paper already saved keeps its read mark) and
 * takes its settings.
 */
export function describeImport(backup: Backup, current: CurrentData, name: (id: string) => string): string[] {
  const changes: string[] = [];
  for (const f of backup.follows)
    if (!current.follows.has(f.topicId)) changes.push(`Follow ${name(f.topicId)}`);
  for (const id of backup.mutes) if (!current.mutes.has(id)) changes.push(`Mute ${name(id)}`);
  for (const t of backup.userTopics) {
    const mine = current.userTopics.get(t.id);
    if (!mine) changes.push(`Add custom topic ${t.name}`);
    else if (mine.query !== t.query || mine.name !== t.name) changes.push(`Update custom topic ${t.name}`);
  }
  for (const paper of backup.saved ?? [])
    if (!current.saved?.has(paper.id)) changes.push(`Save arXiv:${paper.id} ${paper.title}`.trim());
  for (const { paperId, topics } of backup.corrections ?? []) {
    for (const t of topics)
      if (!current.corrections?.(paperId)?.has(t)) changes.push(`Not ${name(t)} for arXiv:${paperId}`);
  }
  for (const key of Object.keys(backup.settings) as (keyof Settings)[]) {
    const from = JSON.stringify(current.settings[key]);
    const to = JSON.stringify(backup.settings[key]);
    if (from !== to) changes.push(`Setting ${key}: ${from} → ${to}`);
  }
  return changes;
}

/** Custom topics kept at most: each is matched against every paper indexed, so their number is bounded. */
export const MAX_USER_TOPICS = 200;

/** What this version of PaperPulse knows: topics of its pack and arXiv categories. */
export interface KnownIds {
  topic(id: string): boolean;
  category(id: string): boolean;
}

export type ImportCheck =
  | { ok: true; backup: Backup; changes: string[]; skipped: string[] }
  | { ok: false; error: string };

/**
 * Checks an import against this version and the user's data: a custom topic whose query does not compile,
 * or too many custom topics, rejects the whole file; follows, mutes and categories this version does not
 * know are left out and listed in `skipped`, so the preview shows them and nothing unknown is stored.
 * `backup` is what importing does: the file without the unknowns.
 */
export function checkImport(
  backup: Backup,
  current: CurrentData,
  known: KnownIds,
  name: (id: string) => string,
): ImportCheck {
  for (const topic of backup.userTopics) {
    const compiled = compileQuery(topic.query);
    if (!compiled.ok) {
      const { message, position } = compiled.error;
      return {
        ok: false,
        error: `Custom topic "${topic.name}": ${message} (at character ${position + 1} of its query)`,
      };
    }
  }
  const added = backup.userTopics.filter((t) => !current.userTopics.has(t.id)).length;
  if (current.userTopics.size + added > MAX_USER_TOPICS) {
    return {
      ok: false,
      error: `The file adds ${added} custom topics to your ${current.userTopics.size}: PaperPulse keeps at most ${MAX_USER_TOPICS}`,
    };
  }
  const userIds = new Set([...current.userTopics.keys(), ...backup.userTopics.map((t) => t.id)]);
  const isTopic = (id: string) => userIds.has(id) || known.topic(id);
  const skipped: string[] = [];
  const unknownTopic = (what: string) => (id: string) => {
    if (isTopic(id)) return true;
    skipped.push(`${what} "${id}": no such topic in this version of PaperPulse`);
    return false;
  };
  const follows = backup.follows.filter((f) => unknownTopic('Follow')(f.topicId));
  const mutes = backup.mutes.filter(unknownTopic('Mute'));
  const corrections = backup.corrections
    ?.map((c) => ({ ...c, topics: c.topics.filter(unknownTopic(`Not this topic on arXiv:${c.paperId}`)) }))
    .filter((c) => c.topics.length > 0);
  let categories = backup.settings.categories.filter((c) => {
    if (known.category(c)) return true;
    skipped.push(`Track "${c}": not an arXiv category PaperPulse knows`);
    return false;
  });
  if (categories.length === 0) {
    categories = [...current.settings.categories];
    skipped.push('None of its categories is known: your tracked categories stay as they are');
  }
  const checked: Backup = { ...backup, follows, mutes, settings: { ...backup.settings, categories } };
  if (corrections) checked.corrections = corrections;
  return { ok: true, backup: checked, changes: describeImport(checked, current, name), skipped };
}
