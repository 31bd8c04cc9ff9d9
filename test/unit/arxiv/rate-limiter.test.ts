import { describe, expect, it } from 'vitest';
import { createRateLimiter, HeldError, type LastRequestStore } from '../../../lib/arxiv/rate-limiter';

/** A fake clock whose sleep advances time instantly, and a log of what slept. */
function fakeClock(start = 1_000_000) {
  const clock = {
    t: start,
    sleeps: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}

function memoryStore(initial?: number): LastRequestStore & { value: number | undefined } {
  const store = {
    value: initial,
    get: async () => store.value,
    set: async (t: number) => {
      store.value = t;
    },
  };
  return store;
}

describe('createRateLimiter', () => {
  it('keeps 3 s between task starts when writing the start time is slow', async () => {
    const clock = fakeClock();
    const store = memoryStore();
    // Each write takes 20 ms, or 1 ms: the task starts that much after the moment written.
    const latencies = [20, 1, 20, 1];
    const slow: LastRequestStore = {
      get: store.get,
      set: async (t) => {
        clock.t += latencies.shift() ?? 0;
        await store.set(t);
      },
    };
    const limiter = createRateLimiter({ now: clock.now, sleep: clock.sleep, store: slow });
    const starts = await Promise.all([1, 2, 3, 4].map(() => limiter.schedule(async () => clock.t)));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(3000);
  });

  it('spaces the starts of many concurrent callers by 3 s and runs one at a time', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ now: clock.now, sleep: clock.sleep, store: memoryStore() });
    const starts: number[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (i: number) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      starts.push(clock.t);
      // Requests take a varying (fake) time; some longer than the interval.
      await clock.sleep([100, 4500, 10, 2999][i % 4]!);
      running--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => limiter.schedule(task(i))));
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(maxRunning).toBe(1);
    expect(starts[0]).toBe(1_000_000); // the first request does not wait
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(3000);
    // ...and waits no longer than needed: a 4.5 s request is followed at once.
    expect(starts[2]! - starts[1]!).toBe(4500);
  });

  it('keeps the queue going after a task fails', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ now: clock.now, sleep: clock.sleep, store: memoryStore() });
    const failing = limiter.schedule(async () => {
      throw new Error('boom');
    });
    const next = limiter.schedule(async () => clock.t);
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe(1_003_000);
  });

  it('persists the start time before the request runs', async () => {
    const clock = fakeClock();
    const store = memoryStore();
    const limiter = createRateLimiter({ now: clock.now, sleep: clock.sleep, store });
    const seen = await limiter.schedule(async () => store.get());
    expect(seen).toBe(1_000_000);
  });

  it('makes a restarted worker (new limiter, same store) wait out the interval', async () => {
    const clock = fakeClock();
    const store = memoryStore();
    const before = createRateLimiter({ now: clock.now, sleep: clock.sleep, store });
    await before.schedule(async () => undefined);
    clock.t += 1200; // the worker is killed and restarted 1.2 s later
    const after = createRateLimiter({ now: clock.now, sleep: clock.sleep, store });
    const start = await after.schedule(async () => clock.t);
    expect(start).toBe(1_003_000);
    expect(clock.sleeps).toEqual([1800]);
  });

  it('sits through a short hold, refuses tasks during a long one, and a restarted worker keeps it', async () => {
    const clock = fakeClock();
    const store = memoryStore(clock.t - 60_000);
    const hold = memoryStore();
    const limiter = createRateLimiter({ now: clock.now, sleep: clock.sleep, store, hold });
    await limiter.holdUntil(clock.t + 20_000);
    expect(await limiter.schedule(async () => clock.t)).toBe(1_020_000);

    await limiter.holdUntil(clock.t + 600_000);
    let ran = false;
    const refused = limiter.schedule(async () => {
      ran = true;
    });
    await expect(refused).rejects.toBeInstanceOf(HeldError);
    await expect(refused).rejects.toMatchObject({ until: 1_620_000 });
    const restarted = createRateLimiter({ now: clock.now, sleep: clock.sleep, store, hold });
    await expect(restarted.schedule(async () => undefined)).rejects.toMatchObject({ until: 1_620_000 });
    expect(ran).toBe(false);
    clock.t = 1_620_000;
    expect(await restarted.schedule(async () => 'sent')).toBe('sent');
  });

  it('does not wait when the last request is long past', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({
      now: clock.now,
      sleep: clock.sleep,
      store: memoryStore(clock.t - 60_000),
    });
    await limiter.schedule(async () => undefined);
    expect(clock.sleeps).toEqual([]);
  });

  it('waits one interval, not the size of the jump, when the clock went backwards', async () => {
    const clock = fakeClock();
    const store = memoryStore(clock.t + 3_600_000); // stored by a clock an hour ahead
    const limiter = createRateLimiter({ now: clock.now, sleep: clock.sleep, store });
    await limiter.schedule(async () => undefined);
    clock.t -= 10_000; // and the clock goes back again between two requests
    await limiter.schedule(async () => undefined);
    expect(clock.sleeps).toEqual([3000, 3000]);
  });

  it('honours a custom interval', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({
      minIntervalMs: 5000,
      now: clock.now,
      sleep: clock.sleep,
      store: memoryStore(),
    });
    const starts = await Promise.all([1, 2, 3].map(() => limiter.schedule(async () => clock.t)));
    expect(starts).toEqual([1_000_000, 1_005_000, 1_010_000]);
  });

  it('still spaces requests when the store fails', async () => {
    const clock = fakeClock();
    const broken: LastRequestStore = {
      get: async () => {
        throw new Error('storage quota');
      },
      set: async () => {
        throw new Error('storage quota');
      },
    };
    const limiter = createRateLimiter({ now: clock.now, sleep: clock.sleep, store: broken });
    const starts = await Promise.all([1, 2].map(() => limiter.schedule(async () => clock.t)));
    expect(starts).toEqual([1_000_000, 1_003_000]);
  });
});
