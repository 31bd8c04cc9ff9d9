import { nextMacrotask } from '../discover/slices';

/**
 * How long background work stands aside for one page's request. A request that itself waits on background
 * work (Emerging's first answer, a re-tag it asked for) would otherwise wait forever: after this long the
 * work goes on beside it.
 */
export const STAND_ASIDE_MS = 250;

/**
 * Pages first: the worker is one thread, and work a woken worker starts (a pass's re-tag, Emerging's
 * recount) runs in slices with a macrotask between them. A request's handler awaits several reads, and
 * each await let the next slice run first: a search of five reads waited five slices (0.1-0.6 s measured
 * on a 12-week index while Emerging counted). Background slices pause with `pause` instead, which also
 * waits while a request younger than STAND_ASIDE_MS is being answered; pages' requests run through `serve`.
 */
export function createPageFirst(now: () => number = () => performance.now()) {
  const serving = new Map<number, number>();
  const waiting = new Set<() => void>();
  let next = 0;

  /** Until when the youngest request being answered holds background work back (undefined: it need not). */
  function heldUntil(): number | undefined {
    let until: number | undefined;
    for (const started of serving.values()) {
      const end = started + STAND_ASIDE_MS;
      if (end > now() && (until === undefined || end > until)) until = end;
    }
    return until;
  }

  function release() {
    for (const resume of waiting) resume();
    waiting.clear();
  }

  return {
    async serve<T>(answer: () => Promise<T>): Promise<T> {
      const id = next++;
      serving.set(id, now());
      try {
        return await answer();
      } finally {
        serving.delete(id);
        if (heldUntil() === undefined) release();
      }
    },
    /** Between two slices of background work: a macrotask, then no request waiting on this thread. */
    async pause(): Promise<void> {
      await nextMacrotask();
      for (let until = heldUntil(); until !== undefined; until = heldUntil()) {
        const wait = Math.max(0, until - now());
        await new Promise<void>((resume) => {
          const timer = setTimeout(done, wait);
          function done() {
            clearTimeout(timer);
            waiting.delete(done);
            resume();
          }
          waiting.add(done);
        });
      }
    },
  };
}

export type PageFirst = ReturnType<typeof createPageFirst>;
