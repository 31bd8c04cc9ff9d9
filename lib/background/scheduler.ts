import type { RunOutcome } from '../ingest/ingestor';

export const REFRESH_ALARM = 'pp-refresh';
export const RETRY_ALARM = 'pp-retry';
/** When a round that threw (a bug, the database failing to open) is tried again. */
export const CRASH_RETRY_MS = 5 * 60_000;

export interface Alarms {
  create(name: string, info: { when?: number; periodInMinutes?: number; delayInMinutes?: number }): void;
  clear(name: string): Promise<unknown>;
}

export interface SchedulerDeps {
  /** Resolves when the services a pass needs are loaded. */
  ready: Promise<unknown>;
  /** One round of work: re-tagging, then ingestion until nothing is left or something must wait. */
  work: () => Promise<RunOutcome>;
  /** After a round with nothing left waiting (new papers may be worth a notification). */
  finished: () => Promise<void>;
  alarms: Alarms;
  /** Keeps an MV3 worker alive while a pass runs (an extension API call every ~20 s). */
  keepAlive?: (() => Promise<unknown>) | undefined;
  /** A pass ended (the badge counts again). */
  settled: () => void;
  now?: () => number;
}

/**
 * When background work runs: one pass at a time (a kick during a pass makes it look again), a retry alarm
 * when work must wait, the periodic refresh alarm, and the worker kept alive meanwhile.
 */
export function createScheduler(deps: SchedulerDeps) {
  const now = deps.now ?? Date.now;
  let pass: Promise<void> | undefined;
  let again = false;

  /** One round after another while kicks keep coming; a failed round leaves the retry alarm set. */
  async function rounds() {
    do {
      again = false;
      const outcome = await round(deps.work, now);
      if (outcome.status === 'failed') {
        // Some work waits for its retry time (one category backing off, or all of arXiv); a kick that
        // came meanwhile (a page's lookup) may still have work that can go now: `continue` looks again.
        deps.alarms.create(RETRY_ALARM, { when: outcome.retryAt });
        continue;
      }
      await deps.alarms.clear(RETRY_ALARM);
      // What follows a round (a notification, Emerging's count) failing is no reason to fail the pass.
      await deps.finished().catch(() => undefined);
    } while (again);
  }

  /**
   * Runs re-tagging and ingestion until there is nothing left, or schedules the retry. A kick during a
   * pass makes the pass look again before it ends, so work planned meanwhile is never left waiting: every
   * await is inside the loop, so none sits between the last look at `again` and the end of the pass.
   */
  function kick(): Promise<void> {
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      const timer = deps.keepAlive ? setInterval(() => void deps.keepAlive?.(), 20_000) : undefined;
      try {
        await deps.ready;
        await rounds();
      } catch {
        // The services did not load (the database did not open) or the alarms API failed: callers fire
        // kicks and forget them, so the pass never rejects; the retry alarm tries again.
        retryLater(deps.alarms, now);
      } finally {
        if (timer) clearInterval(timer);
        pass = undefined;
        deps.settled();
      }
    })();
    return pass;
  }

  return {
    kick,
    /** Waits until the current pass (if any) is over, whatever its outcome. */
    idle: async () => {
      await pass?.catch(() => undefined);
    },
    /** The current pass, for tests and benchmarks. */
    current: () => pass ?? Promise.resolve(),
    /** The refresh alarm, every `refreshHours`. */
    scheduleRefresh(refreshHours: number) {
      deps.alarms.create(REFRESH_ALARM, {
        periodInMinutes: refreshHours * 60,
        delayInMinutes: refreshHours * 60,
      });
    },
  };
}

/** One round of work; one that throws is a failed round, retried later, never a rejected pass. */
async function round(work: () => Promise<RunOutcome>, now: () => number): Promise<RunOutcome> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'failed', error: message, retryAt: now() + CRASH_RETRY_MS };
  }
}

function retryLater(alarms: Alarms, now: () => number) {
  try {
    alarms.create(RETRY_ALARM, { when: now() + CRASH_RETRY_MS });
  } catch {
    // No alarm can be set: the next kick (a page, the refresh alarm, a restart) runs the work.
  }
}
