/**
 * Long counts as steps: a generator that yields between slices of work. The CLI runs the steps at once
 * (`runAll`); the background worker, which also answers pages' annotate requests, runs one slice a macrotask
 * (`runSliced`), so a recount of thousands of papers never holds the worker for more than one slice.
 */
export type Steps<T> = Generator<void, T, void>;

/** Papers a slice: about 10-30 ms of encoding or counting in the worker (0.1-0.3 ms a paper). */
export const PAPERS_A_SLICE = 100;
/** Trie nodes a slice (a key built and looked up each, about 1-3 µs). */
export const NODES_A_SLICE = 10_000;

export function runAll<T>(steps: Steps<T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** A macrotask, so that messages queued meanwhile are answered before the next slice. */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function runSliced<T>(steps: Steps<T>, pause: () => Promise<void> = nextMacrotask): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return step.value;
}

/** Visits each item, yielding after every `size` of them. */
export function* eachSliced<T>(
  items: Iterable<T>,
  size: number,
  visit: (item: T, index: number) => void,
): Steps<void> {
  let index = 0;
  for (const item of items) {
    visit(item, index);
    if (++index % size === 0) yield;
  }
}
