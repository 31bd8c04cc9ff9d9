/**
 * User topics: an arXiv-like query language, compiled once and matched with the tagger's normalisation.
 *
 *   agents "world model"                 both (terms side by side mean AND)
 *   RL OR "reinforcement learning"       either; RL in capitals matches only the acronym RL / RLs
 *   ti:agent* ANDNOT cat:cs.RO           a title word starting with "agent", not in cs.RO
 *   au:(smith OR jones) cat:cs.*         an author named Smith or Jones, any cs category
 *
 * AND and ANDNOT bind tighter than OR. Grammar and the full rules: parse-query.ts, build-term.ts.
 */
import type { TaggableText } from '../../paper';
import type { Evidence } from '../types';
import { matchPreparedMetered } from './match-query';
import { type PreparedText, prepareText } from './prepare-text';
import type { CompiledQuery } from './query-ast';

export type { Evidence } from '../types';
export { compileQuery, type QueryResult } from './compile-query';
export { describeQuery } from './describe-query';
export { standsBare } from './lex-query';
export { carriedTopics, type PreparedText, type PreparedTokens, prepareText } from './prepare-text';
export { type CompiledQuery, MAX_PHRASE_WORDS, MAX_QUERY_DEPTH, MAX_QUERY_LENGTH } from './query-ast';

/** The evidence for a match (non-empty), or null when the paper does not match. */
export function matchPrepared(query: CompiledQuery, prepared: PreparedText): Evidence[] | null {
  return matchPreparedMetered(query, prepared, { steps: 0 });
}

/** `topics`: the pack topics the paper carries, for `topic:` terms (none: no `topic:` term matches). */
export function matchQuery(
  query: CompiledQuery,
  paper: TaggableText,
  topics?: (id: string) => string | undefined,
): Evidence[] | null {
  return matchPrepared(query, prepareText(paper, undefined, topics));
}
