import type { Send } from '../messages/client';
import type { SiteAdapter } from '../sites/types';
import { createAnswerIntake } from './answer-intake';
import { createDrawScheduler } from './draw-scheduler';
import { headStarter } from './head-rows';
import { createHostRecords } from './host-records';
import type { InpageRenderer } from './inpage-renderer';
import { listingSlot } from './listing-slot';
import { createNearRows } from './near-rows';
import { createReadAhead } from './read-ahead';
import type { Run } from './session-run';
import { decorate, readPage } from './session-steps';
import { afterFrame, type SliceOptions, yieldToMain, yieldToQueued } from './slice-work';
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
  /** Tests pass an instant `yieldFn`: every pause (between tasks or frames) then resolves at once. */
  slice?: Pick<SliceOptions, 'budgetMs' | 'yieldFn' | 'now'>;
}

export interface PageSession {
  /** Decorates the page as `adapter` sees it now: adds missing hosts, drops stale ones, never doubles. */
  sync(adapter: SiteAdapter | undefined, url: URL): Promise<void>;
  /** Forgets the answers and asks the background again (after tracking a category). */
  refresh(): Promise<void>;
  destroy(): void;
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
  const ended = () => destroyed || signal.aborted;
  const betweenTasks = deps.slice?.yieldFn ?? yieldToMain;
  const behindQueued = deps.slice?.yieldFn ?? yieldToQueued;
  const betweenFrames = deps.slice?.yieldFn ?? (() => afterFrame(doc.defaultView));
  const sliced = (shouldStop: () => boolean): SliceOptions => ({
    ...deps.slice,
    yieldFn: betweenTasks,
    shouldStop,
  });
  const drawing = createDrawScheduler({
    doc,
    renderer,
    store,
    records: hosts.values,
    retry: () => void (last && sync(last.adapter, last.url)),
    ended,
    ...(deps.slice ? { slice: deps.slice } : {}),
  });
  const updateListing = () => listing.update(hosts.values(), intake.status());
  // A long listing's rows get their host as they come near the viewport, and are drawn then.
  const near = createNearRows(doc, drawing, hosts.place, ended, deps.slice?.yieldFn);

  const run: Run = {
    doc,
    intake,
    drawing,
    near,
    send,
    hosts,
    listing,
    place: hosts.place,
    // A listing's first run: its rows near the viewport go first, while the rest is still being read.
    ...headStarter({ doc, send, hosts, intake, drawing, near, placeBar: listing.place }),
    readAhead: (stopped) => createReadAhead({ send, intake, drawing, stopped }),
    betweenTasks,
    behindQueued,
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
    await decorate(run, page, adapter, stopped);
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
