import {
  type CompiledQuery,
  carriedTopics,
  compileQuery,
  MAX_QUERY_LENGTH,
  matchQuery,
} from '../topics/query';
import type { LearnPaper } from './learn-topic';

/** A title phrase excluding one paper keeps at most this many of its words (the query caps phrases). */
const TITLE_WORDS = 12;
/**
 * When the marks' titles do not fit in one query, each is excluded by the shortest run of its title, of
 * at least this many words, that no example has: short enough for dozens of marks, long enough that it
 * rarely excludes another paper.
 */
const COMPACT_WORDS = 3;

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
 * papers) that match no example, else by the marked paper's own title; when those do not fit in one query
 * (MAX_QUERY_LENGTH), by the shortest ones, titles cut to their shortest distinctive run. Returns `query`
 * unchanged when nothing is marked. Throws, with a message for the user, when even that does not fit: a
 * query that quietly dropped the marks would match every marked paper again.
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
  const positive = kept.map((term) => term.text).join(' OR ');
  let refined = positive;
  for (const compact of [false, true]) {
    const exclusions = exclusionTerms(stillMatched, examples, negativeTerms, compact);
    refined = exclusions.length > 0 ? `(${positive}) ANDNOT (${exclusions.join(' OR ')})` : positive;
    const compiled = compileQuery(refined);
    if (compiled.ok) return refined;
    if (refined.length <= MAX_QUERY_LENGTH)
      throw new Error(`Could not exclude the marked papers: ${compiled.error.message}`);
  }
  throw new Error(
    `${negatives.length} papers marked “Not this” do not fit in one query (at most ${MAX_QUERY_LENGTH.toLocaleString('en-US')} characters; excluding them all takes ${refined.length.toLocaleString('en-US')}): unmark some, or edit the query by hand`,
  );
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

/** Terms that match every one of `negatives` between them and no example; `compact`: the shortest ones. */
function exclusionTerms(
  negatives: readonly LearnPaper[],
  examples: readonly LearnPaper[],
  negativeTerms: readonly string[],
  compact: boolean,
): string[] {
  const clean = compiledTerms(negativeTerms).filter((term) => !matchesSome(term, examples));
  const chosen: CompiledTerm[] = [];
  for (const paper of negatives) {
    if (matchesAny(chosen, paper)) continue;
    const own = clean.filter((t) => matches(t, paper));
    const term = compact
      ? shortest([...own, compactTitleTerm(paper, examples)])
      : (own[0] ?? titleTerm(paper, examples, 0, TITLE_WORDS));
    if (term) chosen.push(term);
  }
  return chosen.map((term) => term.text);
}

function shortest(terms: readonly (CompiledTerm | undefined)[]): CompiledTerm | undefined {
  let best: CompiledTerm | undefined;
  for (const term of terms) if (term && (!best || term.text.length < best.text.length)) best = term;
  return best;
}

function titleWords(paper: LearnPaper): string[] {
  return paper.title
    .replace(/["\u201C\u201D*()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * `ti:"…"`: `size` words of the marked paper's title from `start`, when it compiles, matches the paper and no
 * example.
 */
function titleTerm(
  paper: LearnPaper,
  examples: readonly LearnPaper[],
  start: number,
  size: number,
): CompiledTerm | undefined {
  const words = titleWords(paper).slice(start, start + size);
  if (words.length === 0) return undefined;
  const [term] = compiledTerms([`ti:"${words.join(' ')}"`]);
  if (!term || !matches(term, paper) || matchesSome(term, examples)) return undefined;
  return term;
}

/** The shortest run of the title (COMPACT_WORDS words at least, or all of a shorter one) that excludes it. */
function compactTitleTerm(paper: LearnPaper, examples: readonly LearnPaper[]): CompiledTerm | undefined {
  const count = titleWords(paper).length;
  for (let size = Math.min(COMPACT_WORDS, count); size <= Math.min(TITLE_WORDS, count); size++) {
    let best: CompiledTerm | undefined;
    for (let start = 0; start + size <= count; start++)
      best = shortest([best, titleTerm(paper, examples, start, size)]);
    if (best) return best;
  }
  return undefined;
}
