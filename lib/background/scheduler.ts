import type { RunOutcome } from '../ingest/ingestor';

export const REFRESH_ALARM = 'pp-refresh';
export const RETRY_ALARM = 'pp-retry';

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
}

/**
 * When background work runs: one pass at a time (a kick during a pass makes it look again), a retry alarm
 * when work must wait, the periodic refresh alarm, and the worker kept alive meanwhile.
 */
export function createScheduler(deps: SchedulerDeps) {
  let pass: Promise<void> | undefined;
  let again = false;

  /** One round after another while kicks keep coming; a failed round leaves the retry alarm set. */
  async function rounds() {
    do {
      again = false;
      const outcome = await deps.work();
      if (outcome.status === 'failed') {
        // Some work waits for its retry time (one category backing off, or all of arXiv); a kick that
        // came meanwhile (a page's lookup) may still have work that can go now: `continue` looks again.
        deps.alarms.create(RETRY_ALARM, { when: outcome.retryAt });
        continue;
      }
      await deps.alarms.clear(RETRY_ALARM);
      await deps.finished();
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
      await deps.ready;
      const timer = deps.keepAlive ? setInterval(() => void deps.keepAlive?.(), 20_000) : undefined;
      try {
        await rounds();
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
