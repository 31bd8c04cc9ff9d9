/** Where the time of the last request survives a service-worker restart (chrome.storage, IndexedDB...). */
export interface LastRequestStore {
  get(): Promise<number | undefined>;
  set(t: number): Promise<void>;
}

export interface RateLimiter {
  /** Runs `task` when it is its turn: after every earlier task has settled and the interval has passed. */
  schedule<T>(task: () => Promise<T>): Promise<T>;
  /** No task starts before `t` (the server said Retry-After), in this worker or the next. */
  holdUntil(t: number): Promise<void>;
}

/** A task was refused without running: the hold lasts longer than the limiter sits through. */
export class HeldError extends Error {
  override name = 'HeldError';
  constructor(readonly until: number) {
    super(`Held until ${new Date(until).toISOString()}`);
  }
}

export const ARXIV_MIN_INTERVAL_MS = 3000;
/**
 * The longest Retry-After honoured: a 503 asking to wait until 2099 once held every request for decades
 * (kept across restarts and a reset of the index). A server that is still busy says so again.
 */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;
/**
 * The spacing the extension keeps: the limiter times starts by the clock it is given, while the request
 * leaves a few ms later (a GC, the fetch being dispatched), by a different few ms each time; measured
 * in Chromium, back-to-back requests went out 2986-2996 ms apart with a bare 3000. 100 ms covers that.
 */
export const ARXIV_SPACING_MS = ARXIV_MIN_INTERVAL_MS + 100;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * arXiv's terms of use: one request every 3 seconds, one connection at a time, for all callers together.
 *
 * - A single queue: a task starts only after the previous one settled (fulfilled or rejected).
 * - At least `minIntervalMs` between the *starts* of consecutive tasks.
 * - The start time is persisted before the task runs, so a restarted worker (new limiter, same store)
 *   still waits out the interval of the request its predecessor made just before dying.
 * - A clock that went backwards (stored time in the future) costs at most one full interval, never the
 *   size of the jump.
 * - If the store fails, the in-memory time still spaces this instance's requests; a broken store must not
 *   stop fetching, and the courtesy rule holds within the running worker.
 * - A hold (`holdUntil`, persisted in `hold`) delays every task until it ends; a task that would wait longer
 *   than `maxHoldWaitMs` is refused at once with a HeldError, so a worker never sleeps through minutes.
 *   No hold lasts more than MAX_RETRY_AFTER_MS from when it is set (boundedHold: nor one kept from before).
 */
export function createRateLimiter(deps: {
  minIntervalMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  store: LastRequestStore;
  hold?: LastRequestStore;
  maxHoldWaitMs?: number;
}): RateLimiter {
  const { minIntervalMs = ARXIV_MIN_INTERVAL_MS, now = Date.now, sleep = realSleep, store } = deps;
  const maxHoldWaitMs = deps.maxHoldWaitMs ?? 60_000;
  let lastStart: number | undefined;
  let heldUntil: number | undefined;
  let tail: Promise<unknown> = Promise.resolve();

  async function waitForHold(): Promise<void> {
    const stored = deps.hold
      ? await boundedHold(deps.hold, now)
          .get()
          .catch(() => undefined)
      : undefined;
    const until = Math.max(stored ?? Number.NEGATIVE_INFINITY, heldUntil ?? Number.NEGATIVE_INFINITY);
    const wait = until - now();
    if (wait > maxHoldWaitMs) throw new HeldError(until);
    if (wait > 0) await sleep(wait);
  }

  async function waitForTurn(): Promise<void> {
    await waitForHold();
    const stored = await store.get().catch(() => undefined);
    const last = Math.max(stored ?? Number.NEGATIVE_INFINITY, lastStart ?? Number.NEGATIVE_INFINITY);
    const wait = Math.min(last + minIntervalMs - now(), minIntervalMs);
    if (wait > 0) await sleep(wait);
    await store.set(now()).catch(() => undefined);
    // Taken after the write, as close to the task's start as can be: a slow write (chrome.storage can take
    // tens of ms) must not eat into the next interval. A restarted worker goes by the stored time, a write's
    // latency earlier, behind a restart that takes far longer.
    lastStart = now();
  }

  return {
    schedule<T>(task: () => Promise<T>): Promise<T> {
      const run = tail.then(async () => {
        await waitForTurn();
        return task();
      });
      tail = run.catch(() => undefined);
      return run;
    },
    async holdUntil(until: number) {
      const t = Math.min(until, now() + MAX_RETRY_AFTER_MS);
      if (t <= (heldUntil ?? Number.NEGATIVE_INFINITY)) return;
      heldUntil = t;
      await deps.hold?.set(t).catch(() => undefined);
    },
  };
}

/**
 * The stored hold, never more than MAX_RETRY_AFTER_MS ahead: a longer one (kept by an earlier version) is
 * cut to that and stored so, once, so that it then runs out like any other.
 */
export function boundedHold(hold: LastRequestStore, now: () => number): LastRequestStore {
  return {
    async get() {
      const until = await hold.get();
      const latest = now() + MAX_RETRY_AFTER_MS;
      if (until === undefined || until <= latest) return until;
      await hold.set(latest);
      return latest;
    },
    set: (t) => hold.set(Math.min(t, now() + MAX_RETRY_AFTER_MS)),
  };
}
