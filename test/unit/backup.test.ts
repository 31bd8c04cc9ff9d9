import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, parseBackup } from '@/lib/backup';
import { DEFAULT_SETTINGS } from '@/lib/settings';

const entry = {
  id: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani'],
  authorCount: 8,
  primary: 'cs.CL',
  categories: ['cs.CL'],
  published: Date.UTC(2017, 5, 12),
  updated: Date.UTC(2023, 7, 2),
  topics: [],
  savedAt: Date.UTC(2026, 9, 1),
  read: false,
};

function backupWith(saved: unknown[]) {
  return {
    format: BACKUP_FORMAT,
    version: 2,
    exportedAt: '2026-10-01T00:00:00.000Z',
    settings: DEFAULT_SETTINGS,
    follows: [],
    mutes: [],
    userTopics: [],
    saved,
  };
}

describe('dates in a backup (issue 33, item 7)', () => {
  it.each([
    ['savedAt', 1e300],
    ['published', 1e20],
    ['updated', -1e20],
    ['savedAt', 0.5],
    ['published', Date.UTC(1980, 0, 1)],
  ])('refuses a saved paper whose %s is %d, saying where', (field, value) => {
    const parsed = parseBackup(backupWith([{ ...entry, [field]: value }]));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error).toMatch(new RegExp(`^Not a valid PaperPulse export at saved\\.0\\.${field}: `));
  });

  it('takes a date not known yet (0) and the dates of any paper arXiv has', () => {
    const old = {
      ...entry,
      id: 'hep-th/9108001',
      published: Date.UTC(1991, 7, 14),
      updated: 0,
      savedAt: Date.now(),
    };
    expect(parseBackup(backupWith([old, { ...entry, published: 0, updated: 0 }])).ok).toBe(true);
  });
});
