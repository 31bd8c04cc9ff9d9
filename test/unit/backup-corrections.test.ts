import { describe, expect, it } from 'vitest';
import { type Backup, parseBackup } from '@/lib/backup';
import { checkImport } from '@/lib/backup-import';
import { DEFAULT_SETTINGS } from '@/lib/settings';

const V2: Backup = {
  format: 'paperpulse-backup',
  version: 2,
  exportedAt: '2026-10-05T08:00:00.000Z',
  settings: DEFAULT_SETTINGS,
  follows: [],
  mutes: [],
  userTopics: [],
  saved: [],
};
const V3 = {
  ...V2,
  version: 3,
  corrections: [
    { paperId: '2609.30000', topics: ['agentic-rl', 'retired-topic'], at: 1_790_000_000_000 },
    { paperId: 'hep-th/9901001', topics: ['retired-topic'], at: 1_790_000_000_000 },
  ],
};
const CURRENT = {
  settings: DEFAULT_SETTINGS,
  follows: new Set<string>(),
  mutes: new Set<string>(),
  userTopics: new Map(),
};
const KNOWN = { topic: (id: string) => id !== 'retired-topic', category: () => true };

describe('corrections in the backup file (version 3)', () => {
  it('reads a version 3 file with them, and still a version 2 file without', () => {
    const parsed = parseBackup(JSON.stringify(V3));
    expect(parsed.ok && parsed.backup.corrections).toEqual(V3.corrections);
    const older = parseBackup(JSON.stringify(V2));
    expect(older.ok && older.backup.corrections).toBeUndefined();
  });

  it.each([
    ['a paper id that is not one', { paperId: 'not-an-id', topics: ['agentic-rl'], at: 1 }],
    ['no topics', { paperId: '2609.30000', topics: [], at: 1 }],
    ['a topic id with markup', { paperId: '2609.30000', topics: ['<b>'], at: 1 }],
    ['an unknown key', { paperId: '2609.30000', topics: ['agentic-rl'], at: 1, extra: true }],
  ])('rejects the whole file for %s', (_what, entry) => {
    const parsed = parseBackup({ ...V3, corrections: [entry] });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/at corrections\.0/);
  });

  it('leaves out topics this version does not know, lists them, and says what it adds', () => {
    const parsed = parseBackup(V3);
    if (!parsed.ok) throw new Error(parsed.error);
    const checked = checkImport(parsed.backup, CURRENT, KNOWN, (id) => id.toUpperCase());
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.backup.corrections).toEqual([
      { paperId: '2609.30000', topics: ['agentic-rl'], at: 1_790_000_000_000 },
    ]);
    expect(checked.skipped).toEqual([
      'Not this topic on arXiv:2609.30000 "retired-topic": no such topic in this version of PaperPulse',
      'Not this topic on arXiv:hep-th/9901001 "retired-topic": no such topic in this version of PaperPulse',
    ]);
    expect(checked.changes).toEqual(['Not AGENTIC-RL for arXiv:2609.30000']);
    // A correction already made is no change.
    const mine = checkImport(
      parsed.backup,
      { ...CURRENT, corrections: (id) => (id === '2609.30000' ? new Set(['agentic-rl']) : undefined) },
      KNOWN,
      (id) => id,
    );
    expect(mine.ok && mine.changes).toEqual([]);
  });
});
