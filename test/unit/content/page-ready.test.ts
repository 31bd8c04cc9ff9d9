// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenSettled } from '@/lib/content/page-ready';

afterEach(() => vi.useRealTimers());

/** A window still loading (readyState 'interactive'), its load event fired by the test. */
function loadingWindow() {
  const target = new EventTarget();
  return {
    document: { readyState: 'interactive' },
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    load: () => target.dispatchEvent(new Event('load')),
  };
}

describe('whenSettled (document_idle for a script run at document_end)', () => {
  it('resolves at once on a loaded page', async () => {
    const win = { ...loadingWindow(), document: { readyState: 'complete' } };
    await expect(whenSettled(win as never)).resolves.toBeUndefined();
  });

  it('resolves on load, or after maxMs where load is slow, whichever comes first', async () => {
    vi.useFakeTimers();
    const win = loadingWindow();
    const settled = settledFlag(win, 200);
    await vi.advanceTimersByTimeAsync(100);
    expect(settled()).toBe(false);
    win.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled()).toBe(true);

    const late = settledFlag(loadingWindow(), 200);
    await vi.advanceTimersByTimeAsync(199);
    expect(late()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(late()).toBe(true);
  });
});

/** Whether whenSettled(win, maxMs) has resolved yet. */
function settledFlag(win: ReturnType<typeof loadingWindow>, maxMs: number): () => boolean {
  let settled = false;
  void whenSettled(win as never, maxMs).then(() => {
    settled = true;
  });
  return () => settled;
}
