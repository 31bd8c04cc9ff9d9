import type { Send } from '../messages/client';
import type { FoundPaper, SiteAdapter } from '../sites/types';
import { ANNOTATE_FIRST, type AnnotateChunk, annotateInChunks } from './annotate-papers';
import { type AnswerIntake, createAnswerIntake } from './answer-intake';
import { createDrawScheduler, type DrawScheduler } from './draw-scheduler';
import { createHostRecords, type HostRecord, type PageLayout } from './host-records';
import type { InpageRenderer } from './inpage-renderer';
import { listingSlot } from './listing-slot';
import { markTiming } from './mark-timing';
import { createNearRows, type NearRows } from './near-rows';
import { entryWidth, keyPapers } from './paper-hosts';
import { readPapers } from './read-papers';
import { afterFrame, type SliceOptions, yieldToMain } from './slice-work';
import type { TopicStore } from './topic-store';
import { inViewportOrder } from './viewport-order';

export interface SessionDeps {
  doc: Document;
  send: Send;
  store: TopicStore;
  renderer: InpageRenderer;
  /** The content script's lifetime (WXT's ctx.signal): once aborted, no work continues. */
  signal: AbortSignal;
  /** Marks the hosts this run made, so tearing down never removes a newer run's hosts. */
  owner?: string;
  /** Tests pass an instant `yieldFn`: every pause (between tasks or frames) then resolves at once. */
  slice?: Pick<SliceOptions, 'budgetMs' | 'yieldFn' | 'now'>;
}

/**
 * Hosts put into the page per frame. Every frame that inserts rows relays out the page below them (tens
 * of ms on a 2000-entry listing whatever the count), so batches are large; the first holds the rows in view.
 */
const INSERT_BATCH = 400;

export interface PageSession {
  /** Decorates the page as `adapter` sees it now: adds missing hosts, drops stale ones, never doubles. */
  sync(adapter: SiteAdapter | undefined, url: URL): Promise<void>;
  /** Forgets the answers and asks the background again (after tracking a category). */
  refresh(): Promise<void>;
  destroy(): void;
}

/** A page's papers as one run found them: keyed, in viewport order, and how their rows are laid out. */
interface FoundPage {
  ordered: { key: string; paper: FoundPaper }[];
  layout: PageLayout;
}

/**
 * The content script's work on one page: the hosts (host-records.ts), the answers (answer-intake.ts) and
 * when rows are drawn (draw-scheduler.ts), run by `sync` in order: read the page, ask for what is not
 * known, put the hosts in (the rows in view first) and draw each chunk's rows as its answer comes in.
 */
export function createPageSession(deps: SessionDeps): PageSession {
  const { doc, send, store, renderer, signal } = deps;
  const owner = deps.owner ?? Math.random().toString(36).slice(2);
  const hosts = createHostRecords(doc, renderer, owner);
  const intake = createAnswerIntake(store, hosts.get);
  const listing = listingSlot(doc, store, renderer, owner);
  let generation = 0;
  let destroyed = false;
  let last: { adapter: SiteAdapter | undefined; url: URL } | null = null;
  const betweenTasks = deps.slice?.yieldFn ?? yieldToMain;
  const betweenFrames = deps.slice?.yieldFn ?? (() => afterFrame(doc.defaultView));
  const sliced = (stopped: () => boolean): SliceOptions => ({
    ...deps.slice,
    yieldFn: betweenTasks,
    shouldStop: stopped,
  });
  const drawing = createDrawScheduler({
    doc,
    renderer,
    store,
    records: hosts.values,
    retry: () => void (last && sync(last.adapter, last.url)),
    ended: () => destroyed || signal.aborted,
    ...(deps.slice ? { slice: deps.slice } : {}),
  });
  const updateListing = () => listing.update(hosts.values(), intake.status());
  // A long listing's rows get their host as they come near the viewport, and are drawn then.
  const near = createNearRows(doc, drawing, hosts.place, () => destroyed || signal.aborted);

  const run: Run = {
    doc,
    intake,
    drawing,
    near,
    place: hosts.place,
    betweenTasks,
    betweenFrames,
    sliced,
    updateListing,
  };

  async function sync(adapter: SiteAdapter | undefined, url: URL): Promise<void> {
    const mine = ++generation;
    const stopped = () => mine !== generation || signal.aborted;
    last = { adapter, url };
    const page = await readPage(run, adapter, url, stopped);
    if (!page) return;
    // The background starts on the answers while the hosts go in.
    const missing = page.ordered.filter((k) => !intake.known.has(k.key));
    const chunks = annotateInChunks(
      send,
      missing.map((m) => m.paper.ref),
      // A listing's answer leaves out the evidence (a fifth of the size): a card asks for its paper's.
      {
        shouldStop: stopped,
        evidence: !page.layout.compact,
        // The rows in view first, in a request of their own; each request goes out in a task of its own.
        first: ANNOTATE_FIRST,
        pause: betweenTasks,
      },
    );
    intake.begin(missing.length);
    // Hosts are built off the page (no layout), then put in a batch a frame, the rows in view first.
    const toPlace = await hosts.reconcile(page.ordered, page.layout, intake.known, sliced(stopped));
    if (!toPlace) return;
    listing.place(adapter);
    const placed = await placeRows(run, toPlace, chunks[0], missing, stopped, page.layout.lazy === true);
    if (!placed) return;
    updateListing();
    const drawn = placed.nearOnly ? near.markFirstDrawn : undefined;
    if (!(await drawAnswers(run, chunks, missing, placed.drewFirst, stopped, drawn))) return;
    // Rows answered by an earlier run (kept annotations) and rows a store change left stale.
    if (!(await drawing.drawAll(hosts.values(), stopped))) return;
    updateListing();
    markTiming(doc, 'paperpulse:decorated', hosts.size);
  }

  return {
    sync,
    async refresh() {
      intake.forget();
      if (last) await sync(last.adapter, last.url);
    },
    destroy() {
      generation++;
      destroyed = true;
      near.stop();
      drawing.destroy();
      hosts.dropAll();
      listing.destroy();
      renderer.destroy?.();
    },
  };
}

/** What the steps of a run share. */
interface Run {
  doc: Document;
  intake: AnswerIntake;
  drawing: DrawScheduler;
  near: NearRows;
  /** Puts a row's host in the page (made then for a lazy layout). */
  place(rec: HostRecord): void;
  betweenTasks(): Promise<void>;
  betweenFrames(): Promise<void>;
  sliced(stopped: () => boolean): SliceOptions;
  updateListing(): void;
}

async function readPage(
  run: Run,
  adapter: SiteAdapter | undefined,
  url: URL,
  stopped: () => boolean,
): Promise<FoundPage | null> {
  // The script's start-up and reading the page are separate tasks.
  await run.betweenTasks();
  if (stopped()) return null;
  const found = await readPapers(adapter, run.doc, url, run.sliced(stopped));
  if (!found || stopped()) return null;
  const keyed = keyPapers(found);
  markTiming(run.doc, 'paperpulse:extracted', keyed.length);
  const compact = Boolean(adapter?.listRoot) || keyed.length > 1;
  // Layout is read before anything is written: it is clean now, so the reads cost nothing.
  const width = compact ? entryWidth(keyed[0]?.paper) : undefined;
  const ordered = keyed.length > 1 ? inViewportOrder(keyed, (k) => k.paper.entry) : keyed;
  const lazy = compact && run.near.decides(keyed.length);
  return {
    ordered,
    layout: { compact, ...(width !== undefined ? { width } : {}), ...(lazy ? { lazy } : {}) },
  };
}

/**
 * Places the rows: a long listing's as they come near the viewport (./near-rows.ts), any other's at once.
 * Undefined when stopped.
 */
async function placeRows(
  run: Run,
  toPlace: readonly HostRecord[],
  first: AnnotateChunk | undefined,
  asked: readonly { key: string }[],
  stopped: () => boolean,
  lazy: boolean,
): Promise<{ drewFirst: boolean; nearOnly: boolean } | undefined> {
  if (lazy) {
    run.near.watch(toPlace);
    return { drewFirst: true, nearOnly: true };
  }
  run.near.stop();
  const drewFirst = await insertHosts(run, toPlace, first, asked, stopped);
  if (drewFirst === undefined) return undefined;
  markTiming(run.doc, 'paperpulse:inserted', toPlace.length);
  return { drewFirst, nearOnly: false };
}

/**
 * Puts the hosts in a batch a frame, the rows in view first; those rows get their chips as soon as
 * their answer is in, before the rest go in. Whether they did (undefined when stopped).
 */
async function insertHosts(
  run: Run,
  toPlace: readonly HostRecord[],
  first: AnnotateChunk | undefined,
  asked: readonly { key: string }[],
  stopped: () => boolean,
): Promise<boolean | undefined> {
  let early = false;
  for (let i = 0; i < toPlace.length; i += INSERT_BATCH) {
    if (i > 0 && !(await pause(run.betweenFrames, stopped))) return undefined;
    for (const rec of toPlace.slice(i, i + INSERT_BATCH)) {
      run.place(rec);
      run.drawing.draw(rec); // a single paper says "finding topics…" at once
    }
    if (!early && first?.outcome && i + INSERT_BATCH < toPlace.length) {
      early = true;
      if (!(await pause(run.betweenFrames, stopped))) return undefined;
      const inView = run.intake.take(first, asked).slice(0, run.drawing.batch());
      for (const rec of inView) run.drawing.draw(rec);
      markTiming(run.doc, 'paperpulse:first-drawn', inView.length);
    }
  }
  return early;
}

/** Draws each chunk's rows as its answer comes in, in order; false when stopped. */
async function drawAnswers(
  run: Run,
  chunks: readonly AnnotateChunk[],
  asked: readonly { key: string }[],
  drewFirst: boolean,
  stopped: () => boolean,
  /** Rows placed near the viewport: says when the first of them shows its chips. */
  drawn?: (recs: readonly HostRecord[]) => void,
): Promise<boolean> {
  for (const [n, chunk] of chunks.entries()) {
    await chunk.answer.catch(() => undefined);
    if (stopped()) return false;
    const recs = run.intake.take(chunk, asked);
    if (n === chunks.length - 1) {
      run.intake.finish();
      markTiming(run.doc, 'paperpulse:answered', asked.length);
    }
    if (!(await run.drawing.drawAll(recs, stopped))) return false;
    drawn?.(recs);
    if (n === 0 && !drewFirst) markTiming(run.doc, 'paperpulse:first-drawn', recs.length);
    run.updateListing();
  }
  return true;
}

/** Waits with `wait`; false when the work was stopped meanwhile. */
async function pause(wait: () => Promise<void>, stopped: () => boolean): Promise<boolean> {
  await wait();
  return !stopped();
}
