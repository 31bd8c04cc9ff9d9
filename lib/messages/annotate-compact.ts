import { z } from 'zod';
import type { PaperRef } from '../paper';
import {
  type Annotation,
  type IndexInfo,
  IndexInfoSchema,
  type TopicSummary,
  TopicSummarySchema,
} from './schemas';

/**
 * A listing's annotate answer in a compact form for the wire: each topic id once (`topicIds`), a paper's
 * tags as a flat list of [topic index, score] pairs, its categories only when they differ from what the
 * page sent, its two flags in one number. For 2000 papers this is about a third of the answer's bytes,
 * and Chrome's messaging time grows with the bytes it serialises and copies.
 */
export const CompactAnnotationSchema = z.object({
  /** Tags without evidence: topic index into `topicIds`, score; repeated. */
  t: z.array(z.number()),
  /** 1 = in the index, 2 = tracked. */
  f: z.number().int().min(0).max(3),
  /** The index's categories when they differ from the request's. */
  c: z.array(z.string()).optional(),
  title: z.string().optional(),
});
export type CompactAnnotation = z.infer<typeof CompactAnnotationSchema>;

export const CompactAnswerSchema = z.object({
  topicIds: z.array(z.string()),
  results: z.array(CompactAnnotationSchema),
  topics: z.record(z.string(), TopicSummarySchema),
  index: IndexInfoSchema,
});
export type CompactAnswer = z.infer<typeof CompactAnswerSchema>;

export interface FullAnswer {
  results: Annotation[];
  topics: Record<string, TopicSummary>;
  index: IndexInfo;
}

const IN_INDEX = 1;
const TRACKED = 2;

/** The compact form of an answer to `refs` (evidence is dropped: a listing asks without it). */
export function compactAnswer(answer: FullAnswer, refs: readonly PaperRef[]): CompactAnswer {
  const topicIds: string[] = [];
  const position = new Map<string, number>();
  const results = answer.results.map((a, i): CompactAnnotation => {
    const t: number[] = [];
    for (const tag of a.tags) {
      let k = position.get(tag.id);
      if (k === undefined) {
        k = topicIds.push(tag.id) - 1;
        position.set(tag.id, k);
      }
      t.push(k, tag.score);
    }
    const out: CompactAnnotation = { t, f: (a.inIndex ? IN_INDEX : 0) | (a.tracked ? TRACKED : 0) };
    if (!sameList(a.categories, refs[i]?.categories ?? [])) out.c = a.categories;
    if (a.title !== undefined) out.title = a.title;
    return out;
  });
  return { topicIds, results, topics: answer.topics, index: answer.index };
}

/** Back to the full answer the page's code reads (tags without evidence). */
export function expandAnswer(answer: CompactAnswer, refs: readonly PaperRef[]): FullAnswer {
  const results = answer.results.map((a, i): Annotation => {
    const tags: Annotation['tags'] = [];
    for (let k = 0; k + 1 < a.t.length; k += 2) {
      const id = answer.topicIds[a.t[k]!];
      if (id === undefined) throw new Error(`Topic index ${a.t[k]} out of range`);
      tags.push({ id, score: a.t[k + 1]! });
    }
    const out: Annotation = {
      tags,
      inIndex: (a.f & IN_INDEX) !== 0,
      tracked: (a.f & TRACKED) !== 0,
      categories: a.c ?? [...(refs[i]?.categories ?? [])],
    };
    if (a.title !== undefined) out.title = a.title;
    return out;
  });
  return { results, topics: answer.topics, index: answer.index };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
