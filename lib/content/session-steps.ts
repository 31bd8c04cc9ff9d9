import type { Send } from '../messages/client';
import type { FoundPaper, SiteAdapter } from '../sites/types';
import { ANNOTATE_FIRST, type AnnotateChunk, annotateInChunks } from './annotate-papers';
import type { HeadRows } from './head-rows';
import type { HostRecord, PageLayout } from './host-records';
import { markTiming } from './mark-timing';
import { createPaperKeyer, entryWidth, keyPapers } from './paper-hosts';
import type { ReadAhead } from './read-ahead';
import { readPapers } from './read-papers';
import type { FoundPage, Run } from './session-run';
import { inViewportOrder, orderFrom } from './viewport-order';

/**
 * The steps of a page session's run (page-session.ts): read the page, place the rows, draw the answers.
 */

/**
 * Hosts put into the page per frame. Every frame that inserts rows relays out the page below them (tens
 * of ms on a 2000-entry listing whatever the count), so batches are large; the first holds the rows in view.
 */
const INSERT_BATCH = 400;

export async function readPage(
  run: Run,
  adapter: SiteAdapter | undefined,
  url: URL,
  stopped: () => boolean,
): Promise<FoundPage | null> {
  // The script's start-up and reading the page are separate tasks.
  await run.betweenTasks();
  if (stopped()) return null;
  const watch = run.headWatch(adapter, url);
  let head: HeadRows | undefined;
  let ahead: ReadAhead | undefined;
  const keyOf = createPaperKeyer();
  const onEach = (paper: FoundPaper) => {
    const key = keyOf(paper);
    if (head) {
      if (!head.keys.has(key)) ahead?.see({ key, paper });
      return;
    }
    const near = watch?.see(paper);
    if (near) head = run.startHead(near, adapter, stopped);
    if (!head) return;
    void head.drawn.then(() => {
      headDrawn = true;
    });
    ahead = run.readAhead(stopped);
  };
  // While the head's answer is awaited, reading pauses behind queued tasks: the answer comes in between
  // slices. Before and after, it goes on ahead of them (frames of a 2000-entry page cost tens of ms each).
  let headDrawn = false;
  const slicing = {
    ...run.sliced(stopped),
    yieldFn: () => (head && !headDrawn ? run.behindQueued() : run.betweenTasks()),
  };
  const found = await readPapers(adapter, run.doc, url, slicing, onEach);
  if (!found || stopped()) return null;
  ahead?.flush();
  const keyed = keyPapers(found);
  markTiming(run.doc, 'paperpulse:extracted', keyed.length);
  const compact = Boolean(adapter?.listRoot) || keyed.length > 1;
  // Layout is read before anything is written: it is clean now, so the reads cost nothing. Once the head
  // is in, it is not: what the head read (after the page laid it out) stands in for it.
  const width = head ? await head.width : compact ? entryWidth(keyed[0]?.paper) : undefined;
  const ordered = head
    ? orderFrom(keyed, head.firstNear)
    : keyed.length > 1
      ? inViewportOrder(keyed, (k) => k.paper.entry)
      : keyed;
  const lazy = compact && run.near.decides(keyed.length);
  const layout = { compact, ...(width !== undefined ? { width } : {}), ...(lazy ? { lazy } : {}) };
  return { ordered, layout, ...(head ? { head } : {}), ...(ahead ? { ahead } : {}) };
}

/**
 * A run once the page is read: asks for what is not known, puts the hosts in (the rows in view first, or
 * as they come near) and draws each chunk's rows as its answer comes in.
 */
export async function decorate(
  run: Run,
  page: FoundPage,
  adapter: SiteAdapter | undefined,
  stopped: () => boolean,
): Promise<void> {
  // The background starts on the answers while the hosts go in.
  const { head, ahead } = page;
  const askedAlready = (key: string) => head?.keys.has(key) || ahead?.keys.has(key);
  const missing = page.ordered.filter((k) => !run.intake.known.has(k.key) && !askedAlready(k.key));
  const chunks = askFor(run, run.send, missing, page.layout.compact, stopped);
  run.intake.begin(missing.length + (head?.keys.size ?? 0) + (ahead?.keys.size ?? 0));
  // Hosts are built off the page (no layout), then put in a batch a frame, the rows in view first.
  const toPlace = await run.hosts.reconcile(page.ordered, page.layout, run.intake.known, run.sliced(stopped));
  if (!toPlace) return;
  run.listing.place(adapter);
  const placed = await placeRows(run, toPlace, chunks[0], missing, stopped, page.layout, head !== undefined);
  if (!placed) return;
  run.updateListing();
  await head?.drawn;
  await ahead?.drawn();
  if (chunks.length === 0) {
    run.intake.finish();
    markTiming(run.doc, 'paperpulse:answered', 0);
  }
  const drawn = placed.nearOnly ? run.near.markFirstDrawn : undefined;
  if (!(await drawAnswers(run, chunks, missing, placed.drewFirst, stopped, drawn))) return;
  // Rows answered by an earlier run (kept annotations) and rows a store change left stale.
  if (!(await run.drawing.drawAll(run.hosts.values(), stopped))) return;
  run.updateListing();
  markTiming(run.doc, 'paperpulse:decorated', run.hosts.size);
}

/** Asks for the papers the page lacks answers for, the rows in view first. */
export function askFor(
  run: Run,
  send: Send,
  missing: readonly { paper: FoundPaper }[],
  compact: boolean,
  stopped: () => boolean,
): AnnotateChunk[] {
  return annotateInChunks(
    send,
    missing.map((m) => m.paper.ref),
    {
      shouldStop: stopped,
      // A listing's answer leaves out the evidence (a fifth of the size): a card asks for its paper's.
      evidence: !compact,
      // The rows in view first, in a request of their own; each request goes out in a task of its own.
      first: ANNOTATE_FIRST,
      pause: run.betweenTasks,
    },
  );
}

/**
 * Places the rows: a long listing's as they come near the viewport (./near-rows.ts), any other's at once.
 * Undefined when stopped.
 */
export async function placeRows(
  run: Run,
  toPlace: readonly HostRecord[],
  first: AnnotateChunk | undefined,
  asked: readonly { key: string }[],
  stopped: () => boolean,
  layout: PageLayout,
  /** The run's first rows are in and drawn already (the listing's head). */
  headFirst: boolean,
): Promise<{ drewFirst: boolean; nearOnly: boolean } | undefined> {
  if (layout.lazy) {
    run.near.watch(toPlace, headFirst);
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
export async function drawAnswers(
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
