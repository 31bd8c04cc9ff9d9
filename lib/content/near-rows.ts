import type { DrawScheduler } from './draw-scheduler';
import type { HostRecord } from './host-records';
import { markTiming } from './mark-timing';
import { createNearViewport, NEAR_ONLY_ABOVE } from './near-viewport';
import { placeHost } from './paper-hosts';
import { afterFrame } from './slice-work';

/**
 * A long listing's rows placed and drawn as their entries come near the viewport (./near-viewport.ts), with
 * the run's timing marks: "inserted" when the first rows go in, "first-drawn" when the first show chips.
 */
export function createNearRows(doc: Document, drawing: DrawScheduler, ended: () => boolean) {
  let shownFirst = true;
  let placedFirst = true;
  const markFirstDrawn = (recs: readonly HostRecord[]) => {
    if (shownFirst) return;
    if (!recs.some((r) => r.host.isConnected && r.view.status === 'ready' && r.rendered === r.view)) return;
    shownFirst = true;
    markTiming(doc, 'paperpulse:first-drawn', recs.length);
  };
  const near = createNearViewport<HostRecord>(doc.defaultView, (recs) => {
    for (const rec of recs) if (!rec.host.isConnected) placeHost(rec.host, rec.paper);
    if (!placedFirst) {
      placedFirst = true;
      // Once the frame that lays these rows out has rendered: from then on nothing in view moves.
      void afterFrame(doc.defaultView).then(() => markTiming(doc, 'paperpulse:inserted', recs.length));
    }
    void drawing.drawAll(recs, ended).then(() => markFirstDrawn(recs));
  });
  return {
    /**
     * A new run: watches the rows not yet placed when the listing is long enough (and the page can tell
     * what is near); false when the caller is to place every row at once.
     */
    watch(recs: readonly HostRecord[]): boolean {
      near?.stop();
      if (!near || recs.length <= NEAR_ONLY_ABOVE) return false;
      shownFirst = false;
      placedFirst = false;
      near.watch(
        recs.filter((rec) => !rec.host.isConnected),
        (rec) => rec.paper.entry,
      );
      return true;
    },
    markFirstDrawn,
    stop: () => near?.stop(),
  };
}

export type NearRows = ReturnType<typeof createNearRows>;
