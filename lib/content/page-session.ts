import { errorText, type Send } from '../messages/client';
import type { Annotation } from '../messages/schemas';
import { safely } from '../safely';
import type { FoundPaper, SiteAdapter } from '../sites/types';
import { type AnnotateChunk, annotateInChunks } from './annotate-papers';
import { createFramePacer } from './frame-pacer';
import type { InpageRenderer } from './inpage-renderer';
import { createListingController, type ListingController } from './listing-controller';
import { createHost, hostsInDocument, keyPapers, mountIn, placeHost } from './paper-hosts';
import type { PaperView } from './paper-view';
import { readPapers } from './read-papers';
import { afterFrame, forEachSliced, type SliceOptions, yieldToMain } from './slice-work';
import type { StoreChange, TopicStore } from './topic-store';
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
/**
 * Rows drawn per frame, at least (frame-pacer.ts grows it where frames are cheap): the frame lays them
 * out. Below this, a loaded machine's fixed cost per frame would only stretch the drawing out.
 */
const DRAW_BATCH = 60;

interface HostRecord {
  key: string;
  host: HTMLElement;
  /** Inside the shadow root: where the row is rendered (a listing row gets it when first drawn). */
  mount: HTMLElement | null;
  paper: FoundPaper;
  compact: boolean;
  width?: number;
  view: PaperView;
  rendered: PaperView | null;
}

export interface PageSession {
  /** Decorates the page as `adapter` sees it now: adds missing hosts, drops stale ones, never doubles. */
  sync(adapter: SiteAdapter | undefined, url: URL): Promise<void>;
  /** Forgets the answers and asks the background again (after tracking a category). */
  refresh(): Promise<void>;
  destroy(): void;
}

export function createPageSession(deps: SessionDeps): PageSession {
  const { doc, send, store, renderer, signal } = deps;
  const owner = deps.owner ?? Math.random().toString(36).slice(2);
  const records = new Map<string, HostRecord>();
  const annotations = new Map<string, Annotation>();
  let listing: ListingController | null = null;
  let generation = 0;
  let last: { adapter: SiteAdapter | undefined; url: URL } | null = null;
  let status: { pending: boolean; error?: string } = { pending: true };
  const betweenTasks = deps.slice?.yieldFn ?? yieldToMain;
  const betweenFrames = deps.slice?.yieldFn ?? (() => afterFrame(doc.defaultView));
  const slicing = (
    stopped: () => boolean,
    yieldFn: () => Promise<void>,
    maxItems?: number | (() => number),
  ) => ({
    ...deps.slice,
    yieldFn,
    shouldStop: stopped,
    ...(maxItems ? { maxItems } : {}),
  });

  const drop = (rec: HostRecord) => {
    if (rec.mount) renderer.clear(rec.mount);
    if (rec.host.getAttribute('data-pp-owner') === owner) rec.host.remove();
    records.delete(rec.key);
  };
  const render = (rec: HostRecord) => {
    if (rec.rendered === rec.view || !rec.host.isConnected) return;
    // A listing's rows stay empty (their height reserved) until their answer: one render per row, not two.
    if (rec.compact && rec.view.status === 'loading') return;
    rec.mount ??= mountIn(rec.host, renderer.styleRoot);
    renderer.row(rec.mount, rec.view, {
      compact: rec.compact,
      ...(rec.width !== undefined ? { width: rec.width } : {}),
      paper: rec.paper.ref,
      ...(rec.view.status === 'error' ? { onRetry: retry } : {}),
    });
    rec.rendered = rec.view;
  };
  // Rows drawn per frame, tuned to what the frames cost here (fixed when a test paces the session).
  const pacer = deps.slice?.yieldFn
    ? { batch: () => DRAW_BATCH, afterFrame: deps.slice.yieldFn }
    : createFramePacer(doc.defaultView, { start: DRAW_BATCH, min: DRAW_BATCH, max: 300, targetMs: 35 });
  const drawAll = (recs: Iterable<HostRecord>, stopped: () => boolean) =>
    forEachSliced(recs, render, slicing(stopped, pacer.afterFrame, pacer.batch));
  const updateListing = () =>
    listing?.update(
      [...records.values()].map((r) => ({
        entry: r.paper.entry,
        topicIds: r.view.status === 'ready' ? r.view.annotation.tags.map((t) => t.id) : null,
      })),
      status,
    );
  const retry = () => {
    if (last) void sync(last.adapter, last.url);
  };

  // A topic followed or muted, or the index state changing, redraws the rows that show it, a slice a frame.
  let destroyed = false;
  const stale = new Set<HostRecord>();
  let redrawing = false;
  const onStoreChange = async (change: StoreChange) => {
    for (const rec of records.values()) {
      if (rec.view.status !== 'ready' || rec.rendered !== rec.view) continue;
      if (change === 'all' || rec.view.annotation.tags.some((t) => change.has(t.id))) {
        rec.rendered = null;
        stale.add(rec);
      }
    }
    if (redrawing || stale.size === 0) return;
    redrawing = true;
    try {
      while (stale.size > 0) {
        const batch = [...stale];
        stale.clear();
        if (!(await drawAll(batch, () => destroyed || signal.aborted))) break;
      }
    } finally {
      redrawing = false;
    }
  };
  const unsubscribe = store.subscribe((change) => void onStoreChange(change));

  /**
   * One chunk's answer (or failure) taken in: the topics into the store, a view for each of its rows
   * (done once per chunk). The chunk's rows back, to draw.
   */
  const taken = new WeakSet<AnnotateChunk>();
  const takeAnswer = (chunk: AnnotateChunk, asked: readonly { key: string }[]): HostRecord[] => {
    const first = !taken.has(chunk);
    taken.add(chunk);
    const outcome = chunk.outcome;
    const answer = outcome && 'answer' in outcome ? outcome.answer : null;
    if (first && outcome && 'error' in outcome) {
      status = { pending: true, error: status.error ?? errorText(outcome.error, 120) };
    }
    if (first && answer) store.merge(answer.topics, answer.index);
    const recs: HostRecord[] = [];
    for (let i = 0; i < chunk.refs.length; i++) {
      const { key } = asked[chunk.start + i]!;
      const annotation = answer?.results[i];
      if (first && annotation) annotations.set(key, annotation);
      const rec = records.get(key);
      if (!rec) continue;
      if (first) {
        rec.view = annotation
          ? { status: 'ready', annotation }
          : { status: 'error', message: status.error ?? 'no answer' };
      }
      recs.push(rec);
    }
    return recs;
  };

  async function sync(adapter: SiteAdapter | undefined, url: URL): Promise<void> {
    const run = ++generation;
    const stopped = () => run !== generation || signal.aborted;
    last = { adapter, url };
    // The script's start-up and reading the page are separate tasks.
    await betweenTasks();
    if (stopped()) return;
    const found = await readPapers(adapter, doc, url, slicing(stopped, betweenTasks));
    if (!found || stopped()) return;
    const keyed = keyPapers(found);
    markTiming(doc, 'paperpulse:extracted', keyed.length);
    const compact = Boolean(adapter?.listRoot) || keyed.length > 1;
    // Layout is read before anything is written: it is clean now, so the reads cost nothing.
    const width = compact ? entryWidth(keyed[0]?.paper) : undefined;
    const ordered = keyed.length > 1 ? inViewportOrder(keyed, (k) => k.paper.entry) : keyed;

    const wanted = new Set(keyed.map((k) => k.key));
    for (const rec of [...records.values()]) if (!wanted.has(rec.key)) drop(rec);
    const existing = hostsInDocument(doc);
    for (const [key, host] of existing) if (!wanted.has(key)) host.remove();

    // The background starts on the answers while the hosts go in.
    const missing = ordered.filter((k) => !annotations.has(k.key));
    const chunks = annotateInChunks(
      send,
      missing.map((m) => m.paper.ref),
      // A listing's answer leaves out the evidence (a fifth of the size): a card asks for its paper's.
      { shouldStop: stopped, evidence: !compact },
    );
    status = { pending: missing.length > 0 };

    // Hosts are built off the page (no layout), then put in a batch a frame, the rows in view first.
    const toPlace: HostRecord[] = [];
    const built = await forEachSliced(
      ordered,
      ({ key, paper }) => {
        const rec = records.get(key);
        if (rec?.host.isConnected && rec.compact === compact) {
          rec.paper = paper;
          toPlace.push(rec);
          return;
        }
        if (rec) drop(rec);
        const annotation = annotations.get(key);
        // A listing row gets its shadow root when it is drawn: an empty host is the cheapest box for the page
        // to make room for (inline styles give it the final box). A single paper's says "finding topics…".
        const host = createHost(doc, key, paper.ref, compact, owner, existing.get(key));
        const next: HostRecord = {
          key,
          host,
          mount: compact ? null : mountIn(host, renderer.styleRoot),
          paper,
          compact,
          ...(width !== undefined ? { width } : {}),
          view: annotation ? { status: 'ready', annotation } : { status: 'loading' },
          rendered: null,
        };
        records.set(key, next);
        toPlace.push(next);
      },
      slicing(stopped, betweenTasks),
    );
    if (!built) return;
    placeListing(adapter);
    // The hosts go in a batch a frame, the rows in view first; those rows get their chips as soon as their
    // answer is in, before the rest go in.
    let early = false;
    for (let i = 0; i < toPlace.length; i += INSERT_BATCH) {
      if (i > 0 && !(await pause(betweenFrames, stopped))) return;
      for (const rec of toPlace.slice(i, i + INSERT_BATCH)) {
        placeHost(rec.host, rec.paper);
        render(rec); // a single paper says "finding topics…" at once
      }
      const first = chunks[0];
      if (!early && first?.outcome && i + INSERT_BATCH < toPlace.length) {
        early = true;
        if (!(await pause(betweenFrames, stopped))) return;
        const inView = takeAnswer(first, missing).slice(0, pacer.batch());
        for (const rec of inView) render(rec);
        markTiming(doc, 'paperpulse:first-drawn', inView.length);
      }
    }
    markTiming(doc, 'paperpulse:inserted', records.size);
    updateListing();

    for (const [n, chunk] of chunks.entries()) {
      await chunk.answer.catch(() => undefined);
      if (stopped()) return;
      const recs = takeAnswer(chunk, missing);
      if (n === chunks.length - 1) {
        status = { pending: false, ...(status.error ? { error: status.error } : {}) };
        markTiming(doc, 'paperpulse:answered', missing.length);
      }
      if (!(await drawAll(recs, stopped))) return;
      if (n === 0 && !early) markTiming(doc, 'paperpulse:first-drawn', recs.length);
      updateListing();
    }
    if (chunks.length === 0) status = { pending: false };
    // Rows answered by an earlier run (kept annotations) and rows a store change left stale.
    if (!(await drawAll(records.values(), stopped))) return;
    updateListing();
    markTiming(doc, 'paperpulse:decorated', records.size);
  }

  function placeListing(adapter: SiteAdapter | undefined) {
    const root = safely(() => adapter?.listRoot?.(doc) ?? null, null);
    if (!root) {
      listing?.destroy();
      listing = null;
      return;
    }
    listing ??= createListingController(doc, store, renderer, owner);
    listing.place(root);
  }

  return {
    sync,
    async refresh() {
      annotations.clear();
      if (last) await sync(last.adapter, last.url);
    },
    destroy() {
      generation++;
      destroyed = true;
      unsubscribe();
      for (const rec of [...records.values()]) drop(rec);
      listing?.destroy();
      listing = null;
      renderer.destroy?.();
    },
  };
}

/** Waits with `wait`; false when the work was stopped meanwhile. */
async function pause(wait: () => Promise<void>, stopped: () => boolean): Promise<boolean> {
  await wait();
  return !stopped();
}

/**
 * A User Timing mark when a page is decorated: DevTools and the bench (test/bench/inpage.ts) read it from
 * the page's timeline, which content scripts share with the page.
 */
export function markTiming(doc: Document, name: string, papers: number): void {
  try {
    doc.defaultView?.performance?.mark?.(name, { detail: { papers } });
  } catch {
    // Timing is a nicety; a page without User Timing still gets its chips.
  }
}

/**
 * The width a compact row gets, read once per page from the first entry before anything is inserted (the
 * layout is still clean then, so the read costs nothing); rows fit their chips to it.
 */
function entryWidth(paper: FoundPaper | undefined): number | undefined {
  const width = paper?.entry.getBoundingClientRect?.().width;
  return width && width > 0 ? Math.floor(width) : undefined;
}
