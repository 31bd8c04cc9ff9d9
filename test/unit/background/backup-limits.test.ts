import { describe, expect, it } from 'vitest';
import { readImportFile } from '@/components/options/data-transfer';
import type { SavedPaper } from '@/lib/messages/schemas';
import { openIndexDb } from '@/lib/store/open';
import type { SavedRecord } from '@/lib/store/schema';
import { createTestBackground } from './app-harness';

/**
 * Whatever the extension exports, it imports (issue 33, item 8): the reading list at the schema's limits,
 * written to a file as the options page writes it and read back as it reads one.
 */

const NOW = Date.UTC(2026, 9, 15, 12);
const DAY = 86_400_000;

/** A saved paper as they come: a hundred-character title, six authors, two categories, a few topics. */
function record(i: number, over: Partial<SavedRecord> = {}): SavedRecord {
  return {
    id: `2601.${String(10000 + i)}`,
    title: `Paper ${i}: scaling sparse attention kernels for long-context language models on commodity GPUs`,
    authors: [
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'Edsger Dijkstra',
      'Barbara Liskov',
      'Donald Knuth',
    ],
    authorCount: 6,
    primary: 'cs.LG',
    categories: ['cs.LG', 'cs.CL'],
    published: NOW - (i % 300) * DAY,
    updated: NOW - (i % 300) * DAY + 3600_000,
    ...(i % 3 === 0 ? { doi: `10.1000/paper.${i}` } : {}),
    topics: ['llm-efficiency', 'efficient-attention', 'cs.LG'],
    savedAt: NOW - i * 60_000,
    read: i % 4 === 0,
    ...over,
  };
}

async function withSaved(records: SavedRecord[]) {
  const bg = createTestBackground([], NOW);
  const db = await openIndexDb();
  const tx = db.transaction('saved', 'readwrite');
  for (const r of records) void tx.store.put(r);
  await tx.done;
  return bg;
}

type Bg = ReturnType<typeof createTestBackground>;
const savedList = async (bg: Bg) =>
  (await bg.call<{ papers: SavedPaper[] }>('saved.list')).papers.sort((a, b) => a.id.localeCompare(b.id));

/** Exports, writes the file as the options page does, reads it as the page does, imports it into a new browser. */
async function roundTrip(records: SavedRecord[]) {
  const from = await withSaved(records);
  const exported = await from.call<{ file: unknown; note?: string }>('data.export');
  const text = `${JSON.stringify(exported.file, null, 2)}\n`;
  const read = await readImportFile(new File([text], 'paperpulse.json'));
  if (!read.ok) throw new Error(read.error);
  const expected = await savedList(from);
  const into = createTestBackground([], NOW);
  const imported = await into.call<{ ok: boolean; error?: string }>('data.import', {
    file: read.value,
    apply: true,
  });
  if (!imported.ok) throw new Error(imported.error);
  return { bytes: Buffer.byteLength(text), note: exported.note, expected, imported: await savedList(into) };
}

// Tens of megabytes through fake-indexeddb: more than the default 20 s on a busy machine.
describe('a backup at the limits imports again (issue 33, item 8)', { timeout: 180_000 }, () => {
  it('8,000 saved papers (over the 5 MB the import took)', async () => {
    const { bytes, expected, imported } = await roundTrip(Array.from({ length: 8000 }, (_, i) => record(i)));
    expect(bytes).toBeGreaterThan(5_000_000);
    expect(imported).toEqual(expected);
  });

  it('60 saved papers with 3,000 authors each', async () => {
    const authors = Array.from({ length: 3000 }, (_, k) => `Collaboration Member ${k}`);
    const { expected, imported } = await roundTrip(
      Array.from({ length: 60 }, (_, i) => record(i, { authors, authorCount: 3000 })),
    );
    expect(imported).toEqual(expected);
  });

  it('20,000 saved papers, as many as a backup holds', async () => {
    const { expected, imported } = await roundTrip(Array.from({ length: 20_000 }, (_, i) => record(i)));
    expect(imported).toHaveLength(20_000);
    expect(imported).toEqual(expected);
  });

  it('the largest entries the schema allows, in hostile text: author lists shortened to fit, and the export says so', async () => {
    const huge = (i: number) =>
      record(i, {
        title: '\u0001"{'.repeat(667).slice(0, 2000),
        authors: Array.from({ length: 5000 }, (_, k) => `${k}\u0002`.padEnd(500, '"')),
        authorCount: 5000,
        categories: Array.from({ length: 50 }, (_, k) => `cs.${String.fromCharCode(65 + (k % 26))}${k}`),
        doi: `10.1000/${'\u0003'.repeat(292)}`,
        topics: Array.from({ length: 500 }, (_, k) => `topic-${k}`.padEnd(120, 'x')),
      });
    const records = [...Array.from({ length: 12 }, (_, i) => huge(i)), record(12)];
    const { note, expected, imported } = await roundTrip(records);
    expect(note).toMatch(/^The author lists of \d+ papers were shortened to their first 10 authors/);
    const byId = new Map(imported.map((p) => [p.id, p]));
    for (const paper of expected) {
      const back = byId.get(paper.id)!;
      const { authors, ...rest } = paper;
      expect({ ...back, authors: undefined }).toEqual({ ...rest, authors: undefined });
      expect(authors.slice(0, back.authors.length)).toEqual(back.authors);
      expect(back.authors.length === authors.length || back.authors.length === 10).toBe(true);
    }
    expect(byId.get('2601.10012')?.authors).toHaveLength(6);
  });
});

describe('the reading list is bounded so that it fits one backup (issue 33, item 8)', {
  timeout: 180_000,
}, () => {
  it('refuses the 20,001st save and an import past 20,000, saying why', async () => {
    const bg = await withSaved(Array.from({ length: 20_000 }, (_, i) => record(i)));
    await expect(bg.fromContent('paper.save', { id: '2602.00001', save: true })).rejects.toThrow(
      'Your reading list holds 20,000 papers, the most PaperPulse keeps: remove some to save more',
    );
    const { file } = await bg.call<{ file: { saved: unknown[] } }>('data.export');
    const more = {
      ...file,
      saved: [...file.saved.slice(1), { ...(file.saved[0] as object), id: '2602.00002' }],
    };
    const into = await withSaved([record(25_000)]);
    const result = await into.call<{ ok: boolean; error?: string }>('data.import', {
      file: more,
      apply: false,
    });
    expect(result).toEqual({
      ok: false,
      error: 'The file adds 20,000 saved papers to your 1: PaperPulse keeps at most 20,000',
    });
  });
});
