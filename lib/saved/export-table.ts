import { isoTime } from '../dates';
import type { SavedPaper } from '../messages/schemas';

const CSV_COLUMNS = [
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
];

/** One row per paper, RFC 4180 quoting; dates as ISO days, lists joined by "; ". */
export function toCsv(papers: readonly SavedPaper[]): string {
  const rows = papers.map((p) => [
    p.id,
    p.title,
    p.authors.join('; ') + (p.authorCount > p.authors.length ? '; et al.' : ''),
    isoDay(p.published),
    p.primary,
    p.categories.join('; '),
    p.topics.map((t) => t.name).join('; '),
    p.read ? 'read' : 'unread',
    isoDay(p.savedAt),
    `https://arxiv.org/abs/${p.id}`,
  ]);
  return `${[CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function csvCell(value: string): string {
  // A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with ' (OWASP CSV
  // injection); so is one that starts with ' itself, so that dropping one leading ' always gives the value.
  const safe = /^[=+\-@\t\r']/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The list as data: what a script or another reference manager reads; a date not known is null. */
export function toJson(papers: readonly SavedPaper[]): string {
  const list = papers.map((p) => ({
    id: p.id,
    title: p.title,
    authors: p.authors,
    authorCount: p.authorCount,
    published: (p.published && isoTime(p.published)) || null,
    updated: (p.updated && isoTime(p.updated)) || null,
    primary: p.primary,
    categories: p.categories,
    topics: p.topics.map((t) => t.id),
    ...(p.doi === undefined ? {} : { doi: p.doi }),
    read: p.read,
    savedAt: isoTime(p.savedAt) ?? null,
    url: `https://arxiv.org/abs/${p.id}`,
  }));
  return `${JSON.stringify(list, null, 2)}\n`;
}

/** The UTC day; '' for a date not known (0) or out of range (kept from an old backup). */
function isoDay(ms: number): string {
  return (ms && isoTime(ms)?.slice(0, 10)) || '';
}
