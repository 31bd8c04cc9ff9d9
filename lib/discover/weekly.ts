import { TOKENIZER_VERSION } from '../text/words';
import { type AcronymDefinitions, addDefinition, type DiscoverPaper } from './acronym-aliases';
import { acronymDefinitions } from './acronyms';
import { BASELINE_DAYS, type KeptBaseline, RECENT_DAYS } from './discover';
import { PhraseTrie } from './phrase-trie';
import { eachSliced, NODES_A_SLICE, PAPERS_A_SLICE, runAll, runSliced, type Steps } from './slices';
import { WordTable } from './word-table';

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** Weeks start on Monday 00:00 UTC (1970-01-05 was a Monday). */
const FIRST_MONDAY_MS = 4 * DAY_MS;
export const RECENT_WEEKS = RECENT_DAYS / 7;
export const BASELINE_WEEKS = BASELINE_DAYS / 7;

/** The week (a whole number) holding instant `ms`. */
export function weekOf(ms: number): number {
  return Math.floor((ms - FIRST_MONDAY_MS) / WEEK_MS);
}

/** The first instant of a week. */
export function weekStart(week: number): number {
  return week * WEEK_MS + FIRST_MONDAY_MS;
}

/** The as-of instant of an answer whose recent window ends with `week`: its last millisecond. */
export function weekEnd(week: number): number {
  return weekStart(week + 1) - 1;
}

/** The first of the sixteen weeks (baseline, then recent) of an answer whose recent window ends with `lastWeek`. */
export function firstAnswerWeek(lastWeek: number): number {
  return lastWeek - RECENT_WEEKS - BASELINE_WEEKS + 1;
}

/**
 * What a week keeps. Measured on the real corpus (arxiv-cs 2025-26, 700-2000 papers a week): all 1-4-word
 * phrases of a week are 49-119 thousand keys, 1.2-3.0 MB as JSON, and nine in ten are used by one paper only;
 * sixteen weeks of that (about 40 MB) is too much to keep in the browser. Phrases used by two or more papers
 * (6-14 thousand, 100-270 kB) keep their count; the phrases used once are kept only as bits in a filter of
 * ONCE_BITS bits (512 kB), ONCE_HASHES bits each. Dropping the single uses altogether was tried: a phrase used
 * once in each baseline week then counts 0 there and looks new (13 of the CLI's top 30 stayed, the rest were
 * steady phrases such as "event camera"). With two bits in 256 kB a false positive (about 1% of absent
 * phrases) added a paper: a few of each top 30's baseline counts were one too high. With 14 bits in 512 kB
 * it is about 1 in 20 million lookups (at ~110,000 single uses a week), so the counts are the papers'.
 */
export const WEEK_KEEP_MIN = 2;
export const ONCE_BITS = 1 << 22;
export const ONCE_HASHES = 14;

/**
 * One week's kept counts: its papers, papers per phrase key used twice or more, and a filter of the rest;
 * the acronyms its papers define (`acronym<TAB>expansion` -> definitions, which decide what an answer merges,
 * as acronym-aliases.ts), and papers defining each (they use both forms: a merged count takes them once).
 */
export interface WeekCounts {
  /** The word splitting it was counted with (lib/text/words.ts): kept counts of another are counted again. */
  tokenizer: number;
  papers: number;
  phrases: Record<string, number>;
  once: Uint8Array;
  definitions: Record<string, number>;
  defining: Record<string, number>;
}

/** Counts one week's papers (each paper once per phrase), keeping the phrases that can matter. */
export function countWeek(papers: readonly DiscoverPaper[]): WeekCounts {
  return runAll(countWeekSteps(papers));
}

/** `countWeek` one slice a macrotask (slices.ts), for the background worker. */
export function countWeekSliced(
  papers: readonly DiscoverPaper[],
  pause?: () => Promise<void>,
): Promise<WeekCounts> {
  return runSliced(countWeekSteps(papers), pause);
}

function* countWeekSteps(papers: readonly DiscoverPaper[]): Steps<WeekCounts> {
  const table = new WordTable();
  const trie = new PhraseTrie(table);
  yield* eachSliced(papers, PAPERS_A_SLICE, (p) =>
    trie.add({ title: table.encode(p.title), abstract: table.encode(p.abstract) }, 0),
  );
  const phrases: Record<string, number> = {};
  const once = new Uint8Array(ONCE_BITS / 8);
  yield* eachSliced(trie.phrases(), NODES_A_SLICE, (node) => {
    const key = trie.keyOf(node);
    if (node.recent >= WEEK_KEEP_MIN) phrases[key] = node.recent;
    else for (const bit of onceBits(key)) once[bit >> 3]! |= 1 << (bit & 7);
  });
  const definitions: Record<string, number> = {};
  const defining: Record<string, number> = {};
  yield* eachSliced(papers, PAPERS_A_SLICE, (p) => {
    const pairs = new Set<string>();
    for (const { acronym, expansion } of acronymDefinitions(`${p.title}. ${p.abstract}`)) {
      const pair = `${acronym}\t${expansion}`;
      definitions[pair] = (definitions[pair] ?? 0) + 1;
      pairs.add(pair);
    }
    for (const pair of pairs) defining[pair] = (defining[pair] ?? 0) + 1;
  });
  return { tokenizer: TOKENIZER_VERSION, papers: papers.length, phrases, once, definitions, defining };
}

/** Papers of a week using a phrase, as kept: its count, else 1 if the filter holds it, else 0. */
export function weekCount(week: WeekCounts, key: string): number {
  const kept = week.phrases[key];
  if (kept !== undefined) return kept;
  return onceBits(key).every((bit) => (week.once[bit >> 3]! & (1 << (bit & 7))) !== 0) ? 1 : 0;
}

/**
 * Papers of a week using an acronym or its expansion (a paper using both once): the papers that define it
 * use both. Written without defining it in the same paper ("MTL" in one sentence, "multi-task learning" in
 * another), a paper would be counted twice; the real corpus's top 30s show no such case.
 */
export function weekCountEither(week: WeekCounts, acronym: string, expansion: string): number {
  const a = weekCount(week, acronym);
  const b = weekCount(week, expansion);
  return Math.max(a, b, a + b - (week.defining[`${acronym}\t${expansion}`] ?? 0));
}

/** ONCE_HASHES bit positions of a key: FNV-1a with two offsets, combined (Kirsch-Mitzenmacher). */
function onceBits(key: string): number[] {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  const bits: number[] = [];
  for (let i = 0; i < ONCE_HASHES; i++) bits.push(((a + Math.imul(i, b | 1)) >>> 0) % ONCE_BITS);
  return bits;
}

/** The baseline of an answer from its weeks' kept counts. */
export function keptBaseline(weeks: readonly WeekCounts[]): KeptBaseline {
  const definitions: AcronymDefinitions = new Map();
  for (const week of weeks) {
    for (const [pair, n] of Object.entries(week.definitions)) {
      const [acronym = '', expansion = ''] = pair.split('\t');
      addDefinition(definitions, acronym, expansion, n);
    }
  }
  return {
    papers: weeks.reduce((n, week) => n + week.papers, 0),
    count: (key, expansion) =>
      weeks.reduce(
        (n, week) => n + (expansion ? weekCountEither(week, key, expansion) : weekCount(week, key)),
        0,
      ),
    definitions,
  };
}

/**
 * Papers per week of one phrase (an acronym with its `expansion`, either counted once) from week `first` to
 * `lastWeek`, oldest first: the baseline weeks from their kept counts, the last RECENT_WEEKS from its
 * papers' dates.
 */
export function phraseWeeks(
  phrase: { key: string; expansion?: string | undefined },
  first: number,
  lastWeek: number,
  baseline: ReadonlyMap<number, WeekCounts>,
  recentDates: readonly number[],
): number[] {
  const firstRecent = lastWeek - RECENT_WEEKS + 1;
  const counts: number[] = [];
  for (let w = first; w < firstRecent; w++) {
    const week = baseline.get(w);
    const { key, expansion } = phrase;
    counts.push(!week ? 0 : expansion ? weekCountEither(week, key, expansion) : weekCount(week, key));
  }
  for (let w = firstRecent; w <= lastWeek; w++) counts.push(0);
  for (const date of recentDates) {
    const i = weekOf(date) - first;
    if (weekOf(date) >= firstRecent && i < counts.length) counts[i]!++;
  }
  return counts;
}
