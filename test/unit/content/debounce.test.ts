import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce } from '@/lib/content/debounce';

afterEach(() => {
  vi.useRealTimers();
});

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number,
  clearTimeout: (id: number | undefined) => clearTimeout(id),
};

describe('debounce', () => {
  it('calls once after the quiet time', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const settle = debounce(timers, fn, { wait: 150, maxWait: 1000 });
    settle();
    vi.advanceTimersByTime(100);
    settle();
    vi.advanceTimersByTime(149);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('still calls every maxWait while calls come faster than the quiet time, and not without one', () => {
    vi.useFakeTimers();
    const capped = vi.fn();
    const uncapped = vi.fn();
    const a = debounce(timers, capped, { wait: 150, maxWait: 1000 });
    const b = debounce(timers, uncapped, { wait: 150 });
    const calledAt: number[] = [];
    capped.mockImplementation(() => calledAt.push(Date.now()));
    const start = Date.now();
    for (let t = 0; t < 3000; t += 50) {
      a();
      b();
      vi.advanceTimersByTime(50);
    }
    expect(calledAt.map((t) => t - start)).toEqual([1000, 2000, 3000]);
    expect(uncapped).not.toHaveBeenCalled();
  });

  it('cancels both timers', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const settle = debounce(timers, fn, { wait: 150, maxWait: 1000 });
    settle();
    settle.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).not.toHaveBeenCalled();
  });
});
