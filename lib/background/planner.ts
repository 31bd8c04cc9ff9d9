import type { Ingestor } from '../ingest/ingestor';
import { type Alarms, CRASH_RETRY_MS, RETRY_ALARM } from './scheduler';

export interface PlannerDeps {
  ingestor: Pick<Ingestor, 'plan' | 'failPass' | 'recovered'>;
  alarms: Alarms;
  now: () => number;
}

/** The kind of a plan that could not be stored, in the sync state's error. */
const PLAN = 'plan';

/**
 * Plans work (backfill, refresh) for the app's events, which the entrypoint fires and forgets: a plan never
 * rejects. One the database cannot store (a full disk) is recorded as a failure of the index, for the
 * status, with the retry alarm set, and is made again on that retry: a refresh or a newly tracked category
 * is not lost to a moment without space.
 */
export function createPlanner(deps: PlannerDeps) {
  /** A plan that failed, to make again (true: it was a refresh); undefined when none did. */
  let owed: boolean | undefined;

  async function plan(refresh: boolean): Promise<void> {
    const asked = refresh || owed === true;
    try {
      await deps.ingestor.plan(asked);
    } catch (error) {
      owed = asked;
      const retryAt = await deps.ingestor
        .failPass(error, PLAN)
        .then((failed) => failed.retryAt)
        .catch(() => deps.now() + CRASH_RETRY_MS);
      try {
        deps.alarms.create(RETRY_ALARM, { when: retryAt });
      } catch {
        // No alarm can be set: the next event (a page, the refresh alarm, a restart) plans again.
      }
      return;
    }
    if (owed === undefined) return;
    owed = undefined;
    await deps.ingestor.recovered(PLAN).catch(() => undefined);
  }

  return {
    plan,
    /** The retry alarm: a plan that failed is made again. */
    async retry(): Promise<void> {
      if (owed !== undefined) await plan(owed);
    },
  };
}
