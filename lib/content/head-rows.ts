import type { Send } from '../messages/client';
import { safely } from '../safely';
import type { SiteAdapter } from '../sites/types';
import { type AnnotateChunk, annotateInChunks } from './annotate-papers';
import type { AnswerIntake } from './answer-intake';
import type { DrawScheduler } from './draw-scheduler';
import type { HostRecords } from './host-records';
import { markTiming } from './mark-timing';
import { createHeadWatch, type HeadFound, type HeadWatch } from './near-head';
import type { NearRows } from './near-rows';
import { entryWidth, keyPapers } from './paper-hosts';
import { afterFrame } from './slice-work';

export interface HeadDeps {
  doc: Document;
  send: Send;
  hosts: HostRecords;
  intake: AnswerIntake;
  drawing: DrawScheduler;
  /** Puts the listing's filter bar above the list (before the rows, so nothing moves after them). */
  placeBar(): void;
  stopped(): boolean;
}

/** The head's rows, already asked for and placed: the rest of the run leaves them to this. */
export interface HeadRows {
  keys: ReadonlySet<string>;
  /** Index, in page order, of the first entry near the viewport (the rest is ordered from it). */
  firstNear: number;
  width?: number;
  /** Settles once the head's answer is in and its rows drawn (or the answer failed, or the run stopped). */
  drawn: Promise<void>;
}

/**
 * The rows near the viewport of a listing still being read (near-head.ts): asked for in a request of their
 * own, their hosts placed now (the page lays them out in its next frame), drawn as soon as their answer
 * is in. Layout is read once (the row width) before anything is written.
 */
export function startHeadRows(deps: HeadDeps, found: HeadFound): HeadRows {
  const { doc, hosts, intake, drawing, stopped } = deps;
  const keyed = keyPapers(found.prefix).filter((k) => found.near.has(k.paper));
  const width = entryWidth(keyed[0]?.paper);
  const recs = hosts.adopt(keyed, { compact: true, lazy: true, ...(width !== undefined ? { width } : {}) });
  const [chunk] = annotateInChunks(
    deps.send,
    keyed.map((k) => k.paper.ref),
    { size: keyed.length, evidence: false, shouldStop: stopped },
  );
  deps.placeBar();
  for (const rec of recs) hosts.place(rec);
  // Once the frame that lays these rows out has rendered: from then on nothing in view moves.
  void afterFrame(doc.defaultView).then(() => markTiming(doc, 'paperpulse:inserted', recs.length));
  const drawn = (chunk as AnnotateChunk).answer
    .catch(() => undefined)
    .then(async () => {
      if (stopped()) return;
      const taken = intake.take(chunk as AnnotateChunk, keyed);
      if (!(await drawing.drawAll(taken, stopped)) || !chunk?.outcome || !('answer' in chunk.outcome)) return;
      markTiming(doc, 'paperpulse:first-drawn', taken.length);
    });
  return {
    keys: new Set(keyed.map((k) => k.key)),
    firstNear: found.firstNear,
    ...(width !== undefined ? { width } : {}),
    drawn,
  };
}

/**
 * A run's way to a listing's head: a watch over the first run's reading (a listing read entry by entry,
 * where the page can tell what is near), and the start of the head's rows once found.
 */
export function headStarter(
  deps: Omit<HeadDeps, 'placeBar' | 'stopped'> & {
    near: NearRows;
    placeBar(adapter: SiteAdapter | undefined): void;
  },
) {
  const { doc, hosts, near } = deps;
  return {
    headWatch: (adapter: SiteAdapter | undefined): HeadWatch | null =>
      hosts.size === 0 &&
      adapter?.listRoot &&
      adapter.extractEach &&
      doc.defaultView &&
      near.decides(Infinity)
        ? createHeadWatch(doc.defaultView)
        : null,
    // Never lets a failure here stop the page being read: the run then places the rows as it would.
    startHead: (found: HeadFound, adapter: SiteAdapter | undefined, stopped: () => boolean) =>
      safely<HeadRows | undefined>(
        () => startHeadRows({ ...deps, placeBar: () => deps.placeBar(adapter), stopped }, found),
        undefined,
      ),
  };
}
