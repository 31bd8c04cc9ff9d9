// The extension's Emerging runs on its own store code here: IndexedDB and a browser stand-in on Node.
import './seed-node-env';
import { IDBFactory } from 'fake-indexeddb';
import { createEmerging } from '@/lib/background/emerging';
import { discoverLines } from '@/lib/cli/commands/discover';
import type { DiscoverPaper } from '@/lib/discover/acronym-aliases';
import { weekEnd, weekOf } from '@/lib/discover/weekly';
import { toStored } from '@/lib/ingest/to-stored';
import type { Paper } from '@/lib/paper';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { readCorpus } from '../eval/corpus';
import { TRACKED } from './real-corpus';

const DAY = 86_400_000;
const TOP = 30;
/** Three Sundays of the TEST months (2026-01..03): each answer's last week is whole. */
export const PARITY_DATES = ['2026-01-25', '2026-02-22', '2026-03-29'];

interface Row {
  phrase: string;
  recent: number;
  previous: number;
}

/**
 * The extension's top 30 (lib/background/emerging.ts on an index of the real corpus's tracked papers, kept
 * weekly counts and all) against the CLI's exact top 30 (`pulse discover` on the same papers, each window
 * counted from the papers) at three dates. Same phrase, same recent and previous counts, or the difference
 * is listed. The index covers sixteen weeks before each date, as a 16-week history would.
 */
export async function emergingParity(dates = PARITY_DATES): Promise<Record<string, number | string>> {
  const catalog = createCatalog(loadPack());
  const corpus = readCorpus();
  const out: Record<string, number | string> = {};
  for (const date of dates) {
    const end = Date.parse(`${date}T00:00:00Z`) + DAY;
    const from = end - 16 * 7 * DAY;
    const papers: Paper[] = corpus
      .filter((p) => p.categories.some((c) => TRACKED.includes(c)))
      .map((p, i) => ({ p, published: Date.parse(`${p.announced}T00:00:00Z`) + (i % 1000) * 60_000 }))
      .filter(({ published }) => published >= from && published < end)
      .map(({ p, published }) => ({
        id: p.id,
        title: p.title,
        abstract: p.abstract,
        authors: p.authors.slice(0, 10),
        authorCount: p.authors.length,
        categories: p.categories,
        primary: p.categories[0]!,
        published,
        updated: published,
      }));
    globalThis.indexedDB = new IDBFactory();
    const db = await openIndexDb(`parity-${date}`);
    const rows = papers.map((p) => toStored(catalog, TRACKED, p));
    for (let i = 0; i < rows.length; i += 2000) await writePapers(db, rows.slice(i, i + 2000));
    const emerging = createEmerging({
      db: async () => db,
      isFineTopic: (id) => catalog.get(id)?.kind === 'fine',
      historyStart: async () => from,
    });
    const answer = await emerging.answer();
    db.close();
    const extension: Row[] = answer?.phrases ?? [];
    const T = weekEnd(weekOf(Math.max(...papers.map((p) => p.published))));
    const dated: DiscoverPaper[] = papers.map((p) => ({ ...p, date: p.published }));
    const tagsOf = new Map(rows.map((r) => [r.id, r.topics]));
    const topicsOf = (p: DiscoverPaper) =>
      (tagsOf.get(p.id) ?? []).filter((id) => catalog.get(id)?.kind === 'fine');
    const cli: Row[] = discoverLines(dated, T, topicsOf, TOP);
    const diff = compareTops(extension, cli);
    out[`${date}: papers`] = papers.length;
    out[`${date}: same phrase and counts`] = `${diff.same} of ${cli.length}`;
    out[`${date}: same order`] = diff.sameOrder ? 'yes' : 'no';
    diff.lines.forEach((line, i) => {
      out[`${date}: difference ${i + 1}`] = line;
    });
    out[`${date}: CLI top ${TOP}`] = cli.map((r) => `${r.phrase} ${r.recent}/${r.previous}`).join('; ');
  }
  return out;
}

/** What differs between the extension's list and the CLI's: missing, extra, or other counts. */
export function compareTops(extension: readonly Row[], cli: readonly Row[]) {
  const ext = new Map(extension.map((r, i) => [r.phrase, { ...r, rank: i + 1 }]));
  const ref = new Map(cli.map((r, i) => [r.phrase, { ...r, rank: i + 1 }]));
  const lines: string[] = [];
  let same = 0;
  for (const r of ref.values()) {
    const e = ext.get(r.phrase);
    if (!e) lines.push(`CLI #${r.rank} "${r.phrase}" ${r.recent}/${r.previous}: not in the extension's list`);
    else if (e.recent !== r.recent || e.previous !== r.previous) {
      lines.push(
        `"${r.phrase}": CLI #${r.rank} ${r.recent}/${r.previous}, extension #${e.rank} ${e.recent}/${e.previous}`,
      );
    } else same++;
  }
  for (const e of ext.values()) {
    if (!ref.has(e.phrase)) {
      lines.push(`extension #${e.rank} "${e.phrase}" ${e.recent}/${e.previous}: not in the CLI's list`);
    }
  }
  const sameOrder = extension.length === cli.length && extension.every((r, i) => r.phrase === cli[i]!.phrase);
  return { same, sameOrder, lines };
}
