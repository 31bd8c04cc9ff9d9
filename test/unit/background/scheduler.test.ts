import { describe, expect, it } from 'vitest';
import { createScheduler, RETRY_ALARM } from '@/lib/background/scheduler';
import type { RunOutcome } from '@/lib/ingest/ingestor';
import { quotaError, watchUnhandledRejections } from '../helpers/store-faults';

function scheduler(work: () => Promise<RunOutcome>, ready: Promise<unknown> = Promise.resolve()) {
  const alarms = new Map<string, { when?: number }>();
  const created = createScheduler({
    ready,
    work,
    finished: async () => undefined,
    alarms: {
      create: (name, info) => void alarms.set(name, info),
      clear: async (name) => alarms.delete(name),
    },
    settled: () => undefined,
  });
  return { scheduler: created, alarms };
}

describe('the scheduler (issue 33, item 2)', () => {
  it('takes a round that throws as a failed round: the pass ends, the retry alarm is set, nothing is unhandled', async () => {
    const unhandled = watchUnhandledRejections();
    const start = Date.now();
    const { scheduler: s, alarms } = scheduler(async () => {
      throw quotaError();
    });
    void s.kick(); // as the app fires kicks
    await s.idle();
    expect(await unhandled.settled()).toEqual([]);
    expect(alarms.get(RETRY_ALARM)?.when).toBeGreaterThan(start);
    unhandled.stop();
  });

  it('never rejects when the services fail to load, and tries again later', async () => {
    const unhandled = watchUnhandledRejections();
    const { scheduler: s, alarms } = scheduler(
      async () => ({ status: 'done' }),
      Promise.reject(new Error('The database did not open')),
    );
    void s.kick();
    await s.idle();
    expect(await unhandled.settled()).toEqual([]);
    expect(alarms.has(RETRY_ALARM)).toBe(true);
    unhandled.stop();
  });
});
