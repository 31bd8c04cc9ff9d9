import { compileQuery } from '../topics/query';
import { type LearnedTopic, type LearnOptions, learnTopic, type PackTopicNames } from './learn';
import { learnedMatch, orTerms, refineQuery } from './learn-refine';
import type { Background, LearnPaper } from './learn-topic';

/**
 * A topic learned from examples and the papers marked "not this": the query learned from the examples,
 * refined by the marks (terms matching a marked paper dropped, the rest excluded with ANDNOT by phrases
 * learned from the marked papers). What `topics.learn` answers and what `npm run eval:learn` measures.
 * `given`: how many of the examples the user gave (the rest were marked "yes, this"); then a "yes" mark never
 * makes the query broader: it is learned from the given examples, and a term learned from all of them joins
 * it (OR) only when it matches a "yes" paper the query misses and no "not this" paper.
 * Throws, with a message for the user, when the marks do not fit in one query (refineQuery).
 */
export function learnMarked(
  examples: readonly LearnPaper[],
  negatives: readonly LearnPaper[],
  background: Background,
  packTopicsOf: (paper: LearnPaper) => readonly PackTopicNames[],
  idFor: (name: string) => string,
  options: Partial<LearnOptions> = {},
  given = examples.length,
): LearnedTopic {
  const first = Math.max(1, Math.min(given, examples.length));
  const learned = learnTopic(examples.slice(0, first), background, packTopicsOf, idFor, options);
  const negativeTerms =
    negatives.length > 0 ? orTerms(learnTopic(negatives, background, packTopicsOf, idFor).query) : [];
  const refined = (query: string) => refineQuery(query, examples, negatives, negativeTerms);
  if (first >= examples.length) return { ...learned, query: refined(learned.query) };
  const all = learnTopic(examples, background, packTopicsOf, idFor, options);
  const query = withYesTerms(learned.query, examples.slice(first), negatives, all.query);
  const added = new Set(orTerms(query));
  const packTopics = [
    ...learned.packTopics,
    ...all.packTopics.filter((id) => !learned.packTopics.includes(id) && added.has(`topic:${id}`)),
  ];
  return { ...learned, examples: examples.map((p) => p.id), packTopics, query: refined(query) };
}

/**
 * `base` with the terms of `all` (a query learned from every example) that match a "yes" paper `base` misses
 * and no paper marked "not this" ORed on: the query stays as narrow as the given examples made it.
 */
export function withYesTerms(
  base: string,
  yes: readonly LearnPaper[],
  negatives: readonly LearnPaper[],
  all: string,
): string {
  const match = (term: string, p: LearnPaper) => {
    const compiled = compileQuery(term);
    return compiled.ok && learnedMatch(compiled.query, p);
  };
  const terms = orTerms(base);
  const missed = yes.filter((p) => !terms.some((t) => match(t, p)));
  const added = orTerms(all).filter(
    (t) => !terms.includes(t) && missed.some((p) => match(t, p)) && !negatives.some((p) => match(t, p)),
  );
  return [...terms, ...added].join(' OR ');
}
