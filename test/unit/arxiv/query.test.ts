import { describe, expect, it } from 'vitest';
import { parseAbsUrl } from '../../../lib/arxiv/arxiv-id';
import { ARXIV_API, arxivMinute, buildQueryUrl } from '../../../lib/arxiv/query';
import { parseArxivId } from '../../../lib/sites/arxiv-id';

/** The decoded parameters of a built URL, in order. */
function params(url: string): [string, string][] {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(ARXIV_API);
  return [...parsed.searchParams.entries()];
}

describe('buildQueryUrl', () => {
  it('ORs categories and ANDs the submission-date range, in GMT minutes', () => {
    const url = buildQueryUrl({
      categories: ['cs.AI', 'cs.LG', 'cs.CL'],
      submittedFrom: Date.UTC(2026, 2, 23, 0, 0, 0),
      submittedTo: Date.UTC(2026, 5, 14, 23, 59, 59, 999),
      start: 2000,
      maxResults: 2000,
      sortBy: 'submittedDate',
      sortOrder: 'descending',
    });
    expect(params(url)).toEqual([
      [
        'search_query',
        '(cat:cs.AI OR cat:cs.LG OR cat:cs.CL) AND submittedDate:[202603230000 TO 202606142359]',
      ],
      ['start', '2000'],
      ['max_results', '2000'],
      ['sortBy', 'submittedDate'],
      ['sortOrder', 'descending'],
    ]);
  });

  it('percent-encodes spaces and brackets but keeps colons readable', () => {
    const url = buildQueryUrl({ categories: ['cs.AI'], submittedFrom: 0, submittedTo: Date.UTC(2026, 0, 1) });
    expect(url).toBe(
      `${ARXIV_API}?search_query=cat:cs.AI%20AND%20submittedDate:%5B199101010000%20TO%20202601010000%5D`,
    );
    expect(url).not.toMatch(/[ [\]]/);
  });

  it('writes a single category without parentheses', () => {
    expect(params(buildQueryUrl({ categories: ['hep-ex'] }))).toEqual([['search_query', 'cat:hep-ex']]);
  });

  it('formats dates in GMT whatever the offset they were written with', () => {
    const from = Date.parse('2026-03-29T01:30:00+02:00'); // 2026-03-28 23:30 GMT
    expect(arxivMinute(from)).toBe('202603282330');
    expect(arxivMinute(Date.parse('2026-10-25T02:59:59.999Z'))).toBe('202610250259');
  });

  it('fills the missing end of a half-open date range', () => {
    const [, query] = params(buildQueryUrl({ submittedFrom: Date.UTC(2026, 5, 1) }))[0]!;
    expect(query).toBe('submittedDate:[202606010000 TO 999912312359]');
    const [, query2] = params(buildQueryUrl({ submittedTo: Date.UTC(2026, 5, 1) }))[0]!;
    expect(query2).toBe('submittedDate:[199101010000 TO 202606010000]');
  });

  it('sends an id_list with versions kept and commas and slashes unescaped', () => {
    const url = buildQueryUrl({
      idList: ['2606.01187', 'hep-ex/0307015v1', ' 1706.03762v7 '],
      maxResults: 3,
    });
    expect(url).toBe(`${ARXIV_API}?id_list=2606.01187,hep-ex/0307015v1,1706.03762v7&max_results=3`);
  });

  it.each([
    ['an injected query in a category', { categories: ['cs.AI OR all:bitcoin'] }],
    ['an ampersand in a category', { categories: ['cs.AI&max_results=5'] }],
    ['a non-id in id_list', { idList: ['1234.12345678'] }],
    ['a URL in id_list', { idList: ['https://arxiv.org/abs/2606.01187'] }],
    ['version 0', { idList: ['2606.01187v0'] }],
    ['more than 2000 results', { categories: ['cs.AI'], maxResults: 2001 }],
    ['a negative start', { categories: ['cs.AI'], start: -1 }],
    ['a fractional start', { categories: ['cs.AI'], start: 1.5 }],
    ['a reversed date range', { submittedFrom: Date.UTC(2026, 1, 1), submittedTo: Date.UTC(2026, 0, 1) }],
    ['a NaN date', { submittedFrom: Number.NaN }],
    ['nothing to search for', { start: 0 }],
  ])('refuses %s', (_name, query) => {
    expect(() => buildQueryUrl(query)).toThrow(RangeError);
  });
});

describe('arXiv ids', () => {
  it.each([
    ['2606.32040', { id: '2606.32040' }],
    ['2510.14968v1', { id: '2510.14968', version: 1 }],
    ['0704.0001', { id: '0704.0001' }],
    ['hep-ex/0307015', { id: 'hep-ex/0307015' }],
    // arXiv's canonical old-style id carries the archive only.
    ['math.AG/0101001v3', { id: 'math/0101001', version: 3 }],
  ])('parses %s', (text, expected) => {
    expect(parseArxivId(text)).toEqual(expected);
  });

  it.each(['', '2606.123', '2606.123456', 'hep-ex/030701', '2606.32040v', '2606.32040v0', '<script>'])(
    'rejects %j',
    (text) => {
      expect(parseArxivId(text)).toBeNull();
    },
  );

  it('normalises the archive of an old-style id to lower case, as arXiv writes it', () => {
    expect(parseArxivId('HEP-EX/0307015')).toEqual({ id: 'hep-ex/0307015' });
  });

  it('reads ids from abs URLs on arxiv.org only', () => {
    expect(parseAbsUrl('http://arxiv.org/abs/1706.03762v7')).toEqual({ id: '1706.03762', version: 7 });
    expect(parseAbsUrl('https://arxiv.org/abs/hep-ex/0307015')).toEqual({ id: 'hep-ex/0307015' });
    expect(parseAbsUrl('http://arxiv.org/api/errors#incorrect_id_format_for_1234.12345')).toBeUndefined();
    expect(parseAbsUrl('https://arxiv.org.evil.example/abs/1706.03762')).toBeUndefined();
  });
});
