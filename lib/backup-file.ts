import {
  type Backup,
  type BackupEntry,
  formatBackup,
  MAX_BACKUP_BYTES,
  paperTime,
  utf8Length,
} from './backup';
import { LAST_TIME } from './dates';
import { MAX_STORED_AUTHORS } from './paper';
import type { SavedRecord } from './store/schema';

/**
 * The export side of a backup: each saved record in the schema's bounds, the whole file within
 * MAX_BACKUP_BYTES. Whatever it writes, parseBackup takes.
 */

/**
 * A reading-list record as the file holds it: the schema's fields only, in its bounds (the same as a page's
 * paper, lib/sites/build-ref.ts; a record kept from before them may pass them), dates as the schema bounds
 * them (a paper date out of range says "not known").
 */
export function backupEntry(record: SavedRecord): BackupEntry {
  const { id, doi, read } = record;
  const authors = record.authors.slice(0, 5000).map((name) => name.slice(0, 500));
  return {
    id,
    title: record.title.slice(0, 2000),
    authors,
    authorCount: Math.max(authors.length, Math.round(record.authorCount) || 0),
    primary: record.primary.slice(0, 40),
    categories: record.categories.slice(0, 50).map((c) => c.slice(0, 40)),
    published: paperTime.safeParse(record.published).success ? record.published || 0 : 0,
    updated: paperTime.safeParse(record.updated).success ? record.updated || 0 : 0,
    ...(doi === undefined ? {} : { doi: doi.slice(0, 300) }),
    topics: record.topics.slice(0, 500).map((t) => t.slice(0, 120)),
    savedAt: Math.min(LAST_TIME, Math.max(0, Math.round(record.savedAt) || 0)),
    read,
  };
}

/** The bytes a list of names takes in the file past its first `keep` (each a line: indent, quotes, comma). */
function namesBytes(names: readonly string[], keep: number): number {
  let bytes = 0;
  for (let k = keep; k < names.length; k++) bytes += utf8Length(JSON.stringify(names[k])) + 10;
  return bytes;
}

/**
 * The backup within `maxBytes` as formatBackup writes it. Only a reading list of thousands of papers with
 * hundreds of authors each is larger: the longest author lists are then cut to their first
 * MAX_STORED_AUTHORS, as the index keeps them (their author counts stay, so BibTeX still says "and others"),
 * until it fits, and `note` says so. Throws, saying what to do, when even that is not enough.
 */
export function fitBackup(backup: Backup, maxBytes = MAX_BACKUP_BYTES): { backup: Backup; note?: string } {
  let bytes = utf8Length(formatBackup(backup));
  if (bytes <= maxBytes) return { backup };
  const saved = [...(backup.saved ?? [])];
  const longest = saved
    .map((entry, i) => ({ i, cut: namesBytes(entry.authors, MAX_STORED_AUTHORS) }))
    .filter(({ cut }) => cut > 0)
    .sort((a, b) => b.cut - a.cut);
  let shortened = 0;
  for (const { i, cut } of longest) {
    if (bytes <= maxBytes) break;
    saved[i] = { ...saved[i]!, authors: saved[i]!.authors.slice(0, MAX_STORED_AUTHORS) };
    bytes -= cut;
    shortened++;
  }
  const fitted = { ...backup, saved };
  const size = (n: number) => `${(n / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
  const written = utf8Length(formatBackup(fitted));
  if (written > maxBytes) {
    throw new Error(
      `Your data do not fit in one backup file (${size(written)}, at most ${size(maxBytes)}), even with each saved paper's authors cut to the first ${MAX_STORED_AUTHORS}: remove some saved papers, then export again`,
    );
  }
  return {
    backup: fitted,
    note: `The author lists of ${shortened} papers were shortened to their first ${MAX_STORED_AUTHORS} authors to fit one file (at most ${size(maxBytes)}); the papers keep their author counts.`,
  };
}
