import { standsBare } from '../topics/query';
import type { DiscoverPaper } from './acronym-aliases';
import type { EncodedPaper } from './phrase-trie';
import { surfaceForms } from './surface-forms';
import { WordTable } from './word-table';

/**
 * A paper as learning reads it (no date needed), with the pack topics the tagger gave it when known (an
 * indexed paper's `topics`): then a learned query can name a pack topic as `topic:ID`.
 */
export type LearnPaper = Pick<DiscoverPaper, 'id' | 'title' | 'abstract' | 'categories'> & {
  topics?: readonly string[];
};

/** A phrase the examples share, with how many examples and background papers use it. */
export interface SharedPhrase {
  key: string;
  examples: number;
  background: number;
  /** A one-word phrase mostly written like a name ("GRPO", "Qwen3"). */
  nameLike: boolean;
}

/**
 * The background once encoded, so several topics can be learned against it (the CLI learns one; the
 * evaluation learns dozens against the same 54,000 papers).
 */
export interface Background {
  table: WordTable;
  papers: EncodedPaper[];
  ids: string[];
  /** Each paper's pack topics, when every background paper was tagged (else pack topics go by name). */
  topics?: (readonly string[])[];
}

export function encodeBackground(papers: readonly LearnPaper[]): Background {
  const table = new WordTable();
  const tagged = papers.every((p) => p.topics !== undefined);
  return {
    table,
    papers: papers.map((p) => ({ title: table.encode(p.title), abstract: table.encode(p.abstract) })),
    ids: papers.map((p) => p.id),
    ...(tagged ? { topics: papers.map((p) => p.topics ?? []) } : {}),
  };
}

/**
 * How specific a phrase is to the examples: log of its lift (share of examples over share of background,
 * one pseudo-paper added to the background) times the share of examples using it.
 */
export function phraseWeight(p: SharedPhrase, exampleCount: number, backgroundCount: number): number {
  const lift = p.examples / exampleCount / ((p.background + 1) / backgroundCount);
  return lift <= 1 ? 0 : Math.log(lift) * (p.examples / exampleCount);
}

/**
 * A single word is weak evidence ("claim", "illustrate" turn up in two of five abstracts by chance): it must
 * be written like a name (an acronym such as "PRM") or be used by most examples.
 */
export function usable(p: SharedPhrase, exampleCount: number): boolean {
  if (p.key.includes(' ')) return true;
  return p.nameLike || 2 * p.examples > exampleCount;
}

/**
 * A phrase as the query language reads it: an acronym in capitals, unquoted ("GRPO", matched on its
 * spelling; quoted when it is an operator word, "ANDNOT", matched the same), anything else as a quoted phrase
 * (matched on stems). The spelling is the examples' own.
 */
export function queryTerm(key: string, examples: readonly LearnPaper[]): string {
  const [surface] = surfaceForms(
    examples.flatMap((p) => [p.title, p.abstract]),
    [key],
  )[0] ?? [key];
  const acronym = surface.replace(/s$/, '');
  if (/^[\p{Lu}\p{N}]+$/u.test(acronym) && (acronym.match(/\p{Lu}/gu)?.length ?? 0) >= 2)
    return standsBare(acronym) ? acronym : `"${acronym}"`;
  return `"${surface.replace(/"/g, '')}"`;
}
