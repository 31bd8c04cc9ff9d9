import { describe, expect, it } from 'vitest';
import { createFramePacer } from '../../../lib/content/frame-pacer';

/** A pacer whose frames take `renderMs()` of (fake) time to render. */
function pacedBy(renderMs: () => number, options = {}) {
  let clock = 0;
  return createFramePacer(null, {
    start: 40,
    min: 10,
    max: 400,
    targetMs: 30,
    now: () => clock,
    frame: async () => undefined,
    after: async () => {
      clock += renderMs();
    },
    ...options,
  });
}

describe('frame pacer', () => {
  it('grows the batch by at most half a step while frames are cheap, up to the maximum', async () => {
    const pacer = pacedBy(() => 3);
    const sizes: number[] = [];
    for (let i = 0; i < 10; i++) {
      await pacer.afterFrame();
      sizes.push(pacer.batch());
    }
    expect(sizes.slice(0, 3)).toEqual([60, 90, 135]);
    expect(sizes.at(-1)).toBe(400);
  });

  it('shrinks towards the target when frames are slow, at most halving, never below the minimum', async () => {
    const pacer = pacedBy(() => 300);
    await pacer.afterFrame();
    expect(pacer.batch()).toBe(20);
    await pacer.afterFrame();
    expect(pacer.batch()).toBe(10);
    await pacer.afterFrame();
    expect(pacer.batch()).toBe(10);
  });

  it('settles where a frame costs the target', async () => {
    // Rendering costs 0.5 ms a row: 60 rows make a 30 ms frame.
    let size = 40;
    const pacer = pacedBy(() => size * 0.5);
    for (let i = 0; i < 20; i++) {
      await pacer.afterFrame();
      size = pacer.batch();
    }
    expect(size).toBe(60);
  });
});
