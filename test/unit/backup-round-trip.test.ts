import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  type Backup,
  formatBackup,
  MAX_BACKUP_BYTES,
  parseBackup,
  utf8Length,
} from '@/lib/backup';
import { backupEntry, fitBackup } from '@/lib/backup-file';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import type { SavedRecord } from '@/lib/store/schema';
import { AT_THE_LIMITS, hostileText, savedRecord } from './helpers/saved/arbitraries';

/**
 * import(export(x)) = x for the backup file (issue 33, item 12): what the extension keeps, written as the
 * export writes it and read back by JSON.parse and the import's schema, for hostile text and sizes up to the
 * schema's limits.
 */

const topicId = fc.stringMatching(/^[a-z0-9-]{1,60}$/);
const userTopic = fc.record({
  id: topicId.map((slug) => `user-${slug}`),
  name: hostileText(120, 1),
  query: fc.constantFrom('agents', 'ti:"world model" ANDNOT survey', '"ANDNOT" OR "OR"', 'au:"Ann Lee"'),
});

function backupOf(saved: SavedRecord[], rest: Partial<Backup> = {}): Backup {
  return {
    format: BACKUP_FORMAT,
    version: 2,
    exportedAt: '2026-10-01T00:00:00.000Z',
    settings: DEFAULT_SETTINGS,
    follows: [],
    mutes: [],
    userTopics: [],
    saved: saved.map(backupEntry),
    ...rest,
  };
}

function expectRoundTrip(backup: Backup) {
  const { backup: written } = fitBackup(backup);
  const text = formatBackup(written);
  expect(utf8Length(text)).toBeLessThanOrEqual(MAX_BACKUP_BYTES);
  expect(utf8Length(text)).toBe(Buffer.byteLength(text));
  const read = parseBackup(text);
  if (!read.ok) throw new Error(read.error);
  expect(read.backup).toEqual(written);
  return written;
}

describe('a backup read back (issue 33, item 12)', { timeout: 180_000 }, () => {
  it('gives back what was kept: saved papers, follows, mutes and custom topics, in hostile text', () => {
    const rest = fc.record({
      follows: fc.array(
        fc.record({
          topicId,
          followedAt: fc.integer({ min: 0, max: 2 ** 45 }),
          seenUntil: fc.integer({ min: 0, max: 2 ** 45 }),
        }),
        { maxLength: 5 },
      ),
      mutes: fc.array(topicId, { maxLength: 5 }),
      userTopics: fc.array(userTopic, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(savedRecord(), { maxLength: 8 }), rest, (saved, others) => {
        const backup = backupOf(saved, others);
        expect(expectRoundTrip(backup)).toEqual(backup);
      }),
      { numRuns: 300 },
    );
  });

  it('at the schema limits: whatever is kept is exported in a file that imports, shortened only where it must be', () => {
    fc.assert(
      fc.property(fc.array(savedRecord(AT_THE_LIMITS), { minLength: 1, maxLength: 3 }), (saved) => {
        const backup = backupOf(saved);
        const written = expectRoundTrip(backup);
        written.saved!.forEach((entry, i) => {
          const kept = backup.saved![i]!;
          expect({ ...entry, authors: [] }).toEqual({ ...kept, authors: [] });
          expect(kept.authors.slice(0, entry.authors.length)).toEqual(entry.authors);
        });
      }),
      { numRuns: 2, endOnFailure: true },
    );
  });

  it('a record kept from before the bounds is exported within them', () => {
    fc.assert(
      fc.property(
        savedRecord(),
        fc.double(),
        fc.double(),
        fc.double(),
        (record, published, updated, savedAt) => {
          expectRoundTrip(backupOf([{ ...record, published, updated, savedAt }]));
        },
      ),
      { numRuns: 200 },
    );
  });
});
