import { describe, expect, it } from 'vitest';
import type { SavedPaper } from '@/lib/messages/schemas';
import { bibtexKey, toBibtex } from '@/lib/saved/bibtex';
import { toCsv, toJson } from '@/lib/saved/export-table';
import { filterSaved, savedTopics } from '@/lib/saved/filter-saved';

const attention: SavedPaper = {
  id: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar'],
  authorCount: 3,
  primary: 'cs.CL',
  categories: ['cs.CL', 'cs.LG'],
  published: Date.UTC(2017, 5, 12),
  updated: Date.UTC(2023, 7, 2),
  topics: [{ id: 'transformers', name: 'Transformers' }],
  savedAt: Date.UTC(2026, 9, 1),
  read: false,
};

describe('BibTeX export (as arXiv writes it)', () => {
  it('writes the entry arXiv exports for 1706.03762, key and fields alike', () => {
    expect(toBibtex([attention])).toBe(
      `@misc{vaswani2023attentionneed,
      title={Attention Is All You Need}, 
      author={Ashish Vaswani and Noam Shazeer and Niki Parmar},
      year={2023},
      eprint={1706.03762},
      archivePrefix={arXiv},
      primaryClass={cs.CL},
      url={https://arxiv.org/abs/1706.03762}, 
}
`,
    );
  });

  it('keys: four non-stop words, letters and digits only; an author list cut short ends with others', () => {
    const paper = {
      ...attention,
      id: 'hep-th/9901001',
      title: 'On the  Large-N Limit of Superconformal Field Theories and Supergravity',
      authors: ['Juan Maldacena'],
      authorCount: 4,
      updated: 0,
      published: Date.UTC(1997, 10, 27),
      doi: '10.1023/A:1026654312961',
    };
    expect(bibtexKey(paper)).toBe('maldacena1997largenlimitsuperconformalfield');
    const entry = toBibtex([paper]);
    expect(entry).toContain('author={Juan Maldacena and others},');
    expect(entry).toContain(
      'title={On the Large-N Limit of Superconformal Field Theories and Supergravity}, ',
    );
    expect(entry).toContain('      doi={https://doi.org/10.1023/A:1026654312961},\n');
    expect(entry).toContain('eprint={hep-th/9901001},');
    expect(bibtexKey({ ...paper, authors: [], title: '', published: 0 })).toBe('unknownunknown');
  });
});

describe('CSV and JSON export', () => {
  it('quotes cells with commas, quotes and newlines, and defuses formulas', () => {
    const csv = toCsv([{ ...attention, title: '=HYPERLINK("x"), "quoted"\nline', read: true }]);
    expect(csv.split('\r\n')[0]).toBe(
      'id,title,authors,published,primary,categories,topics,read,savedAt,url',
    );
    expect(csv).toContain(
      `\r\n1706.03762,"'=HYPERLINK(""x""), ""quoted""\nline",Ashish Vaswani; Noam Shazeer; Niki Parmar,2017-06-12,cs.CL,cs.CL; cs.LG,Transformers,read,2026-10-01,https://arxiv.org/abs/1706.03762\r\n`,
    );
  });

  it('JSON lists each paper with ISO dates and topic ids', () => {
    const [entry] = JSON.parse(toJson([attention]));
    expect(entry).toMatchObject({
      id: '1706.03762',
      published: '2017-06-12T00:00:00.000Z',
      topics: ['transformers'],
      read: false,
      url: 'https://arxiv.org/abs/1706.03762',
    });
  });
});

describe('Saved page filters', () => {
  const other: SavedPaper = {
    ...attention,
    id: '2601.00001',
    topics: [{ id: 'agentic-rl', name: 'Agentic RL' }],
    read: true,
    savedAt: attention.savedAt + 1,
  };
  it('filters by read state and topic, newest saved first', () => {
    expect(filterSaved([attention, other], { state: 'all' }).map((p) => p.id)).toEqual([
      '2601.00001',
      '1706.03762',
    ]);
    expect(filterSaved([attention, other], { state: 'unread' }).map((p) => p.id)).toEqual(['1706.03762']);
    expect(filterSaved([attention, other], { state: 'read', topic: 'transformers' })).toEqual([]);
    expect(filterSaved([attention, other], { state: 'all', topic: 'agentic-rl' }).map((p) => p.id)).toEqual([
      '2601.00001',
    ]);
    expect(savedTopics([attention, other, { ...other, id: '2601.00002' }])).toEqual([
      { id: 'agentic-rl', name: 'Agentic RL', count: 2 },
      { id: 'transformers', name: 'Transformers', count: 1 },
    ]);
  });
});
