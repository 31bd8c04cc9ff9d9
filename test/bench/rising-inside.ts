// The background's code on Node: IndexedDB (fake-indexeddb, slower than a browser's) and a browser stand-in.
import './seed-node-env';
import { IDBFactory } from 'fake-indexeddb';
import { createEmerging } from '@/lib/background/emerging';
import { createRisingInside } from '@/lib/background/rising-inside';
import { risingInsideLines } from '@/lib/cli/commands/discover';
import type { DiscoverPaper } from '@/lib/discover/acronym-aliases';
import { weekEnd, weekOf, weekStart } from '@/lib/discover/weekly';
import { toStored } from '@/lib/ingest/to-stored';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import type { IndexedPaper } from '@/lib/store/schema';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { compareTops } from './emerging-parity';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, TRACKED, yearScale } from './real-corpus';

const ms = (start: number) => Math.round(performance.now() - start);

/**
 * "Rising inside this topic" on a real-size 12-week index (the real corpus's tracked papers scaled to
 * arXiv's volume: copies keep a paper's text and day): the largest arXiv category and the largest fine topic,
 * first ask (read the topic's papers a day at a time, count, test) and the next one (kept), beside
 * Emerging's whole-index answer and the pure function on the same papers, counted in the same run; the list
 * against `pulse discover --topic` on the same papers. The lists themselves are shown from the unscaled
 * corpus: a copied paper makes a phrase of three real papers one of fourteen.
 */
export async function benchRisingInside(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const out: Record<string, number | string> = {};
  await onIndex(yearScale(YEAR_PAPERS), out, 'real size');
  await onIndex(1, out, 'unscaled');
  return out;
}

async function onIndex(scale: number, out: Record<string, number | string>, name: string) {
  const catalog = createCatalog(loadPack());
  const rows: IndexedPaper[] = corpusPapers({ weeks: 12, scale }).map((p) => toStored(catalog, TRACKED, p));
  globalThis.indexedDB = new IDBFactory();
  const db = await openIndexDb(`bench-rising-${name}`);
  for (let i = 0; i < rows.length; i += 2000) await writePapers(db, rows.slice(i, i + 2000));
  const since = Math.min(...rows.map((r) => r.published));
  const deps = {
    db: async () => db,
    isFineTopic: (id: string) => catalog.get(id)?.kind === 'fine',
    historyStart: async () => since,
  };
  out[`${name}: index papers`] = rows.length;
  let start = performance.now();
  if (name === 'real size') {
    await createEmerging(deps).answer();
    out[`${name}: baseline: Emerging, whole index, first answer (ms)`] = ms(start);
  }
  const sizes = new Map<string, number>();
  for (const r of rows) for (const t of r.tracked ? r.topics : []) sizes.set(t, (sizes.get(t) ?? 0) + 1);
  const bySize = [...sizes].sort((a, b) => b[1] - a[1]);
  for (const kind of ['category', 'fine'] as const) {
    const [id, size] = bySize.find(([t]) => catalog.get(t)?.kind === kind)!;
    const label = `${name}: largest ${kind} topic`;
    const inside = createRisingInside(deps);
    const info = catalog.require(id);
    const topic = { id, names: [info.name, ...info.aliases] };
    start = performance.now();
    const answer = await inside.answer(topic);
    out[`${label}: ${id}, papers`] = size;
    if (name === 'unscaled') {
      out[`${label}: phrases`] = (answer?.phrases ?? [])
        .map((e) => `${e.phrase} ${e.recent}/${e.previous}`)
        .join('; ');
      continue;
    }
    out[`${label}: first ask (ms)`] = ms(start);
    start = performance.now();
    await inside.answer(topic);
    out[`${label}: next ask, kept (ms)`] = ms(start);
    // The CLI's list on the same papers (from the answer's first week, as the extension reads them).
    const from = weekStart(answer!.firstWeek);
    const papers: DiscoverPaper[] = rows
      .filter((r) => r.tracked && r.topics.includes(id) && r.published >= from)
      .map((r) => ({ ...r, date: r.published }));
    const tagsOf = new Map(rows.map((r) => [r.id, r.topics]));
    const topicsOf = (p: DiscoverPaper) => (tagsOf.get(p.id) ?? []).filter(deps.isFineTopic);
    const T = weekEnd(weekOf(Math.max(...rows.map((r) => r.published))));
    start = performance.now();
    const cli = risingInsideLines(papers, T, topic, topicsOf, 30);
    out[`${label}: the pure function alone, same papers (ms)`] = ms(start);
    const diff = compareTops(answer!.phrases, cli);
    out[`${label}: same as CLI`] =
      `${diff.same} of ${answer!.phrases.length}, order ${diff.sameOrder ? 'same' : 'differs'}`;
  }
  db.close();
}
