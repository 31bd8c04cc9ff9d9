import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from '@/lib/dates';
import type { SavedPaper } from '@/lib/messages/schemas';
import { toBibtex } from '@/lib/saved/bibtex';
import { fromBibtexName, fromBibtexText, fromLinkPath, plainText } from '@/lib/saved/bibtex-text';
import { toCsv, toJson } from '@/lib/saved/export-table';
import { AT_THE_LIMITS, savedPaper } from '../helpers/saved/arbitraries';

/**
 * import(export(x)) = x for the reading list's exports (issue 33, item 12), each file read back by a
 * well-kept parser of its format: Better BibTeX's (@retorquere/bibtex-parser) and csv-parse. A property
 * over hostile text and sizes up to the backup schema's limits, not one example.
 */

const papers = fc.array(savedPaper(), { maxLength: 6 });
// One paper a run: 5,000 names of 500 characters is 2.5 million characters before escaping. Better
// BibTeX's reader runs out of memory on an author field that long, so BibTeX is read back at the other
// limits with 100 such names (CSV and JSON at all of them).
const atTheLimits = fc.array(savedPaper(AT_THE_LIMITS), { minLength: 1, maxLength: 1 });
const bibtexAtTheLimits = fc.array(savedPaper({ ...AT_THE_LIMITS, authors: 100 }), {
  minLength: 1,
  maxLength: 1,
});

type Creator = { name?: string; firstName?: string; prefix?: string; lastName?: string; suffix?: string };

/**
 * A name as BibTeX reads it back, in parts ("First von Last") or whole (one word, or one brace group the
 * writer put around a name BibTeX would have split or misread).
 */
function nameOf(creator: Creator): string {
  expect(creator.suffix, 'no name read as "Last, Jr, First"').toBeUndefined();
  const name =
    creator.name ?? [creator.firstName, creator.prefix, creator.lastName].filter(Boolean).join(' ');
  return fromBibtexName(name);
}

function expectBibtexRoundTrip(list: SavedPaper[]) {
  // Read as written: no outer braces of a title taken away as "case protection".
  const library = parseBibtex(toBibtex(list), { raw: true, removeOuterBraces: [] });
  expect(library.errors).toEqual([]);
  expect(library.entries.map((e) => e.fields.eprint)).toEqual(list.map((p) => p.id));
  library.entries.forEach((entry, i) => {
    const paper = list[i]!;
    const f = entry.fields as Record<string, unknown> & { author?: Creator[] };
    expect(fromBibtexText(String(f.title ?? ''))).toBe(plainText(paper.title));
    const names = (f.author ?? []).map(nameOf);
    const cut = paper.authorCount > paper.authors.length;
    const others = cut ? names.pop() : undefined;
    if (cut) expect(others).toBe('others');
    expect(names).toEqual(paper.authors.map(plainText));
    expect(fromBibtexText(String(f.primaryclass))).toBe(plainText(paper.primary) || 'unknown');
    if (paper.doi === undefined) expect(f.doi).toBeUndefined();
    else expect(fromLinkPath(String(f.doi).replace(/^https:\/\/doi\.org\//, ''))).toBe(paper.doi);
    const at = paper.updated || paper.published;
    expect(f.year).toBe(at ? String(new Date(at).getUTCFullYear()) : 'unknown');
  });
}

/** A cell as the writer meant it: the ' it puts before what a spreadsheet would run as a formula removed. */
const cellOf = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);
const day = (ms: number) => (ms ? (isoTime(ms)?.slice(0, 10) ?? '') : '');

function expectCsvRoundTrip(list: SavedPaper[]) {
  const rows: string[][] = parseCsv(toCsv(list), { relax_column_count: false });
  expect(rows[0]).toEqual([
    'id',
    'title',
    'authors',
    'published',
    'primary',
    'categories',
    'topics',
    'read',
    'savedAt',
    'url',
  ]);
  expect(rows.slice(1).map((row) => row.map(cellOf))).toEqual(
    list.map((p) => [
      p.id,
      p.title,
      p.authors.join('; ') + (p.authorCount > p.authors.length ? '; et al.' : ''),
      day(p.published),
      p.primary,
      p.categories.join('; '),
      p.topics.map((t) => t.name).join('; '),
      p.read ? 'read' : 'unread',
      day(p.savedAt),
      `https://arxiv.org/abs/${p.id}`,
    ]),
  );
}

function expectJsonRoundTrip(list: SavedPaper[]) {
  const time = (iso: string | null) => (iso === null ? 0 : Date.parse(iso));
  const back = JSON.parse(toJson(list)) as Record<string, unknown>[];
  expect(
    back.map((e) => ({
      ...e,
      published: time(e.published as string | null),
      updated: time(e.updated as string | null),
      savedAt: time(e.savedAt as string | null),
    })),
  ).toEqual(
    list.map((p) => ({
      id: p.id,
      title: p.title,
      authors: p.authors,
      authorCount: p.authorCount,
      published: p.published,
      updated: p.updated,
      primary: p.primary,
      categories: p.categories,
      topics: p.topics.map((t) => t.id),
      ...(p.doi === undefined ? {} : { doi: p.doi }),
      read: p.read,
      savedAt: p.savedAt,
      url: `https://arxiv.org/abs/${p.id}`,
    })),
  );
}

// Hundreds of cases, and papers of millions of characters: more than the default 20 s on a busy machine.
describe('the reading list read back from its exports (issue 33, item 12)', { timeout: 180_000 }, () => {
  it('BibTeX: every entry, its title, authors, class, DOI and year', () => {
    fc.assert(fc.property(papers, expectBibtexRoundTrip), { numRuns: 300 });
  });

  it('BibTeX at the schema limits', () => {
    fc.assert(fc.property(bibtexAtTheLimits, expectBibtexRoundTrip), { numRuns: 2, endOnFailure: true });
  });

  it('CSV: every cell, formulas defused and nothing else changed', () => {
    fc.assert(fc.property(papers, expectCsvRoundTrip), { numRuns: 300 });
    fc.assert(fc.property(atTheLimits, expectCsvRoundTrip), { numRuns: 2, endOnFailure: true });
  });

  it('JSON: every field, dates to the millisecond', () => {
    fc.assert(fc.property(papers, expectJsonRoundTrip), { numRuns: 300 });
    fc.assert(fc.property(atTheLimits, expectJsonRoundTrip), { numRuns: 2, endOnFailure: true });
  });
});
