import { parseBareId } from '../sites/arxiv-id';

/** One request to the arXiv API. Times are ms since epoch; the date range is inclusive. */
export interface ArxivQuery {
  categories?: string[];
  submittedFrom?: number;
  submittedTo?: number;
  idList?: string[];
  start?: number;
  /** At most `MAX_RESULTS_PER_PAGE` (arXiv's terms of use). */
  maxResults?: number;
  sortBy?: 'submittedDate' | 'lastUpdatedDate' | 'relevance';
  sortOrder?: 'ascending' | 'descending';
}

export const ARXIV_API = 'https://export.arxiv.org/api/query';
export const MAX_RESULTS_PER_PAGE = 2000;

// arXiv category names: `cs.AI`, `hep-ex`, `math.AG`, `q-fin.TR`, `physics.comp-ph`. Anything else is refused
// so a caller can never smuggle query syntax (`cs.AI OR all:x`) into the search.
const CATEGORY = /^[a-z][a-z-]*(?:\.[A-Za-z][A-Za-z-]*)?$/;
// The bounds used when only one end of a date range is given (arXiv needs both).
const EARLIEST = Date.UTC(1991, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59);

/**
 * The URL of one API request: categories OR-ed, AND-ed with the submission-date range, plus `id_list`,
 * paging and sort. Throws a RangeError for input that arXiv would reject or misread.
 */
export function buildQueryUrl(q: ArxivQuery): string {
  const clauses: string[] = [];
  const categories = q.categories ?? [];
  for (const category of categories) {
    if (!CATEGORY.test(category)) throw new RangeError(`not an arXiv category: ${JSON.stringify(category)}`);
  }
  if (categories.length === 1) clauses.push(`cat:${categories[0]}`);
  else if (categories.length > 1) clauses.push(`(${categories.map((c) => `cat:${c}`).join(' OR ')})`);
  if (q.submittedFrom !== undefined || q.submittedTo !== undefined) {
    // Clamped to the years arXiv can have papers in, which also keeps the date four digits long.
    const from = Math.max(q.submittedFrom ?? EARLIEST, EARLIEST);
    const to = Math.min(q.submittedTo ?? LATEST, LATEST);
    if (Number.isNaN(from) || Number.isNaN(to) || from > to) {
      throw new RangeError(`bad submission-date range ${q.submittedFrom}..${q.submittedTo}`);
    }
    clauses.push(`submittedDate:[${arxivMinute(from)} TO ${arxivMinute(to)}]`);
  }
  const ids = (q.idList ?? []).map((raw) => {
    const parsed = parseBareId(raw.trim());
    if (!parsed) throw new RangeError(`not an arXiv id: ${JSON.stringify(raw)}`);
    return parsed.version === undefined ? parsed.id : `${parsed.id}v${parsed.version}`;
  });
  if (clauses.length === 0 && ids.length === 0)
    throw new RangeError('an arXiv query needs categories, dates or ids');

  const params: [string, string][] = [];
  if (clauses.length > 0) params.push(['search_query', clauses.join(' AND ')]);
  if (ids.length > 0) params.push(['id_list', ids.join(',')]);
  if (q.start !== undefined)
    params.push(['start', String(checkCount('start', q.start, Number.MAX_SAFE_INTEGER))]);
  if (q.maxResults !== undefined) {
    params.push(['max_results', String(checkCount('maxResults', q.maxResults, MAX_RESULTS_PER_PAGE))]);
  }
  if (q.sortBy) params.push(['sortBy', q.sortBy]);
  if (q.sortOrder) params.push(['sortOrder', q.sortOrder]);
  return `${ARXIV_API}?${params.map(([k, v]) => `${k}=${encodeQueryValue(v)}`).join('&')}`;
}

/** arXiv's `YYYYMMDDHHMM`, in GMT. The range is inclusive at minute granularity, so seconds are dropped. */
export function arxivMinute(ms: number): string {
  const iso = new Date(ms).toISOString(); // always UTC: 2025-10-16T17:59:37.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

function checkCount(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be an integer in 0..${max}, got ${value}`);
  }
  return value;
}

// Percent-encode, but leave `:` `,` `/` readable: they are legal in a query component and arXiv's own links
// keep them (`cat:cs.RO`, `id_list=hep-ex/0307015,1706.03762`).
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%2F/g, '/');
}
