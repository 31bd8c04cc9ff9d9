import { expandAnswer } from '../messages/annotate-compact';
import type { Send } from '../messages/client';
import type { Annotation, IndexInfo, TopicSummary } from '../messages/schemas';
import type { PaperRef } from '../paper';

/**
 * Papers per `papers.annotate` request. A 2000-paper answer takes the page 60-80 ms to receive (the
 * reply is deserialised in one task); 250 keeps each reply's task short, and the first chunk (the papers
 * in view) comes back sooner.
 */
export const ANNOTATE_CHUNK = 250;
/** Requests in flight at once: the background works on the next while the page draws the last. */
export const ANNOTATE_PARALLEL = 8;
/**
 * Papers in the first request: the rows in view and just below (viewport order). A small request is
 * serialised, tagged and answered in a few ms, so the rows the reader sees do not wait on 250 papers.
 */
export const ANNOTATE_FIRST = 40;

export interface AnnotateAnswer {
  results: Annotation[];
  topics: Record<string, TopicSummary>;
  index: IndexInfo;
}

export interface AnnotateChunk {
  /** Where the chunk starts in the refs it was cut from. */
  start: number;
  refs: readonly PaperRef[];
  /** Rejects when the background fails, answers out of line, or the work was stopped before sending. */
  answer: Promise<AnnotateAnswer>;
  /** Once `answer` has settled, what it settled to: lets a caller check without waiting. */
  outcome?: { answer: AnnotateAnswer } | { error: unknown };
}

export interface ChunkOptions {
  size?: number;
  /** Papers in the first chunk (default `size`). */
  first?: number;
  /**
   * Awaited between one request going out and the next: Chrome serialises each request in the sending
   * task (10-25 ms for 250 papers with their abstracts), so eight sent in one task made a 200 ms task.
   */
  pause?(): Promise<void>;
  parallel?: number;
  /** Ask for "why this tag" evidence (default yes). */
  evidence?: boolean;
  /** Checked before each request goes out: a stopped run sends nothing more. */
  shouldStop?(): boolean;
}

/**
 * The annotate requests for a page, cut in chunks and sent in order, at most `parallel` at a time; the
 * caller awaits each chunk's answer in order. An answer must line up with its request: a short or long
 * answer is an error, not a shifted set of chips on the wrong papers.
 */
export function annotateInChunks(
  send: Send,
  refs: readonly PaperRef[],
  options: ChunkOptions = {},
): AnnotateChunk[] {
  const size = Math.max(1, options.size ?? ANNOTATE_CHUNK);
  const parallel = Math.max(1, options.parallel ?? ANNOTATE_PARALLEL);
  const pause = options.pause ?? (() => Promise.resolve());
  const chunks: AnnotateChunk[] = [];
  // Settles once the previous request has gone out (its send runs in the callback queued on it first).
  let previous: Promise<unknown> | null = null;
  for (let start = 0; start < refs.length; ) {
    const end = start + Math.max(1, start === 0 ? (options.first ?? size) : size);
    const batch = refs.slice(start, end);
    const slot = chunks[chunks.length - parallel]?.answer.catch(() => undefined) ?? Promise.resolve();
    const turn: Promise<unknown> = previous ? Promise.all([slot, previous.then(pause)]) : slot;
    previous = turn;
    const answer = turn.then(async () => {
      if (options.shouldStop?.()) throw new Error('stopped');
      const reply = await ask(send, batch, options.evidence ?? true);
      if (reply.results.length !== batch.length) {
        throw new Error(`The background answered ${reply.results.length} papers for ${batch.length}`);
      }
      return reply;
    });
    const chunk: AnnotateChunk = { start, refs: batch, answer };
    // Also keeps a chunk nobody awaits (the run was stopped) from surfacing as an unhandled rejection.
    answer.then(
      (reply) => {
        chunk.outcome = { answer: reply };
      },
      (error: unknown) => {
        chunk.outcome = { error };
      },
    );
    chunks.push(chunk);
    start = end;
  }
  return chunks;
}

/**
 * One request. Without evidence (a listing) the answer comes in the compact wire form, a third of the
 * bytes Chrome serialises and copies, and is expanded here.
 */
async function ask(send: Send, batch: readonly PaperRef[], evidence: boolean): Promise<AnnotateAnswer> {
  const papers = [...batch];
  if (evidence) return send('papers.annotate', { papers, evidence });
  return expandAnswer(await send('papers.annotateCompact', { papers }), papers);
}
