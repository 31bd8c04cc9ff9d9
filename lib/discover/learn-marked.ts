import { type LearnedTopic, type LearnOptions, learnTopic, type PackTopicNames } from './learn';
import { orTerms, refineQuery } from './learn-refine';
import type { Background, LearnPaper } from './learn-topic';

/**
 * A topic learned from examples and the papers marked "not this": the query learned from the examples,
 * refined by the marks (terms matching a marked paper dropped, the rest excluded with ANDNOT by phrases
 * learned from the marked papers). What `topics.learn` answers and what `npm run eval:learn` measures.
 * Throws, with a message for the user, when the marks do not fit in one query (refineQuery).
 */
export function learnMarked(
  examples: readonly LearnPaper[],
  negatives: readonly LearnPaper[],
  background: Background,
  packTopicsOf: (paper: LearnPaper) => readonly PackTopicNames[],
  idFor: (name: string) => string,
  options: Partial<LearnOptions> = {},
): LearnedTopic {
  const learned = learnTopic(examples, background, packTopicsOf, idFor, options);
  const negativeTerms =
    negatives.length > 0 ? orTerms(learnTopic(negatives, background, packTopicsOf, idFor).query) : [];
  return { ...learned, query: refineQuery(learned.query, examples, negatives, negativeTerms) };
}
