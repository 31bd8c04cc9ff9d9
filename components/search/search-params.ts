/** What search.html?q=…&topic=…&from=YYYY-MM-DD&to=YYYY-MM-DD asks for. */
export interface SearchParams {
  q: string;
  topic: string;
  /** `YYYY-MM-DD` (UTC days, like paper dates), or '' for no bound. */
  from: string;
  to: string;
}

export function readSearchParams(search: string): SearchParams {
  const params = new URLSearchParams(search);
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
  };
  return {
    q: (params.get('q') ?? '').slice(0, 500),
    topic: params.get('topic') ?? '',
    from: day('from'),
    to: day('to'),
  };
}

export function writeSearchParams(p: SearchParams): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'topic', 'from', 'to'] as const) if (p[key]) params.set(key, p[key]);
  return `?${params.toString()}`;
}

/** The request's date bounds: from the start of `from` to the end of `to` (UTC). */
export function dateBounds(p: SearchParams): { from?: number; to?: number } {
  const bounds: { from?: number; to?: number } = {};
  if (p.from) bounds.from = Date.parse(`${p.from}T00:00:00Z`);
  if (p.to) bounds.to = Date.parse(`${p.to}T23:59:59.999Z`);
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
