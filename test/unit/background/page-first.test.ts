import { describe, expect, it } from 'vitest';
import { createPageFirst, STAND_ASIDE_MS } from '@/lib/background/page-first';

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Background work in slices, counting them, until `stop` says so. */
async function slices(pause: () => Promise<void>, stop: () => boolean, counter: { n: number }) {
  while (!stop()) {
    counter.n++;
    await pause();
  }
}

/** A request whose handler awaits five reads (each a macrotask, as an IndexedDB request is). */
async function fiveReads() {
  for (let i = 0; i < 5; i++) await macrotask();
}

describe('pages first', () => {
  it('runs no slice of background work while a request is answered', async () => {
    const gate = createPageFirst();
    const counter = { n: 0 };
    let done = false;
    const work = slices(gate.pause, () => done, counter);
    await macrotask();
    const before = counter.n;
    await gate.serve(fiveReads);
    const during = counter.n - before;
    done = true;
    await work;
    // At most the slice already under way when the request came.
    expect(during).toBeLessThanOrEqual(1);
  });

  it('(the control: with a plain macrotask between slices, the request waits a slice per read)', async () => {
    const counter = { n: 0 };
    let done = false;
    const work = slices(macrotask, () => done, counter);
    await macrotask();
    const before = counter.n;
    await fiveReads();
    const during = counter.n - before;
    done = true;
    await work;
    expect(during).toBeGreaterThanOrEqual(4);
  });

  it('lets background work go on beside a request that waits on it, after STAND_ASIDE_MS', async () => {
    const gate = createPageFirst();
    let finished = false;
    const work = (async () => {
      for (let i = 0; i < 3; i++) await gate.pause();
      finished = true;
    })();
    const started = performance.now();
    // The request waits for the work (as Emerging's first answer does): no deadlock.
    await gate.serve(async () => {
      await work;
    });
    expect(finished).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(STAND_ASIDE_MS - 5);
  });

  it('resumes background work as soon as the last request is answered, and keeps answers and errors', async () => {
    const gate = createPageFirst();
    let resumed = false;
    let release!: () => void;
    const answered = gate.serve(() => new Promise<string>((resolve) => (release = () => resolve('answer'))));
    const paused = gate.pause().then(() => {
      resumed = true;
    });
    await macrotask();
    await macrotask();
    expect(resumed).toBe(false);
    release();
    expect(await answered).toBe('answer');
    await paused;
    expect(resumed).toBe(true);
    await expect(gate.serve(() => Promise.reject(new Error('bad request')))).rejects.toThrow('bad request');
    // A failed request holds nothing back.
    const t = performance.now();
    await gate.pause();
    expect(performance.now() - t).toBeLessThan(STAND_ASIDE_MS);
  });
});
