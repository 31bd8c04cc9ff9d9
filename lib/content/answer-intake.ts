import { errorText } from '../messages/client';
import type { Annotation } from '../messages/schemas';
import type { AnnotateChunk } from './annotate-papers';
import type { HostRecord } from './host-records';
import type { TopicStore } from './topic-store';

/** Where the page's answers stand, as the listing's filter bar says it. */
export interface AnswerStatus {
  pending: boolean;
  error?: string;
}

/**
 * The background's answers taken in: each paper's annotation kept (a re-run asks only for the papers it
 * lacks), the topics into the store, a view for each row, and the state of the page's answers.
 */
export interface AnswerIntake {
  readonly known: ReadonlyMap<string, Annotation>;
  status(): AnswerStatus;
  /** A run starts asking for `missing` papers. */
  begin(missing: number): void;
  /**
   * One chunk's answer (or failure) taken in, once per chunk however often it is asked: annotations kept,
   * topics merged, each asked row's view set. The chunk's rows back, to draw.
   */
  take(chunk: AnnotateChunk, asked: readonly { key: string }[]): HostRecord[];
  /** Every answer of the run is in. */
  finish(): void;
  forget(): void;
}

export function createAnswerIntake(
  store: TopicStore,
  recordOf: (key: string) => HostRecord | undefined,
): AnswerIntake {
  const known = new Map<string, Annotation>();
  const taken = new WeakSet<AnnotateChunk>();
  let status: AnswerStatus = { pending: true };

  return {
    known,
    status: () => status,
    begin(missing) {
      status = { pending: missing > 0 };
    },
    take(chunk, asked) {
      const first = !taken.has(chunk);
      taken.add(chunk);
      const outcome = chunk.outcome;
      const answer = outcome && 'answer' in outcome ? outcome.answer : null;
      if (first && outcome && 'error' in outcome) {
        status = { pending: true, error: status.error ?? errorText(outcome.error, 120) };
      }
      if (first && answer) store.merge(answer.topics, answer.index);
      const recs: HostRecord[] = [];
      for (let i = 0; i < chunk.refs.length; i++) {
        const { key } = asked[chunk.start + i]!;
        const annotation = answer?.results[i];
        if (first && annotation) known.set(key, annotation);
        const rec = recordOf(key);
        if (!rec) continue;
        if (first) {
          rec.view = annotation
            ? { status: 'ready', annotation }
            : { status: 'error', message: status.error ?? 'no answer' };
        }
        recs.push(rec);
      }
      return recs;
    },
    finish() {
      status = { pending: false, ...(status.error ? { error: status.error } : {}) };
    },
    forget() {
      known.clear();
    },
  };
}
