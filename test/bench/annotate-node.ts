// The background runs on Node with fake-indexeddb and a browser stand-in.
import './seed-node-env';
import { IDBFactory } from 'fake-indexeddb';
import { createBackgroundApp } from '@/lib/background/app';
import { indexTarget } from '@/lib/ingest/reindex';
import { toStored } from '@/lib/ingest/to-stored';
import { PROTOCOL } from '@/lib/messages/protocol';
import type { PaperRef } from '@/lib/paper';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { corpusMissing, corpusPapers } from './real-corpus';
import { spread } from './worker-cdp';

const SELF = { id: 'pp', origin: 'chrome-extension://pp' };
const CONTENT = { id: 'pp', url: 'https://arxiv.org/list/cs.AI/pastweek', tab: { id: 1 } };

/**
 * `papers.annotate` for a 2000-entry listing on one core, without Chrome around it: where the worker's
 * time goes (request validation, the handler) and what the messaging has to copy (structured clone of the
 * request and the answer, as Chrome serialises both). Real corpus papers, 12 weeks, every listed paper
 * in the index. Baseline: JSON.parse of the answer's own bytes.
 */
export async function benchAnnotateNode(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  globalThis.indexedDB = new IDBFactory();
  const catalog = createCatalog(loadPack());
  const papers = corpusPapers({ weeks: 12 }).sort((a, b) => b.published - a.published);
  const db = await openIndexDb();
  const rows = papers.map((p) => toStored(catalog, DEFAULT_SETTINGS.categories, p));
  for (let i = 0; i < rows.length; i += 2000) await writePapers(db, rows.slice(i, i + 2000));
  await db.put('meta', {
    key: 'reindex',
    value: { target: indexTarget(catalog.signature, DEFAULT_SETTINGS.categories), done: true },
  });
  db.close();
  const app = createBackgroundApp({
    openDb: () => openIndexDb(),
    loadPack,
    readSettings: async () => DEFAULT_SETTINGS,
    writeSettings: async () => undefined,
    fetch: async () => new Response('', { status: 503 }),
    self: SELF,
    alarms: { create: () => undefined, clear: async () => true },
    setBadge: async () => undefined,
    openTab: async () => undefined,
    sleep: async () => undefined,
  });
  const refs: PaperRef[] = papers.slice(0, 2000).map((p) => ({
    arxivId: p.id,
    title: p.title,
    authors: p.authors.slice(0, 3),
    categories: p.categories,
  }));
  const message = { name: 'papers.annotate', request: { papers: refs, evidence: false } };
  const time = (run: () => unknown, n = 15) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      run();
      ms.push(performance.now() - t);
    }
    return ms;
  };
  // Full and compact answers interleaved, so both see the same machine load.
  const dispatchMs: number[] = [];
  const compactMs: number[] = [];
  let answer: unknown;
  let compact: unknown;
  const ask = async (name: string, request: unknown, into: number[], i: number) => {
    const t = performance.now();
    const reply = (await app.dispatch({ name, request }, CONTENT)) as {
      ok: boolean;
      data?: unknown;
      error?: string;
    };
    if (!reply.ok) throw new Error(reply.error);
    if (i > 0) into.push(performance.now() - t);
    return reply.data;
  };
  const profile = process.env.PP_PROFILE ? await startProfile() : undefined;
  for (let i = 0; i < 16; i++) {
    answer = await ask('papers.annotate', message.request, dispatchMs, i);
    compact = await ask('papers.annotateCompact', { papers: refs }, compactMs, i);
  }
  if (profile) await profile(process.env.PP_PROFILE!);
  const text = JSON.stringify(answer);
  const compactText = JSON.stringify(compact);
  const a = answer as { results: unknown[]; topics: Record<string, unknown> };
  const pair = (a: () => unknown, b: () => unknown) => {
    const x: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 15; i++) {
      x.push(...time(a, 1));
      y.push(...time(b, 1));
    }
    return `${spread(x)} / ${spread(y)}`;
  };
  return {
    'listing papers (all in the index)': refs.length,
    'request KB / answer KB (JSON)': `${Math.round(JSON.stringify(message).length / 1024)} / ${Math.round(text.length / 1024)}`,
    'answer: results KB / topics KB (topics)': `${Math.round(JSON.stringify(a.results).length / 1024)} / ${Math.round(JSON.stringify(a.topics).length / 1024)} (${Object.keys(a.topics).length})`,
    'baseline: JSON.parse of the answer, ms': spread(time(() => JSON.parse(text))),
    'dispatch (validate + handler), warm, ms': spread(dispatchMs),
    'request validation alone (zod), ms': spread(
      time(() => PROTOCOL['papers.annotate'].request.parse(message.request)),
    ),
    'structured clone of the request, ms': spread(time(() => structuredClone(message))),
    'structured clone of the answer, ms': spread(time(() => structuredClone(answer))),
    'JSON.stringify + parse of the answer / of the compact answer (what Chrome messaging does), ms': pair(
      () => JSON.parse(JSON.stringify(answer)),
      () => JSON.parse(JSON.stringify(compact)),
    ),
    'compact answer: KB (x full)': `${Math.round(compactText.length / 1024)} (x${(compactText.length / text.length).toFixed(2)})`,
    'compact: dispatch, warm, ms': spread(compactMs),
  };
}

/** PP_PROFILE=file.cpuprofile: a V8 CPU profile of the dispatches alone (open it in DevTools). */
async function startProfile() {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file: string) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
