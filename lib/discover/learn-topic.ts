import type { DiscoverPaper } from './acronym-aliases';
import { type EncodedPaper, type PhraseNode, PhraseTrie } from './phrase-trie';
import { surfaceForms } from './surface-forms';
import { WordTable } from './word-table';

/** A paper as learning reads it (no date needed). */
export type LearnPaper = Pick<DiscoverPaper, 'id' | 'title' | 'abstract' | 'categories'>;

/** A phrase the examples share, with how many examples and background papers use it. */
export interface SharedPhrase {
  key: string;
  examples: number;
  background: number;
  /** Indices of the examples using it (sorted). */
  exampleIndices: number[];
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
}

export function encodeBackground(papers: readonly LearnPaper[]): Background {
  const table = new WordTable();
  return {
    table,
    papers: papers.map((p) => ({ title: table.encode(p.title), abstract: table.encode(p.abstract) })),
    ids: papers.map((p) => p.id),
  };
}

/** Phrases used by at least this share of the examples (and by two at least) are candidates. */
export const MIN_EXAMPLE_SHARE = 0.3;

/**
 * Every phrase (1-4 words) that at least MIN_EXAMPLE_SHARE of the examples use, with its background
 * frequency. Background papers that are examples are not counted as background.
 */
export function sharedPhrases(examples: readonly LearnPaper[], background: Background): SharedPhrase[] {
  const trie = new PhraseTrie(background.table);
  const encoded = examples.map((p) => ({
    title: background.table.encode(p.title),
    abstract: background.table.encode(p.abstract),
  }));
  for (const p of encoded) trie.add(p, 0, true);
  const minExamples = Math.max(2, Math.ceil(MIN_EXAMPLE_SHARE * examples.length));
  trie.prune(minExamples);
  const exampleIds = new Set(examples.map((p) => p.id));
  background.papers.forEach((p, i) => {
    if (!exampleIds.has(background.ids[i]!)) trie.add(p, 1, false);
  });
  const nodes: PhraseNode[] = [...trie.phrases()].filter((n) => n.recent >= minExamples);
  const indices = new Map(nodes.map((n) => [n, [] as number[]]));
  encoded.forEach((p, i) => {
    trie.match(p, (node) => {
      const list = indices.get(node);
      if (list && list.at(-1) !== i) list.push(i);
    });
  });
  return nodes.map((n) => ({
    key: trie.keyOf(n),
    examples: n.recent,
    background: n.previous,
    exampleIndices: indices.get(n) ?? [],
    nameLike: n.words.length === 1 && background.table.isNameLike(n.words[0]!),
  }));
}

/**
 * How specific a phrase is to the examples: log of its lift (share of examples over share of background,
 * one pseudo-paper added to the background) times the share of examples using it.
 */
export function phraseWeight(p: SharedPhrase, exampleCount: number, backgroundCount: number): number {
  const lift = p.examples / exampleCount / ((p.background + 1) / backgroundCount);
  return lift <= 1 ? 0 : Math.log(lift) * (p.examples / exampleCount);
}

export interface PhraseChoice {
  /** Least lift for a phrase to be used at all. */
  minLift: number;
  /** At most this many phrases. */
  maxPhrases: number;
}

export const DEFAULT_CHOICE: PhraseChoice = { minLift: 40, maxPhrases: 6 };

/**
 * The phrases of the query: the most specific first, skipping a phrase that contains one already chosen
 * (it would match nothing new) and one that covers no example not yet covered twice.
 */
export function choosePhrases(
  shared: readonly SharedPhrase[],
  exampleCount: number,
  backgroundCount: number,
  choice: PhraseChoice = DEFAULT_CHOICE,
): SharedPhrase[] {
  const ranked = shared
    .filter((p) => usable(p, exampleCount))
    .map((p) => ({ p, weight: phraseWeight(p, exampleCount, backgroundCount) }))
    .filter(({ p }) => p.examples / exampleCount / ((p.background + 1) / backgroundCount) >= choice.minLift)
    .sort((a, b) => b.weight - a.weight || (a.p.key < b.p.key ? -1 : 1));
  const chosen: SharedPhrase[] = [];
  const covered = new Array<number>(exampleCount).fill(0);
  for (const { p } of ranked) {
    if (chosen.length >= choice.maxPhrases) break;
    if (chosen.some((c) => ` ${p.key} `.includes(` ${c.key} `))) continue;
    if (p.exampleIndices.every((i) => covered[i]! >= 2)) continue;
    // A shorter phrase inside chosen ones replaces them: it matches all they match.
    for (let i = chosen.length - 1; i >= 0; i--) {
      if (` ${chosen[i]!.key} `.includes(` ${p.key} `)) chosen.splice(i, 1);
    }
    chosen.push(p);
    for (const i of p.exampleIndices) covered[i]!++;
  }
  return chosen;
}

/**
 * A single word is weak evidence ("claim", "illustrate" turn up in two of five abstracts by chance): it must
 * be written like a name (an acronym such as "PRM") or be used by most examples.
 */
function usable(p: SharedPhrase, exampleCount: number): boolean {
  if (p.key.includes(' ')) return true;
  return p.nameLike || 2 * p.examples > exampleCount;
}

/**
 * A phrase as the query language reads it: an acronym in capitals, unquoted ("GRPO", matched on its
 * spelling), anything else as a quoted phrase (matched on stems). The spelling is the examples' own.
 */
export function queryTerm(key: string, examples: readonly LearnPaper[]): string {
  const [surface] = surfaceForms(
    examples.flatMap((p) => [p.title, p.abstract]),
    [key],
  )[0] ?? [key];
  const acronym = surface.replace(/s$/, '');
  if (/^[\p{Lu}\p{N}]+$/u.test(acronym) && (acronym.match(/\p{Lu}/gu)?.length ?? 0) >= 2) return acronym;
  return `"${surface.replace(/"/g, '')}"`;
}
