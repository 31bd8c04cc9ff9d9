import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PACK_DATA } from '../../../lib/topics/pack/source';

/**
 * The reference topic page's papers (../shared/reference/topic-page-papers.json) measure the tags; they are never
 * training data and no rule names them. The fixture keeps only hashes of their titles (and of every run of five
 * words of each) and their earliest date, so this test runs without ../shared.
 */
const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/topics/reference-titles.json', import.meta.url), 'utf8'),
) as { earliestDate: string; titles: string[]; shingles: string[] };
const LABELS = new URL('../../eval/labels/', import.meta.url);

const normalise = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ');
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Every string of the source pack: names, aliases, phrases, cues, descriptions... */
function packStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) packStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) packStrings(v, out);
  return out;
}

/** Ids of every committed training input: the judged set, the labelled set, the chip review, their samples. */
function trainingIds(): string[] {
  const files = [
    ...readdirSync(new URL('judged/', LABELS)).map((f) => new URL(`judged/${f}`, LABELS)),
    ...readdirSync(LABELS)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => new URL(f, LABELS)),
  ];
  // The manifest is gzipped JSON lines (test/eval/judged/files.ts).
  const text = (file: URL) =>
    file.pathname.endsWith('.gz')
      ? gunzipSync(readFileSync(file)).toString('utf8')
      : readFileSync(file, 'utf8');
  return files.flatMap((file) =>
    text(file)
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { id: string }).id),
  );
}

describe('no reference paper is named', () => {
  it('by any rule: no string of the pack holds a reference title or five of its words in a row', () => {
    const titles = new Set(reference.titles);
    const shingles = new Set(reference.shingles);
    const strings = packStrings(PACK_DATA);
    expect(strings.length).toBeGreaterThan(5000);
    for (const s of strings) {
      const words = normalise(s).split(' ');
      expect(titles.has(hash(words.join(' '))), s).toBe(false);
      for (let i = 0; i + 5 <= words.length; i++)
        expect(shingles.has(hash(words.slice(i, i + 5).join(' '))), s).toBe(false);
    }
  });

  it('by any training input: every judged or labelled paper is older than the reference papers', () => {
    const ids = trainingIds();
    expect(ids.length).toBeGreaterThan(10_000);
    // New-style arXiv ids start with the year and month of submission (YYMM).
    const [year, month] = reference.earliestDate.split('-');
    const first = `${year!.slice(2)}${month}`;
    for (const id of ids) {
      expect(id, id).toMatch(/^\d{4}\.\d{4,5}$/);
      expect(id.slice(0, 4) < first, id).toBe(true);
    }
  });
});
