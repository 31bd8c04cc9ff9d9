import type { DrawScheduler } from './draw-scheduler';
import type { HostRecord } from './host-records';
import { markTiming } from './mark-timing';
import { createNearViewport, NEAR_ONLY_ABOVE } from './near-viewport';
import { afterFrame } from './slice-work';

/**
 * A long listing's rows placed and drawn as their entries come near the viewport (./near-viewport.ts), with
 * the run's timing marks: "inserted" when the first rows go in, "first-drawn" when the first show chips.
 */
export function createNearRows(
  doc: Document,
  drawing: DrawScheduler,
  place: (rec: HostRecord) => void,
  ended: () => boolean,
) {
  let shownFirst = true;
  let placedFirst = true;
  const markFirstDrawn = (recs: readonly HostRecord[]) => {
    if (shownFirst) return;
    if (!recs.some((r) => r.host?.isConnected && r.view.status === 'ready' && r.rendered === r.view)) return;
    shownFirst = true;
    markTiming(doc, 'paperpulse:first-drawn', recs.length);
  };
  const near = createNearViewport<HostRecord>(doc.defaultView, (recs) => {
    for (const rec of recs) if (!rec.host?.isConnected) place(rec);
    if (!placedFirst) {
      placedFirst = true;
      // Once the frame that lays these rows out has rendered: from then on nothing in view moves.
      void afterFrame(doc.defaultView).then(() => markTiming(doc, 'paperpulse:inserted', recs.length));
    }
    void drawing.drawAll(recs, ended).then(() => markFirstDrawn(recs));
  });
  return {
    /** Whether a listing of `count` entries is decorated near the viewport (the page can tell what is near). */
    decides: (count: number) => near !== null && count > NEAR_ONLY_ABOVE,
    /**
     * A new run: watches the rows not yet placed (each gets its host as it comes near). `marked`: the
     * run's first rows were placed and drawn already (the listing's head, head-rows.ts).
     */
    watch(recs: readonly HostRecord[], marked = false): void {
      near?.stop();
      if (!near) return;
      shownFirst = marked;
      placedFirst = marked;
      near.watch(
        recs.filter((rec) => !rec.host?.isConnected),
        (rec) => rec.paper.entry,
      );
    },
    markFirstDrawn,
    stop: () => near?.stop(),
  };
}

export type NearRows = ReturnType<typeof createNearRows>;
