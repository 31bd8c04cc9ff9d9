import { nextFrame, yieldToMain } from './slice-work';

/**
 * How many rows to draw before a frame lays them out, learnt from the frames themselves: what a row costs
 * the browser to lay out depends on the machine and on its load, which no constant fits (10 ms for 60
 * rows on an idle laptop, 60 ms on a loaded 2-core box). After each frame, the time the browser took to
 * render it steers the next batch towards `targetMs`.
 */
export interface FramePacer {
  /** Rows for the next batch. */
  batch(): number;
  /** Resumes once the batch just written has been rendered (in a task of its own), and learns from it. */
  afterFrame(): Promise<void>;
}

export interface PacerOptions {
  start?: number;
  min?: number;
  max?: number;
  targetMs?: number;
  now?(): number;
  /** Waits for the next frame (tests pass a fake). */
  frame?(): Promise<void>;
  /** Waits for the task after the frame's rendering (tests pass a fake). */
  after?(): Promise<void>;
}

export function createFramePacer(
  win: Pick<Window, 'requestAnimationFrame'> | null | undefined,
  options: PacerOptions = {},
): FramePacer {
  const min = options.min ?? 10;
  const max = options.max ?? 400;
  const target = options.targetMs ?? 30;
  const now = options.now ?? (() => performance.now());
  const frame = options.frame ?? (() => nextFrame(win));
  const after = options.after ?? yieldToMain;
  let size = options.start ?? 40;
  return {
    batch: () => size,
    async afterFrame() {
      await frame();
      // Resumed inside the frame's animation step: what follows until the next task is its rendering.
      const renderStart = now();
      await after();
      const rendered = Math.max(1, now() - renderStart);
      // Proportional, at most halving or growing by half a step: one slow frame (a GC, the OS
      // scheduling something else) should not swing the batch.
      const next = (size * target) / rendered;
      size = Math.round(Math.min(max, Math.max(min, size / 2, Math.min(size * 1.5, next))));
    },
  };
}
