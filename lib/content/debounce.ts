/** The timer functions of the page's window (tests pass fake ones). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
}

export interface Debounced {
  (): void;
  cancel(): void;
}

/**
 * Calls `fn` once calls have stopped for `wait` ms. With `maxWait`, a burst that never stops still calls it
 * `maxWait` ms after the burst began: a page that re-renders every 50 ms (a live counter, a carousel) would
 * otherwise starve a 150 ms quiet time for ever.
 */
export function debounce(
  timers: Timers,
  fn: () => void,
  { wait, maxWait }: { wait: number; maxWait?: number },
): Debounced {
  let quiet: number | undefined;
  let cap: number | undefined;
  const cancel = () => {
    timers.clearTimeout(quiet);
    timers.clearTimeout(cap);
    quiet = cap = undefined;
  };
  const flush = () => {
    cancel();
    fn();
  };
  const debounced = () => {
    timers.clearTimeout(quiet);
    quiet = timers.setTimeout(flush, wait);
    if (maxWait !== undefined && cap === undefined) cap = timers.setTimeout(flush, maxWait);
  };
  debounced.cancel = cancel;
  return debounced;
}
