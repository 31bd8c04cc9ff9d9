import { parse } from '@retorquere/bibtex-parser';
import { describe, expect, it } from 'vitest';
import type { SavedPaper } from '@/lib/messages/schemas';
import { toBibtex } from '@/lib/saved/bibtex';
import { fromLinkPath } from '@/lib/saved/bibtex-text';

const paper = (id: string, over: Partial<SavedPaper> = {}): SavedPaper => ({
  id,
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  authorCount: 2,
  primary: 'cs.CL',
  categories: ['cs.CL'],
  published: Date.UTC(2017, 5, 12),
  updated: Date.UTC(2023, 7, 2),
  topics: [],
  savedAt: Date.UTC(2026, 9, 1),
  read: false,
  ...over,
});

/** The file as a LaTeX-aware BibTeX reader (Better BibTeX's parser) sees it: no case changes, every entry. */
function readBack(bibtex: string) {
  const library = parse(bibtex, { english: false, sentenceCase: false, caseProtection: false });
  expect(library.errors, 'the file parses without errors').toEqual([]);
  return library.entries;
}

const FIELDS = ['title', 'author', 'year', 'eprint', 'archiveprefix', 'primaryclass', 'url'];

describe('BibTeX export of hostile text (issue 33, item 6)', () => {
  it('keeps every entry after a title with an unbalanced brace, and reads the title back as it was', () => {
    const papers = [
      paper('2601.00001', { title: 'Unbalanced { brace swallows the rest' }),
      paper('2601.00002', { title: 'A stray } closing brace' }),
      paper('2601.00003'),
    ];
    const entries = readBack(toBibtex(papers));
    expect(entries.map((e) => e.fields.eprint)).toEqual(['2601.00001', '2601.00002', '2601.00003']);
    expect(entries.map((e) => e.fields.title)).toEqual(papers.map((p) => p.title));
  });

  it('lets no field be injected through a title, an author, a class or a DOI', () => {
    const injected = paper('2601.00004', {
      title: 'Harmless}, note={injected title',
      authors: ['Ann Author}, howpublished={injected author'],
      authorCount: 1,
      primary: 'cs.LG}, note={injected class',
      doi: '10.1000/x}, note={injected doi',
    });
    const [entry] = readBack(toBibtex([injected, paper('2601.00005')]));
    expect(Object.keys(entry!.fields).sort()).toEqual([...FIELDS, 'doi'].sort());
    expect(entry!.fields.title).toBe(injected.title);
    expect(entry!.fields.primaryclass).toBe(injected.primary);
    // A DOI is a link (a verbatim field: TeX is not read there), its unsafe characters percent-encoded.
    const link = entry!.fields.doi!;
    expect(link.startsWith('https://doi.org/')).toBe(true);
    expect(fromLinkPath(link.slice('https://doi.org/'.length))).toBe(injected.doi);
  });

  it('keeps every name and entry after a NUL, which BibTeX readers stop at (written as U+FFFD)', () => {
    const papers = [
      paper('2601.00007', {
        title: 'Null\u0000 title',
        authors: ['Ann\u0000 Author', 'Bo Builder'],
        primary: 'cs.\u0000LG',
      }),
      paper('2601.00008'),
    ];
    const entries = readBack(toBibtex(papers));
    expect(entries.map((e) => e.fields.eprint)).toEqual(['2601.00007', '2601.00008']);
    expect(entries[0]!.fields.title).toBe('Null\uFFFD title');
    expect(entries[0]!.fields.primaryclass).toBe('cs.\uFFFDLG');
    expect(entries[0]!.fields.author).toHaveLength(2);
  });

  it('keeps every later name after one holding "$$", which a TeX-aware reader opens display math at', () => {
    // Found by the round-trip property (seed 1613580973, shrunk by hand): the first name's dollars pair up,
    // but a reader takes its "$$" for display math, and the names after it were lost (75 of 100 there).
    const authors = ["{~$\\alpha$+0\\$\\alpha$$\\alpha$Z}'/.$*", 'a$\\alpha$ Author', 'Bo Builder', 'Di Dev'];
    const entries = readBack(toBibtex([paper('2601.00009', { authors, authorCount: 4 })]));
    expect(entries[0]!.fields.author).toHaveLength(4);
  });

  it('keeps the TeX of a well-formed title as arXiv writes it', () => {
    const tex = paper('2601.00006', { title: 'On $\\mathcal{O}(\\sqrt{n})$ regret with {BERT}' });
    expect(toBibtex([tex])).toContain('title={On $\\mathcal{O}(\\sqrt{n})$ regret with {BERT}}, \n');
  });
});
