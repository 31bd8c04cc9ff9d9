/** What search.html?q=…&topic=…&from=YYYY-MM-DD&to=YYYY-MM-DD asks for. */
export interface SearchParams {
  q: string;
  topic: string;
  /** `YYYY-MM-DD` (UTC days, like paper dates), or '' for no bound. */
  from: string;
  to: string;
  /** Dates of the address that are no calendar day, as `2026-13-45 (from)`: left out, and the page says so. */
  ignored?: string[];
}

/** A real calendar day `YYYY-MM-DD` (2026-13-45 and 2026-02-30 have the shape, but are none). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export function readSearchParams(search: string): SearchParams {
  const params = new URLSearchParams(search);
  const ignored: string[] = [];
  const day = (key: 'from' | 'to') => {
    const value = params.get(key) ?? '';
    if (value === '' || isCalendarDay(value)) return value;
    ignored.push(`${value.slice(0, 40)} (${key})`);
    return '';
  };
  const read: SearchParams = {
    q: (params.get('q') ?? '').slice(0, 500),
    topic: params.get('topic') ?? '',
    from: day('from'),
    to: day('to'),
  };
  return ignored.length > 0 ? { ...read, ignored } : read;
}

/** What the page says of the dates it left out, or undefined when it left none. */
export function ignoredDatesNote(p: SearchParams): string | undefined {
  const ignored = p.ignored ?? [];
  if (ignored.length === 0) return undefined;
  const searched = p.from || p.to ? 'Searched with the other date only' : 'Searched all dates';
  return `${searched}: ${ignored.join(' and ')} ${ignored.length > 1 ? 'are not dates' : 'is not a date'}.`;
}

export function writeSearchParams(p: SearchParams): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'topic', 'from', 'to'] as const) if (p[key]) params.set(key, p[key]);
  return `?${params.toString()}`;
}

/** The request's date bounds: from the start of `from` to the end of `to` (UTC). */
export function dateBounds(p: SearchParams): { from?: number; to?: number } {
  const bounds: { from?: number; to?: number } = {};
  const from = p.from ? Date.parse(`${p.from}T00:00:00Z`) : Number.NaN;
  const to = p.to ? Date.parse(`${p.to}T23:59:59.999Z`) : Number.NaN;
  // No bound rather than NaN, which the background refuses as a bad request.
  if (Number.isFinite(from)) bounds.from = from;
  if (Number.isFinite(to)) bounds.to = to;
  return bounds;
}

/** The `search.papers` request for `p`: one page of `limit` results, from `offset` when paging on. */
export function searchRequest(p: SearchParams, limit: number, offset?: number) {
  return {
    query: p.q.trim(),
    ...(offset === undefined ? {} : { offset }),
    limit,
    ...dateBounds(p),
    ...(p.topic ? { topic: p.topic } : {}),
  };
}
