import type { Send } from '../messages/client';
import { safely } from '../safely';
import type { SiteAdapter } from '../sites/types';
import { type AnnotateChunk, annotateInChunks } from './annotate-papers';
import type { AnswerIntake } from './answer-intake';
import type { DrawScheduler } from './draw-scheduler';
import type { HostRecords } from './host-records';
import { markTiming } from './mark-timing';
import {
  createHeadWatch,
  createTopHeadWatch,
  type HeadFound,
  type HeadWatch,
  hasPainted,
  navigationType,
  opensAtTop,
} from './near-head';
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
  /** The row width, read once the page has laid the head's rows out. */
  width: Promise<number | undefined>;
  /** Settles once the head's answer is in and its rows drawn (or the answer failed, or the run stopped). */
  drawn: Promise<void>;
}

/**
 * The rows near the viewport of a listing still being read (near-head.ts): asked for in a request of their
 * own, their hosts placed now (the page lays them out in its next frame), drawn as soon as their answer
 * is in and that frame has rendered. No layout is read before that frame.
 */
export function startHeadRows(deps: HeadDeps, found: HeadFound): HeadRows {
  const { doc, hosts, intake, drawing, stopped } = deps;
  const keyed = keyPapers(found.prefix).filter((k) => found.near.has(k.paper));
  const measured = found.laidOut ? entryWidth(keyed[0]?.paper) : undefined;
  const recs = hosts.adopt(keyed, {
    compact: true,
    lazy: true,
    ...(measured !== undefined ? { width: measured } : {}),
  });
  const [chunk] = annotateInChunks(
    deps.send,
    keyed.map((k) => k.paper.ref),
    { size: keyed.length, evidence: false, shouldStop: stopped },
  ) as [AnnotateChunk];
  markTiming(doc, 'paperpulse:head-asked', keyed.length);
  void chunk.answer.then(
    () => markTiming(doc, 'paperpulse:head-answer', keyed.length),
    () => {},
  );
  deps.placeBar();
  for (const rec of recs) hosts.place(rec);
  // Once the frame that lays these rows out has rendered: from then on nothing in view moves.
  const laidOut = afterFrame(doc.defaultView).then(() => markTiming(doc, 'paperpulse:inserted', recs.length));
  // The row width, from a clean layout: now if the page has been laid out (read before the hosts went in),
  // else once that frame has rendered (read now, it would do the page's first layout in this task).
  const measure = () => {
    const measured = entryWidth(keyed[0]?.paper);
    if (measured !== undefined) for (const rec of recs) rec.width = measured;
    return measured;
  };
  const width = found.laidOut ? Promise.resolve(measured) : laidOut.then(measure);
  const drawn = Promise.all([chunk.answer.catch(() => undefined), width]).then(async () => {
    if (stopped()) return;
    const taken = intake.take(chunk, keyed);
    if (!(await drawing.drawAll(taken, stopped)) || !chunk.outcome || !('answer' in chunk.outcome)) return;
    markTiming(doc, 'paperpulse:first-drawn', taken.length);
  });
  return { keys: new Set(keyed.map((k) => k.key)), firstNear: found.firstNear, width, drawn };
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
    headWatch(adapter: SiteAdapter | undefined, url: URL): HeadWatch | null {
      const win = doc.defaultView;
      if (hosts.size > 0 || !adapter?.listRoot || !adapter.extractEach || !win || !near.decides(Infinity)) {
        return null;
      }
      // Before the page's first layout, only a page that opens at its top can tell its head unread.
      if (hasPainted(win)) return createHeadWatch(win);
      return opensAtTop(url, navigationType(win)) ? createTopHeadWatch() : null;
    },
    // Never lets a failure here stop the page being read: the run then places the rows as it would.
    startHead: (found: HeadFound, adapter: SiteAdapter | undefined, stopped: () => boolean) =>
      safely<HeadRows | undefined>(
        () => startHeadRows({ ...deps, placeBar: () => deps.placeBar(adapter), stopped }, found),
        undefined,
      ),
  };
}
