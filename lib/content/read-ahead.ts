import type { Send } from '../messages/client';
import type { FoundPaper } from '../sites/types';
import { ANNOTATE_CHUNK, ANNOTATE_FIRST, type AnnotateChunk, annotateInChunks } from './annotate-papers';
import type { AnswerIntake } from './answer-intake';
import type { DrawScheduler } from './draw-scheduler';

/**
 * A listing's rows below its head, asked for a chunk at a time as reading passes them, so the answers
 * for the rows a reader scrolls to next come in while the rest of the page is still read (a reader who
 * scrolls as soon as the first chips show must find the next screens answered). Page order below the
 * head is the order they come into view.
 */
export interface ReadAhead {
  /** A paper read below the head, keyed. */
  see(keyed: { key: string; paper: FoundPaper }): void;
  /** Asks for the papers seen and not yet asked for (reading has ended). */
  flush(): void;
  /** Every paper asked for here. */
  readonly keys: ReadonlySet<string>;
  /** Settles once every chunk asked for has been answered (or failed) and its placed rows drawn. */
  drawn(): Promise<void>;
}

export interface ReadAheadDeps {
  send: Send;
  intake: AnswerIntake;
  drawing: DrawScheduler;
  stopped(): boolean;
  /** Papers per request (tests pass small ones). */
  size?: number;
}

export function createReadAhead(deps: ReadAheadDeps): ReadAhead {
  const size = Math.max(1, deps.size ?? ANNOTATE_CHUNK);
  const pending: { key: string; paper: FoundPaper }[] = [];
  const keys = new Set<string>();
  const answered: Promise<unknown>[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const keyed = pending.splice(0);
    for (const k of keyed) keys.add(k.key);
    const [chunk] = annotateInChunks(
      deps.send,
      keyed.map((k) => k.paper.ref),
      { size: keyed.length, evidence: false, shouldStop: deps.stopped },
    ) as [AnnotateChunk];
    // Taken in as soon as it comes: rows not placed yet find their answer kept when they come near.
    answered.push(
      chunk.answer
        .catch(() => undefined)
        .then(() =>
          deps.stopped() ? false : deps.drawing.drawAll(deps.intake.take(chunk, keyed), deps.stopped),
        ),
    );
  };
  return {
    see(keyed) {
      pending.push(keyed);
      // The first chunk small (the screens just below the head), the rest full.
      if (pending.length >= (keys.size === 0 ? ANNOTATE_FIRST : size)) flush();
    },
    flush,
    keys,
    drawn: async () => void (await Promise.all(answered)),
  };
}
