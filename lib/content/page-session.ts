import type { Annotation } from '../message-schemas';
import type { FoundPaper, SiteAdapter } from '../sites/types';
import { annotatePapers } from './annotate-papers';
import type { InpageRenderer } from './inpage-renderer';
import { createListingController, type ListingController } from './listing-controller';
import { hostsInDocument, keyPapers, type PaperHost, placeHost, prepareHost } from './paper-hosts';
import type { PaperView } from './paper-view';
import { type Send, shortError } from './send';
import { forEachSliced, nextFrame, type SliceOptions, yieldToMain } from './slice-work';
import type { TopicStore } from './topic-store';

export interface SessionDeps {
  doc: Document;
  send: Send;
  store: TopicStore;
  renderer: InpageRenderer;
  /** The content script's lifetime (WXT's ctx.signal): once aborted, no work continues. */
  signal: AbortSignal;
  /** Marks the hosts this run made, so tearing down never removes a newer run's hosts. */
  owner?: string;
  slice?: Pick<SliceOptions, 'budgetMs' | 'yieldFn' | 'now'>;
}

interface HostRecord extends PaperHost {
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

  const drop = (rec: HostRecord) => {
    renderer.clear(rec.mount);
    if (rec.host.getAttribute('data-pp-owner') === owner) rec.host.remove();
    records.delete(rec.key);
  };
  const render = (rec: HostRecord) => {
    renderer.row(rec.mount, rec.view, {
      compact: rec.compact,
      ...(rec.width !== undefined ? { width: rec.width } : {}),
      ...(rec.view.status === 'error' ? { onRetry: retry } : {}),
    });
    rec.rendered = rec.view;
  };
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

  async function sync(adapter: SiteAdapter | undefined, url: URL): Promise<void> {
    const run = ++generation;
    const stopped = () => run !== generation || signal.aborted;
    const slicing = { yieldFn: () => nextFrame(doc.defaultView), ...deps.slice, shouldStop: stopped };
    last = { adapter, url };
    // Reading a 2000-entry listing is one long step of the adapter's: give it a task of its own, apart
    // from the script's start-up and from the insertion that follows.
    const pause = deps.slice?.yieldFn ?? yieldToMain;
    await pause();
    if (stopped()) return;
    const keyed = keyPapers(adapter ? safeExtract(adapter, doc, url) : []);
    markTiming(doc, 'paperpulse:extracted', keyed.length);
    if (keyed.length > 50) await pause();
    if (stopped()) return;
    const compact = Boolean(adapter?.listRoot) || keyed.length > 1;
    const width = compact ? entryWidth(keyed[0]?.paper) : undefined;
    const wanted = new Set(keyed.map((k) => k.key));
    for (const rec of [...records.values()]) if (!wanted.has(rec.key)) drop(rec);
    const existing = hostsInDocument(doc);
    for (const [key, host] of existing) if (!wanted.has(key)) host.remove();
    placeListing(adapter);

    const inserted = await forEachSliced(
      keyed,
      ({ key, paper }) => {
        const rec = records.get(key);
        if (rec?.host.isConnected && rec.compact === compact) {
          rec.paper = paper;
          placeHost(rec.host, paper);
          return;
        }
        if (rec) drop(rec);
        const leftover = existing.get(key);
        const host = prepareHost(doc, key, paper.ref, compact, owner, renderer.styleRoot, leftover);
        placeHost(host.host, paper);
        const annotation = annotations.get(key);
        const next: HostRecord = {
          ...host,
          paper,
          compact,
          ...(width !== undefined ? { width } : {}),
          view: annotation ? { status: 'ready', annotation } : { status: 'loading' },
          rendered: null,
        };
        records.set(key, next);
        // A listing's rows stay empty (their height reserved) until the answer: one render per row, not two.
        if (!compact || annotation) render(next);
      },
      slicing,
    );
    if (!inserted) return;
    markTiming(doc, 'paperpulse:inserted', records.size);

    const missing = keyed.filter((k) => !annotations.has(k.key) && records.has(k.key));
    if (missing.length > 0) {
      status = { pending: true };
      updateListing();
      try {
        const answer = await annotatePapers(
          send,
          missing.map((m) => m.paper.ref),
        );
        if (stopped()) return;
        markTiming(doc, 'paperpulse:answered', missing.length);
        store.merge(answer.topics, answer.index);
        for (const [i, m] of missing.entries()) annotations.set(m.key, answer.results[i]!);
        status = { pending: false };
      } catch (error) {
        if (stopped()) return;
        status = { pending: false, error: shortError(error) };
      }
      for (const { key } of missing) {
        const rec = records.get(key);
        const annotation = annotations.get(key);
        if (!rec) continue;
        rec.view = annotation
          ? { status: 'ready', annotation }
          : { status: 'error', message: status.error ?? 'no answer' };
      }
    } else {
      status = { pending: false };
    }
    const stale = [...records.values()].filter((r) => r.rendered !== r.view);
    if (!(await forEachSliced(stale, render, slicing))) return;
    updateListing();
    markTiming(doc, 'paperpulse:decorated', records.size);
  }

  function placeListing(adapter: SiteAdapter | undefined) {
    const root = safely(() => adapter?.listRoot?.(doc) ?? null);
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
      for (const rec of [...records.values()]) drop(rec);
      listing?.destroy();
      listing = null;
    },
  };
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

/** An adapter must never throw, but a page we decorate must never break if one does. */
function safeExtract(adapter: SiteAdapter, doc: Document, url: URL): FoundPaper[] {
  return safely(() => adapter.extract(doc, url)) ?? [];
}

function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
