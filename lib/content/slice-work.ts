/**
 * Long pages (2000 listing entries) are decorated in slices of a few milliseconds, yielding to the
 * browser between slices, so no main-thread task gets near 50 ms and the page stays responsive.
 */

export const SLICE_BUDGET_MS = 12;

/**
 * Waits for the next frame: work resumed there is laid out in that same frame, so each frame carries one
 * slice of DOM changes. (Yielding to the task queue instead lets several slices pile up before the browser
 * renders, and then one layout pays for all of them.) Frames do not come in a hidden tab, so neither does
 * the work: it resumes when the user looks.
 */
export function nextFrame(win: Pick<Window, 'requestAnimationFrame'> | null | undefined): Promise<void> {
  if (typeof win?.requestAnimationFrame !== 'function') return yieldToMain();
  return new Promise((resolve) => win.requestAnimationFrame(() => resolve()));
}

type SchedulerLike = { yield?: () => Promise<void> };

/** Gives the main thread back: `scheduler.yield()` where it exists, else a MessageChannel task (not clamped like nested timers). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export interface SliceOptions {
  budgetMs?: number;
  /** Checked between slices: a newer run or a torn-down page stops the work. */
  shouldStop?(): boolean;
  now?(): number;
  yieldFn?(): Promise<void>;
}

/** Runs `work` on every item, yielding whenever a slice has used its budget. False when stopped early. */
export async function forEachSliced<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  options: SliceOptions = {},
): Promise<boolean> {
  const budget = options.budgetMs ?? SLICE_BUDGET_MS;
  const now = options.now ?? (() => performance.now());
  const yieldFn = options.yieldFn ?? yieldToMain;
  let sliceStart = now();
  for (let i = 0; i < items.length; i++) {
    if (options.shouldStop?.()) return false;
    work(items[i]!, i);
    if (i + 1 < items.length && now() - sliceStart >= budget) {
      await yieldFn();
      sliceStart = now();
    }
  }
  return !options.shouldStop?.();
}
