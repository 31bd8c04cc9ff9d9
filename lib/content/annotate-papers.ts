import type { Annotation, IndexInfo, TopicSummary } from '../message-schemas';
import type { PaperRef } from '../paper';
import type { Send } from './send';

/** The protocol's limit for one `papers.annotate` request. */
export const ANNOTATE_BATCH = 2500;

export interface AnnotateAnswer {
  results: Annotation[];
  topics: Record<string, TopicSummary>;
  index: IndexInfo;
}

/**
 * One `papers.annotate` round trip for a whole page (a page over the protocol's limit is split, in
 * order). The answer must line up with the request: a short or long answer is an error, not a shifted
 * set of chips on the wrong papers.
 */
export async function annotatePapers(send: Send, refs: readonly PaperRef[]): Promise<AnnotateAnswer> {
  const results: Annotation[] = [];
  const topics: Record<string, TopicSummary> = {};
  let index: IndexInfo | undefined;
  for (let start = 0; start < refs.length; start += ANNOTATE_BATCH) {
    const batch = refs.slice(start, start + ANNOTATE_BATCH);
    const answer = await send('papers.annotate', { papers: batch });
    if (answer.results.length !== batch.length) {
      throw new Error(`The background answered ${answer.results.length} papers for ${batch.length}`);
    }
    results.push(...answer.results);
    Object.assign(topics, answer.topics);
    index = answer.index;
  }
  if (!index) throw new Error('No papers to annotate');
  return { results, topics, index };
}
