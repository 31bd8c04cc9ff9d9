import type { PaperRef } from '../paper';
import type { Annotation, CompactAnnotation, CompactAnswer, IndexInfo, TopicSummary } from './schemas';

// The compact wire form of a listing's annotate answer (CompactAnswerSchema in ./schemas.ts) and back.
// No zod here: the content script decodes answers with this module and carries no schema library.

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
