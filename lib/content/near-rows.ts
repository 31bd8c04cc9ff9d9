import type { DrawScheduler } from './draw-scheduler';
import { createFramePacer } from './frame-pacer';
import type { HostRecord } from './host-records';
import { markTiming } from './mark-timing';
import { createNearViewport, NEAR_ONLY_ABOVE } from './near-viewport';
import { afterFrame, forEachSliced } from './slice-work';

/**
 * Hosts placed ahead a frame, at least (frame-pacer.ts grows the batch where frames are cheap): a frame that
 * moves the entries below costs about the same however many go in, so few frames, not small ones.
 */
export const AHEAD_BATCH = 500;
/** How long the hosts ahead wait for the first rows to show, at most (their answer may never come). */
const FIRST_WAIT_MS = 3000;

/**
 * A long listing's rows placed and drawn as their entries come near the viewport (./near-viewport.ts), with
 * the run's timing marks: "inserted" when the first rows go in, "first-drawn" when the first show chips.
 *
 * The other rows' hosts go in ahead, empty (no shadow root, their height reserved), a paced batch a frame
 * once the page is idle: a host put in while the reader scrolls moves every entry below it, and the
 * renderer then lays out and pre-paints the rest of a 2000-entry listing in every frame of the scroll
 * (40 ms a frame on a loaded 2-core machine). A row drawn into its waiting host moves nothing.
 * `between` replaces the waits (idle, frames) in tests.
 */
export function createNearRows(
  doc: Document,
  drawing: DrawScheduler,
  place: (rec: HostRecord) => void,
  ended: () => boolean,
  between?: () => Promise<void>,
) {
  let shownFirst = true;
  let placedFirst = true;
  /** The rows of the current watch: not drawn yet (placed ahead, or not placed). */
  let waiting: readonly HostRecord[] = [];
  let run = 0;
  /** Resolves once the run's first rows show their chips: the hosts ahead wait for it, never delay it. */
  let firstShown = () => {};
  const markFirstDrawn = (recs: readonly HostRecord[]) => {
    if (shownFirst) return;
    if (!recs.some((r) => r.host?.isConnected && r.view.status === 'ready' && r.rendered === r.view)) return;
    shownFirst = true;
    firstShown();
    markTiming(doc, 'paperpulse:first-drawn', recs.length);
  };
  const near = createNearViewport<HostRecord>(doc.defaultView, (recs) => {
    for (const rec of recs) {
      rec.held = false;
      if (!rec.host?.isConnected) place(rec);
    }
    if (!placedFirst) {
      placedFirst = true;
      // Once the frame that lays these rows out has rendered: from then on nothing in view moves.
      void afterFrame(doc.defaultView).then(() => markTiming(doc, 'paperpulse:inserted', recs.length));
    }
    void drawing.drawAll(recs, ended).then(() => markFirstDrawn(recs));
  });
  /** Stops watching; the rows held stay held (a new watch takes them on). */
  const halt = () => {
    run++;
    near?.stop();
  };
  return {
    /** Whether a listing of `count` entries is decorated near the viewport (the page can tell what is near). */
    decides: (count: number) => near !== null && count > NEAR_ONLY_ABOVE,
    /**
     * A new run: watches the rows not yet drawn (each is drawn, and placed if it was not, as it comes near)
     * and places the others' hosts ahead. `marked`: the run's first rows were placed and drawn already (the
     * listing's head, head-rows.ts).
     */
    watch(recs: readonly HostRecord[], marked = false): void {
      halt();
      if (!near) return;
      shownFirst = marked;
      placedFirst = marked;
      const shown = new Promise<void>((resolve) => {
        firstShown = resolve;
      });
      if (marked) firstShown();
      waiting = recs.filter((rec) => !rec.host?.isConnected || rec.held);
      near.watch(waiting, (rec) => rec.paper.entry);
      const mine = run;
      void placeAhead(doc, waiting, place, () => mine !== run || ended(), shown, between);
    },
    markFirstDrawn,
    /** Stops watching; the rows held are let go, to be drawn however the next run draws. */
    stop() {
      halt();
      for (const rec of waiting) rec.held = false;
      waiting = [];
    },
  };
}

export type NearRows = ReturnType<typeof createNearRows>;

/**
 * Puts the hosts of `recs` not yet in the page in ahead, held (drawn once near): after the first rows show
 * (or FIRST_WAIT_MS) and the page is idle, a paced batch a frame.
 */
async function placeAhead(
  doc: Document,
  recs: readonly HostRecord[],
  place: (rec: HostRecord) => void,
  stopped: () => boolean,
  shown: Promise<void>,
  between: (() => Promise<void>) | undefined,
) {
  if (between) await between();
  else await Promise.race([shown, delay(FIRST_WAIT_MS)]).then(() => idle(doc.defaultView));
  const pacer = between
    ? { batch: () => AHEAD_BATCH, afterFrame: between }
    : createFramePacer(doc.defaultView, { start: AHEAD_BATCH, min: AHEAD_BATCH, max: 2000, targetMs: 35 });
  await forEachSliced(
    recs,
    (rec) => {
      if (rec.host?.isConnected) return;
      rec.held = true;
      place(rec);
    },
    {
      budgetMs: Number.POSITIVE_INFINITY,
      maxItems: pacer.batch,
      yieldFn: pacer.afterFrame,
      shouldStop: stopped,
    },
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves when the page is idle (or after a second at most); a short timer where there is no idle callback. */
function idle(win: (Window & typeof globalThis) | null): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win?.requestIdleCallback === 'function')
      win.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 200);
  });
}
