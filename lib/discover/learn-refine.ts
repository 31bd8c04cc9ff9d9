import { type CompiledQuery, carriedTopics, compileQuery, matchQuery } from '../topics/query';
import type { LearnPaper } from './learn-topic';

/** A title phrase excluding one paper keeps at most this many of its words (the query caps phrases). */
const TITLE_WORDS = 12;

/**
 * The terms a learned query ORs together: quoted phrases, bare acronyms, `topic:ID` and a pack topic
 * narrowed by a phrase in parentheses (learn.ts writes queries so): split at each OR outside quotes and
 * parentheses.
 */
export function orTerms(query: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  const cut = (end: number) => {
    const term = query.slice(start, end).trim();
    if (term) terms.push(term);
  };
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && query.startsWith(' OR ', i)) {
      cut(i);
      start = i + 4;
    }
  }
  cut(query.length);
  return terms;
}

interface CompiledTerm {
  text: string;
  query: CompiledQuery;
}

function compiledTerms(terms: readonly string[]): CompiledTerm[] {
  return terms.flatMap((text) => {
    const compiled = compileQuery(text);
    return compiled.ok ? [{ text, query: compiled.query }] : [];
  });
}

/** Whether a learned query (or one of its terms) matches a paper, its `topic:` terms by the paper's topics. */
export const learnedMatch = (query: CompiledQuery, paper: LearnPaper) =>
  matchQuery(
    query,
    paper,
    carriedTopics(paper.topics ?? [], (id) => id),
  ) !== null;
const matches = (term: CompiledTerm, paper: LearnPaper) => learnedMatch(term.query, paper);
const matchesAny = (terms: readonly CompiledTerm[], paper: LearnPaper) =>
  terms.some((t) => matches(t, paper));
const matchesSome = (term: CompiledTerm, papers: readonly LearnPaper[]) =>
  papers.some((p) => matches(term, p));

/**
 * "Not this": a learned query refined by the papers the user marked as not belonging. First the query's
 * terms that match a marked paper are dropped, unless an example only they match would be lost. Marked
 * papers still matched are then excluded with ANDNOT: by `negativeTerms` (phrases learned from the marked
 * papers) that match no example, else by the marked paper's own title. Returns `query` unchanged when
 * nothing is marked or the refinement would not compile.
 */
export function refineQuery(
  query: string,
  examples: readonly LearnPaper[],
  negatives: readonly LearnPaper[],
  negativeTerms: readonly string[],
): string {
  if (negatives.length === 0) return query;
  const kept = dropNegativeTerms(compiledTerms(orTerms(query)), examples, negatives);
  if (kept.length === 0) return query;
  const stillMatched = negatives.filter((paper) => matchesAny(kept, paper));
  const exclusions = exclusionTerms(stillMatched, examples, negativeTerms);
  const positive = kept.map((term) => term.text).join(' OR ');
  const refined = exclusions.length > 0 ? `(${positive}) ANDNOT (${exclusions.join(' OR ')})` : positive;
  return compileQuery(refined).ok ? refined : query;
}

/** The terms without those matching a marked paper, each dropped only when the examples stay covered. */
function dropNegativeTerms(
  terms: readonly CompiledTerm[],
  examples: readonly LearnPaper[],
  negatives: readonly LearnPaper[],
): CompiledTerm[] {
  let kept = [...terms];
  for (const term of terms) {
    if (!matchesSome(term, negatives)) continue;
    const rest = kept.filter((other) => other !== term);
    const covered = examples.filter((paper) => matchesAny(kept, paper));
    if (rest.length > 0 && covered.every((paper) => matchesAny(rest, paper))) kept = rest;
  }
  return kept;
}

/** Terms that match every one of `negatives` between them and no example. */
function exclusionTerms(
  negatives: readonly LearnPaper[],
  examples: readonly LearnPaper[],
  negativeTerms: readonly string[],
): string[] {
  const clean = compiledTerms(negativeTerms).filter((term) => !matchesSome(term, examples));
  const chosen: CompiledTerm[] = [];
  for (const paper of negatives) {
    if (matchesAny(chosen, paper)) continue;
    const term = clean.find((t) => matches(t, paper)) ?? titleTerm(paper, examples);
    if (term) chosen.push(term);
  }
  return chosen.map((term) => term.text);
}

/** `ti:"…"`: the marked paper's title as a phrase, when it compiles, matches it and no example. */
function titleTerm(paper: LearnPaper, examples: readonly LearnPaper[]): CompiledTerm | undefined {
  const words = paper.title
    .replace(/["\u201C\u201D*()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return undefined;
  const [term] = compiledTerms([`ti:"${words.slice(0, TITLE_WORDS).join(' ')}"`]);
  if (!term || !matches(term, paper) || matchesSome(term, examples)) return undefined;
  return term;
}
