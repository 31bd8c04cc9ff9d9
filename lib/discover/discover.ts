import {
  type AcronymAliases,
  type AcronymDefinitions,
  acronymAliasSteps,
  type DiscoverPaper,
} from './acronym-aliases';
import { categorySkew, cohesion } from './cohesion';
import { isFiller } from './filler';
import { type EncodedPaper, type PhraseNode, PhraseTrie } from './phrase-trie';
import { emergingRise, MIN_RECENT, type Rise, riseStrength } from './significance';
import { eachSliced, NODES_A_SLICE, PAPERS_A_SLICE, runAll, type Steps } from './slices';
import { phraseGrowth } from './word-pairs';
import { SEP, WordTable } from './word-table';

const DAY_MS = 86_400_000;
/** The recent window: the four weeks ending at T, as momentum's. */
export const RECENT_DAYS = 28;
/** The baseline: the twelve weeks before the recent window (a quarter, so one quiet month does not decide). */
export const BASELINE_DAYS = 84;

export interface Candidate extends Rise {
  node: PhraseNode;
  key: string;
  expansion: string | undefined;
  titles: number;
  /** Indices into the recent papers. */
  papers: number[];
  cohesion: number;
  skew: number;
  strength: number;
  score: number;
}

export interface Windows {
  recent: DiscoverPaper[];
  baseline: DiscoverPaper[];
}

/** Whether a paper of `date` is in either window as of `asOf` (the baseline and the recent weeks). */
export function inWindows(date: number, asOf: number): boolean {
  return date <= asOf && date > asOf - (RECENT_DAYS + BASELINE_DAYS) * DAY_MS;
}

/** The papers of each window, each id once (the first seen), by `date`. */
export function splitWindows(papers: Iterable<DiscoverPaper>, asOf: number): Windows {
  const recent: DiscoverPaper[] = [];
  const baseline: DiscoverPaper[] = [];
  const seen = new Set<string>();
  const recentFrom = asOf - RECENT_DAYS * DAY_MS;
  for (const paper of papers) {
    if (!inWindows(paper.date, asOf) || seen.has(paper.id)) continue;
    seen.add(paper.id);
    (paper.date > recentFrom ? recent : baseline).push(paper);
  }
  return { recent, baseline };
}

export interface Scan {
  windows: Windows;
  table: WordTable;
  trie: PhraseTrie;
  encoded: EncodedPaper[];
  /** Recent papers per word id. */
  df: Int32Array;
  candidates: Candidate[];
  aliases: AcronymAliases;
}

/** How many of the strongest rises get the (costlier) topicality measures. */
const SHORTLIST = 400;

/**
 * The baseline as kept counts instead of papers (the extension's per-week store, lib/discover/weekly.ts):
 * how many papers it holds, and papers per phrase key.
 */
export interface KeptBaseline {
  papers: number;
  /** Papers using the phrase; with an acronym's `expansion`, papers using either (each once). */
  count(key: string, expansion?: string): number;
  /** The acronyms the baseline's papers define, as counted from them (they decide what is merged). */
  definitions: AcronymDefinitions;
}

/**
 * Phrases an answer leaves out before ranking, by key (and an acronym's expansion): a topic's own name is
 * not rising inside it (rising-inside.ts).
 */
export type LeaveOut = (key: string, expansion: string | undefined) => boolean;

/** Counts both windows and tests every phrase; candidates come back scored, best first (not yet merged). */
export function scanEmerging(papers: Iterable<DiscoverPaper>, asOf: number, kept?: KeptBaseline): Scan {
  return runAll(scanSteps(papers, asOf, kept));
}

/** `scanEmerging` as steps (slices.ts). */
export function* scanSteps(
  papers: Iterable<DiscoverPaper>,
  asOf: number,
  kept?: KeptBaseline,
  leaveOut?: LeaveOut,
): Steps<Scan> {
  const windows = splitWindows(papers, asOf);
  const table = new WordTable();
  // All defined acronyms name and merge entries; those whose both forms are phrases count together.
  const aliases = yield* acronymAliasSteps([...windows.recent, ...windows.baseline], 2, kept?.definitions);
  const trie = new PhraseTrie(table, aliases);
  const encode = (p: DiscoverPaper): EncodedPaper => ({
    title: table.encode(p.title),
    abstract: table.encode(p.abstract),
  });
  const encoded: EncodedPaper[] = [];
  yield* eachSliced(windows.recent, PAPERS_A_SLICE, (p) => encoded.push(encode(p)));
  const df = documentFrequencies(encoded, table.keys.length);
  const admit = yield* phraseGrowth(encoded, df, MIN_RECENT);
  yield* eachSliced(encoded, PAPERS_A_SLICE, (p) => trie.add(p, 0, true, admit));
  yield* trie.pruneSteps(MIN_RECENT);
  const expansionOf = new Map([...aliases].map(([expansion, acronym]) => [acronym, expansion]));
  const countedWith = new Map([...trie.aliases].map(([expansion, acronym]) => [acronym, expansion]));
  if (kept) yield* countKept(trie, kept, countedWith);
  else yield* eachSliced(windows.baseline, PAPERS_A_SLICE, (p) => trie.add(encode(p), 1, false));
  const [allRecent = 0, allPrevious = 0] = trie.papersPerSlot;

  const shortlist: Candidate[] = [];
  yield* eachSliced(trie.phrases(), NODES_A_SLICE, (node) => {
    const r = emergingRise(node.count(0), node.count(1), allRecent, allPrevious);
    if (!r) return;
    // Filler rose too ("test accuracy", "cross-attention"): nothing to follow (filler.ts says the rule).
    const words = node.words.map((w) => table.keys[w]!);
    if (isFiller(words, (i) => table.isNameLike(node.words[i]!))) return;
    const key = trie.keyOf(node);
    const expansion = expansionOf.get(key);
    if (leaveOut?.(key, expansion)) return;
    shortlist.push({
      ...r,
      node,
      key,
      expansion,
      titles: node.titles,
      papers: [],
      cohesion: 0,
      skew: 0,
      strength: riseStrength(r, allRecent, allPrevious),
      score: 0,
    });
  });
  shortlist.sort((a, b) => b.strength - a.strength);
  const candidates = shortlist.slice(0, SHORTLIST);
  const scan = { windows, table, trie, encoded, df, candidates, aliases };
  yield* measureTopicality(candidates, scan);
  candidates.sort((a, b) => b.score - a.score);
  return scan;
}

/**
 * Baseline counts from kept per-phrase counts; an acronym's node counts the papers using it or its
 * expansion, as a count of the papers does (weekly.ts: weekCountEither).
 */
function* countKept(
  trie: PhraseTrie,
  kept: KeptBaseline,
  expansionOf: ReadonlyMap<string, string>,
): Steps<void> {
  trie.papersPerSlot[1] = kept.papers;
  // A kept count reads twelve weeks (a lookup and a filter each): fewer nodes a slice.
  yield* eachSliced(trie.phrases(), NODES_A_SLICE / 10, (node) => {
    const key = trie.keyOf(node);
    node.previous = kept.count(key, expansionOf.get(key));
  });
}

function documentFrequencies(encoded: readonly EncodedPaper[], size: number): Int32Array {
  const df = new Int32Array(size);
  const last = new Int32Array(size).fill(-1);
  encoded.forEach((p, i) => {
    for (const ids of [p.title, p.abstract]) {
      for (const w of ids) {
        if (w === SEP || last[w] === i) continue;
        last[w] = i;
        df[w]!++;
      }
    }
  });
  return df;
}

/** Candidates a slice of the topicality measures (each reads its papers' words). */
const CANDIDATES_A_SLICE = 25;

function* measureTopicality(candidates: Candidate[], scan: Scan): Steps<void> {
  const byNode = new Map(candidates.map((c) => [c.node, c]));
  yield* eachSliced(scan.encoded, PAPERS_A_SLICE, (paper, i) => {
    scan.trie.match(paper, (node) => {
      const c = byNode.get(node);
      if (c && c.papers.at(-1) !== i) c.papers.push(i);
    });
  });
  const n = scan.encoded.length;
  const weight = (w: number) => (scan.table.canStart(w) ? Math.log(n / Math.max(1, scan.df[w]!)) : 0);
  // Only the candidates' papers are read, so their words are found on demand.
  const words: (number[] | undefined)[] = [];
  const wordsOf = (i: number): number[] => {
    const paper = scan.encoded[i]!;
    words[i] ??= [...new Set([...paper.title, ...paper.abstract])].filter((w) => w !== SEP);
    return words[i];
  };
  const primaries = new Map<string, number>();
  for (const p of scan.windows.recent) {
    const c = p.categories[0] ?? '';
    primaries.set(c, (primaries.get(c) ?? 0) + 1);
  }
  yield* eachSliced(candidates, CANDIDATES_A_SLICE, (c) => {
    const exclude = new Set(c.node.words);
    c.cohesion = cohesion(c.papers.map(wordsOf), weight, exclude);
    c.skew = categorySkew(
      c.papers.map((i) => scan.windows.recent[i]!.categories[0] ?? ''),
      primaries,
      n,
    );
    const titleShare = (c.titles + 1) / (c.recent + 1);
    // A single ordinary word ("photometric", "retry") is seldom a new thing; a name ("VGGT") or a phrase is.
    const plainWord = c.node.words.length === 1 && !scan.table.isNameLike(c.node.words[0]!);
    c.score =
      (plainWord ? 0.4 : 1) *
      c.strength *
      Math.sqrt(c.recent) *
      Math.sqrt(titleShare) *
      c.cohesion *
      (0.5 + c.skew);
  });
}
