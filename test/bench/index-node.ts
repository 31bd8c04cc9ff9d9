// The index pipeline runs on Node with fake-indexeddb and a browser stand-in.
import './seed-node-env';
import { IDBFactory } from 'fake-indexeddb';
import { parseAtomFeed } from '@/lib/arxiv/atom';
import { toStored } from '@/lib/ingest/to-stored';
import { createMomentumIndex } from '@/lib/momentum/momentum-index';
import type { Paper } from '@/lib/paper';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { annotationOf, paperRecord } from '@/lib/store/annotations';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import { readAllCounts } from '@/lib/store/papers';
import type { IndexedPaper } from '@/lib/store/schema';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { atomFeed } from '../e2e/fake-arxiv';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';

/** Papers a year of cs.AI + cs.LG + cs.CL is scaled to (arXiv's volume; the corpus holds about 33k of them). */
export const YEAR_PAPERS = 150_000;
const PAGE = 2000;

function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/**
 * The index pipeline on Node on the real corpus: Atom pages (2000 entries, arXiv's most) -> parser ->
 * tagger -> store (fake-indexeddb, slower than a browser's IndexedDB, so store times are an upper bound),
 * then momentum for every topic. Twelve weeks and a whole year of the tracked categories, both scaled to
 * arXiv's volume (copies with new ids, see real-corpus.ts). Baseline: JSON.parse of the same papers as JSON.
 */
export async function benchIndexNode(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const scale = yearScale(YEAR_PAPERS);
  const out: Record<string, number | string> = {
    scaling: `each real cs.AI/LG/CL paper x${scale.toFixed(2)} (copies keep text and day, get new ids)`,
  };
  for (const weeks of [12, 52]) {
    const r = await pipeline(corpusPapers({ weeks, scale }));
    for (const [k, v] of Object.entries(r)) out[`${weeks} weeks: ${k}`] = v;
  }
  return out;
}

async function pipeline(papers: Paper[]) {
  globalThis.indexedDB = new IDBFactory();
  const pages: string[] = [];
  const json: string[] = [];
  for (let i = 0; i < papers.length; i += PAGE) {
    const slice = papers.slice(i, i + PAGE);
    pages.push(atomFeed(slice.map(fakeOf), papers.length, i));
    json.push(JSON.stringify(slice));
  }
  const catalog = createCatalog(loadPack());
  const db = await openIndexDb('bench');

  const jsonStart = process.cpuUsage();
  for (const text of json) JSON.parse(text);
  const jsonCpu = cpuSeconds(jsonStart);
  const parseStart = process.cpuUsage();
  const parsedPages = pages.map((xml) => parseAtomFeed(xml).papers);
  const parseCpu = cpuSeconds(parseStart);

  const tagStart = process.cpuUsage();
  const stored = parsedPages.map((page) =>
    page.map((p) => toStored(catalog, DEFAULT_SETTINGS.categories, p)),
  );
  const tagCpu = cpuSeconds(tagStart);

  const storeStart = process.cpuUsage();
  for (const page of stored) await writePapers(db, page);
  const storeCpu = cpuSeconds(storeStart);

  const rows = stored.flat();
  const topicsPerPaper = rows.reduce((sum, row) => sum + row.topics.length, 0) / rows.length;
  const counts = await readAllCounts(db);
  const momentum = createMomentumIndex(counts);
  const topics = momentum.topics();
  const momentumStart = performance.now();
  for (const topic of topics) {
    momentum.momentum(topic);
    momentum.weekly(topic);
  }
  const momentumMs = performance.now() - momentumStart;
  db.close();

  return {
    papers: rows.length,
    'Atom MB': round(pages.reduce((s, p) => s + p.length, 0) / 1e6),
    'JSON.parse of the same papers as JSON (baseline), CPU s': round(jsonCpu),
    'parse CPU s (x JSON.parse)': `${round(parseCpu)} (x${round(parseCpu / jsonCpu)})`,
    'tag CPU s (x JSON.parse)': `${round(tagCpu)} (x${round(tagCpu / jsonCpu)})`,
    'store CPU s, fake-indexeddb (x JSON.parse)': `${round(storeCpu)} (x${round(storeCpu / jsonCpu)})`,
    'topics per paper (fine + category)': round(topicsPerPaper),
    ...storedBytes(rows),
    'topics with counts': topics.length,
    'momentum + weekly chart for every topic, ms': round(momentumMs),
  };
}

/**
 * Bytes per paper as JSON (IndexedDB's structured clone is of the same order; the Chromium section measures
 * the real disk use): its `papers` row and its `annotations` entry, and what each field costs.
 */
export function storedBytes(rows: readonly IndexedPaper[]): Record<string, number | string> {
  const encoder = new TextEncoder();
  const size = (x: unknown) => encoder.encode(JSON.stringify(x)).length;
  const fields = new Map<string, number>();
  let rowBytes = 0;
  let annotationBytes = 0;
  for (const row of rows) {
    const record = paperRecord(row);
    const entry = annotationOf(row);
    rowBytes += size(record);
    annotationBytes += size(entry) + size(row.id) + 1;
    for (const [k, v] of Object.entries(record)) add(fields, `row.${k}`, size({ [k]: v }) - 1);
    for (const [k, v] of Object.entries(entry)) add(fields, `annotation.${k}`, size({ [k]: v }) - 1);
  }
  const per = (x: number) => Math.round(x / rows.length);
  return {
    'stored bytes per paper as JSON: row + annotation entry': `${per(rowBytes + annotationBytes)} (${per(rowBytes)} + ${per(annotationBytes)})`,
    'bytes per paper by field': [...fields]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${per(v)}`)
      .join(', '),
  };
}

function add(map: Map<string, number>, key: string, n: number) {
  map.set(key, (map.get(key) ?? 0) + n);
}

function fakeOf(p: Paper) {
  return {
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    authors: p.authors,
    categories: p.categories,
    published: p.published,
  };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
