/**
 * Long pages (2000 listing entries) are decorated in slices of a few milliseconds, yielding to the
 * browser between slices, so no main-thread task of ours gets near 50 ms and the page stays responsive.
 */

export const SLICE_BUDGET_MS = 8;

type FrameWindow = Pick<Window, 'requestAnimationFrame'> | null | undefined;

/**
 * Waits for the next frame: work resumed there is laid out in that same frame. Frames do not come in a
 * hidden tab, so neither does the work: it resumes when the user looks.
 */
export function nextFrame(win: FrameWindow): Promise<void> {
  if (typeof win?.requestAnimationFrame !== 'function') return yieldToMain();
  return new Promise((resolve) => win.requestAnimationFrame(() => resolve()));
}

/**
 * Resumes once the next frame has been rendered: one slice of DOM changes per frame, and the slice runs
 * in a task of its own instead of inside the frame's rendering task (which then only lays out).
 */
export async function afterFrame(win: FrameWindow): Promise<void> {
  await nextFrame(win);
  await yieldToMain();
}

type SchedulerLike = { yield?: () => Promise<void> };

/** Gives the main thread back: `scheduler.yield()` where it exists, else a task behind the queued ones. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return yieldToQueued();
}

/**
 * Gives the main thread back behind the tasks already queued: a MessageChannel task (not clamped like
 * nested timers), never `scheduler.yield()`, whose continuation runs ahead of them. For work that goes on
 * while a reply it waits for may come in (reading a listing while its head is asked for).
 */
export function yieldToQueued(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export interface SliceOptions {
  budgetMs?: number;
  /** At most this many items a slice (work whose cost lands in the next frame, not in the slice). */
  maxItems?: number | (() => number);
  /** Checked between slices: a newer run or a torn-down page stops the work. */
  shouldStop?(): boolean;
  now?(): number;
  yieldFn?(): Promise<void>;
}

/** Runs `work` on every item, yielding whenever a slice has used its budget. False when stopped early. */
export async function forEachSliced<T>(
  items: Iterable<T>,
  work: (item: T, index: number) => void,
  options: SliceOptions = {},
): Promise<boolean> {
  const budget = options.budgetMs ?? SLICE_BUDGET_MS;
  const limit = options.maxItems ?? Number.POSITIVE_INFINITY;
  const maxItems = typeof limit === 'function' ? limit : () => limit;
  const now = options.now ?? (() => performance.now());
  const yieldFn = options.yieldFn ?? yieldToMain;
  let sliceStart = now();
  let inSlice = 0;
  let index = 0;
  // Pulled one at a time (never spread into an array first): `items` may be a generator reading the page.
  const iterator = items[Symbol.iterator]();
  let next = iterator.next();
  while (!next.done) {
    if (options.shouldStop?.()) break;
    work(next.value, index++);
    inSlice++;
    next = iterator.next();
    if (!next.done && (now() - sliceStart >= budget || inSlice >= maxItems())) {
      await yieldFn();
      sliceStart = now();
      inSlice = 0;
    }
  }
  if (!next.done) iterator.return?.();
  return next.done === true && !options.shouldStop?.();
}
