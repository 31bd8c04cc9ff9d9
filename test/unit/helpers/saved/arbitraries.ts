import fc from 'fast-check';
import { FIRST_PAPER_TIME, LAST_TIME } from '@/lib/dates';
import type { SavedPaper } from '@/lib/messages/schemas';
import type { SavedRecord } from '@/lib/store/schema';

/**
 * Papers for round-trip properties: hostile text (TeX, braces, quotes, commas, line breaks, spreadsheet
 * formula prefixes, BibTeX's own words), any Unicode, and sizes up to the backup schema's limits.
 */

const PIECES = [
  '$\\alpha$',
  '\\emph{x}',
  '{',
  '}',
  '{BERT}',
  '\\',
  '\\{',
  '\\}',
  '%',
  '\\%',
  '"',
  "'",
  ',',
  ';',
  '; ',
  '\n',
  '\r\n',
  '\t',
  ' ',
  '  ',
  '=',
  '+',
  '-',
  '@',
  '=HYPERLINK("x")',
  ' and ',
  ' AND ',
  'others',
  'et al.',
  '#',
  '&',
  '_',
  '~',
  '^',
  'é',
  'ß',
  '中',
  '😀',
  '\u0000',
  'a',
  'Z',
  '0',
  'Attention',
  '{\\textbraceleft}',
  '{\\%}',
];

/** Text of hostile pieces and of any well-formed Unicode, up to `maxLength` characters. */
export function hostileText(maxLength: number, minLength = 0): fc.Arbitrary<string> {
  const pieces = fc
    .array(fc.constantFrom(...PIECES), { maxLength: Math.ceil(maxLength / 2) })
    .map((p) => p.join(''));
  const unicode = fc.string({ unit: 'grapheme', maxLength });
  return fc
    .oneof(
      pieces,
      unicode,
      fc.tuple(pieces, unicode).map(([a, b]) => a + b),
    )
    .map((text) => [...text].slice(0, maxLength).join(''))
    .filter((text) => text.length >= minLength && text.length <= maxLength);
}

const newId = fc
  .tuple(
    fc.integer({ min: 15, max: 29 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 99_999 }),
  )
  .map(([yy, mm, n]) => `${yy}${String(mm).padStart(2, '0')}.${String(n).padStart(5, '0')}`);
const oldId = fc
  .tuple(
    fc.constantFrom('hep-th', 'math', 'cond-mat', 'astro-ph', 'cs'),
    fc.integer({ min: 1, max: 9_999_999 }),
  )
  .map(([archive, n]) => `${archive}/${String(n).padStart(7, '0')}`);
export const arxivId = fc.oneof(newId, oldId);

export const paperTime = fc.oneof(fc.constant(0), fc.integer({ min: FIRST_PAPER_TIME, max: LAST_TIME - 1 }));
export const savedTime = fc.integer({ min: 0, max: LAST_TIME });

/** Sizes of one paper: as they come (up to these), or at the schema's limits (exactly these; few runs). */
export interface Sizes {
  title: number;
  authors: number;
  name: number;
  categories: number;
  topics: number;
  /** Every list and text at its size, not up to it. */
  exact?: boolean;
}
export const AS_THEY_COME: Sizes = { title: 300, authors: 8, name: 60, categories: 4, topics: 6 };
export const AT_THE_LIMITS: Sizes = {
  title: 2000,
  authors: 5000,
  name: 500,
  categories: 50,
  topics: 500,
  exact: true,
};

export function savedRecord(sizes: Sizes = AS_THEY_COME): fc.Arbitrary<SavedRecord> {
  const text = (max: number) =>
    sizes.exact
      ? hostileText(max).map((t) => [...t.padEnd(max, '"')].slice(0, max).join(''))
      : hostileText(max);
  const list = <T>(item: fc.Arbitrary<T>, max: number) =>
    fc.array(item, { maxLength: max, ...(sizes.exact ? { minLength: max } : {}) });
  return fc
    .record({
      id: arxivId,
      title: text(sizes.title),
      authors: list(text(sizes.name), sizes.authors),
      extraAuthors: fc.nat({ max: 3000 }),
      primary: text(40),
      categories: list(text(40), sizes.categories),
      published: paperTime,
      updated: paperTime,
      doi: fc.option(text(300), { nil: undefined }),
      topics: list(fc.stringMatching(/^[a-z0-9.-]{1,120}$/), sizes.topics),
      savedAt: savedTime,
      read: fc.boolean(),
    })
    .map(({ extraAuthors, doi, ...r }) => ({
      ...r,
      authorCount: r.authors.length + extraAuthors,
      ...(doi === undefined ? {} : { doi }),
    }));
}

/** As the Saved page and the exports see a record: topics with names. */
export function savedPaper(sizes: Sizes = AS_THEY_COME): fc.Arbitrary<SavedPaper> {
  return fc
    .tuple(savedRecord(sizes), fc.array(hostileText(60), { maxLength: 4 }))
    .map(([{ topics, ...r }, names]) => ({
      ...r,
      topics: topics.map((id, i) => ({ id, name: names[i] ?? id })),
    }));
}
