// The index pipeline runs on Node with fake-indexeddb and a browser stand-in.
import './seed-node-env';
import { IDBFactory } from 'fake-indexeddb';
import { parseAtomFeed } from '@/lib/arxiv/atom';
import { createCatalog } from '@/lib/background/catalog';
import { toStored } from '@/lib/background/context';
import { createMomentumIndex } from '@/lib/background/momentum-index';
import type { Paper } from '@/lib/paper';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { annotationOf, paperRecord } from '@/lib/store/annotations';
import { openIndexDb } from '@/lib/store/open';
import { readAllCounts, writePapers } from '@/lib/store/papers';
import { loadPack } from '@/lib/topics/pack';
import { atomFeed } from '../e2e/fake-arxiv';
import { benchPapers } from './corpus';

export const BENCH_PAPERS = 50_000;
const PAGE = 500;

function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/**
 * The index pipeline on Node: Atom pages -> parser -> tagger -> store (fake-indexeddb, which is
 * slower than a browser's IndexedDB, so store times are an upper bound), then momentum for every topic.
 */
export async function benchIndexNode(n = BENCH_PAPERS) {
  globalThis.indexedDB = new IDBFactory();
  const end = Date.UTC(2026, 8, 30);
  const papers = benchPapers(n, end);
  const pages: string[] = [];
  for (let i = 0; i < papers.length; i += PAGE) {
    const slice = papers.slice(i, i + PAGE);
    pages.push(atomFeed(slice.map(fakeOf), papers.length, i));
  }
  const catalog = createCatalog(loadPack());
  const db = await openIndexDb('bench');

  let parsed: Paper[] = [];
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
  parsed = parsedPages.flat();

  const rows = stored.flat();
  // What IndexedDB holds per paper: its row in `papers` and its entry in an `annotations` shard.
  const encoder = new TextEncoder();
  const size = (x: unknown) => encoder.encode(JSON.stringify(x)).length;
  const bytes = rows.reduce((sum, row) => sum + size(paperRecord(row)) + size(annotationOf(row)), 0);
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
    papers: parsed.length,
    'parse CPU s': round(parseCpu),
    'tag CPU s': round(tagCpu),
    'store CPU s (fake-indexeddb)': round(storeCpu),
    'parse+tag+store CPU s': round(parseCpu + tagCpu + storeCpu),
    'bytes per paper (JSON of its paper row + annotation entry)': Math.round(bytes / rows.length),
    'topics per paper (fine + category)': round(topicsPerPaper),
    'topics with counts': topics.length,
    'momentum + weekly chart for every topic, ms': round(momentumMs),
  };
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
