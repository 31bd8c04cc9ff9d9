import type { TaggableText } from '../../paper';
import { type Token, tokenize } from '../../text/tokens';
import { isAcronym } from './build-term';
import { foldName } from './fold-name';
import type { WorkMeter } from './query-ast';

/**
 * A paper read once for matching many queries. Each part is built the first time a query needs it (a
 * category-only query never tokenises the abstract), and every part is linear in the text it reads.
 */
export interface PreparedText {
  readonly paper: TaggableText;
  /** Tokens the caller already had (the tagger tokenises title and abstract anyway). */
  readonly tokens?: PreparedTokens;
  /**
   * The name of a pack topic the paper carries (ancestors included), undefined for one it does not:
   * what `topic:` terms match. Without it no `topic:` term matches (a paper nobody tagged).
   */
  readonly topicName?: (id: string) => string | undefined;
  /** @internal lazily built parts; see fieldIndex / authorWords. */
  cache: {
    title?: FieldIndex;
    abstract?: FieldIndex;
    categories?: string[];
    authors?: string[][];
  };
}

export interface FieldIndex {
  readonly text: string;
  readonly tokens: readonly Token[];
  /** Positions of each stem. */
  readonly byStem: Map<string, number[]>;
  /** Positions of each acronym, under its exact spelling; "LLMs" is filed under LLM too. */
  readonly byAcronym: Map<string, number[]>;
  /** Lower-case spelling -> first position; only built for wildcard terms. */
  lowerWords?: Map<string, number>;
  /** [start, end) of each token in `text`, for evidence; null when tokens cannot be located. */
  spans?: Int32Array | null;
  /** The tokens as numbers, for scanning the text once per phrase (find-phrase.ts); built when needed. */
  scan?: ScanTable;
}

/**
 * Each token's stem and acronym as small integers, and one mask slot per distinct stem and acronym: a
 * phrase scan writes its masks into the slots, reads one typed-array entry per word, and clears them.
 */
export interface ScanTable {
  stemIds: Int32Array;
  /** -1 where the token is no acronym. */
  acronymIds: Int32Array;
  stemSlots: Map<string, number>;
  acronymSlots: Map<string, number>;
  stemMasks: Int32Array;
  acronymMasks: Int32Array;
  /** Stem pairs that stand side by side somewhere: `first * stemSlots.size + second`. */
  pairs: Set<number>;
}

export function scanTable(index: FieldIndex, meter: WorkMeter): ScanTable {
  if (index.scan) return index.scan;
  const stemSlots = new Map<string, number>();
  const acronymSlots = new Map<string, number>();
  // The same slots as byStem / byAcronym: a token is filed under at most one acronym.
  for (const key of index.byStem.keys()) stemSlots.set(key, stemSlots.size);
  for (const key of index.byAcronym.keys()) acronymSlots.set(key, acronymSlots.size);
  const stemIds = new Int32Array(index.tokens.length);
  const acronymIds = new Int32Array(index.tokens.length).fill(-1);
  for (const [key, positions] of index.byStem) for (const p of positions) stemIds[p] = stemSlots.get(key)!;
  for (const [key, positions] of index.byAcronym) {
    for (const p of positions) acronymIds[p] = acronymSlots.get(key)!;
  }
  const pairs = new Set<number>();
  for (let i = 1; i < stemIds.length; i++) pairs.add(stemIds[i - 1]! * stemSlots.size + stemIds[i]!);
  meter.steps += 2 * index.tokens.length;
  index.scan = {
    pairs,
    stemIds,
    acronymIds,
    stemSlots,
    acronymSlots,
    stemMasks: new Int32Array(stemSlots.size),
    acronymMasks: new Int32Array(acronymSlots.size),
  };
  return index.scan;
}

/** `tokenize(paper.title)` and `tokenize(paper.abstract)`, exactly: matching trusts them. */
export interface PreparedTokens {
  title: readonly Token[];
  abstract: readonly Token[];
}

export function prepareText(
  paper: TaggableText,
  tokens?: PreparedTokens,
  topicName?: (id: string) => string | undefined,
): PreparedText {
  return { paper, ...(tokens ? { tokens } : {}), ...(topicName ? { topicName } : {}), cache: {} };
}

/**
 * `topicName` for a paper that carries the topic ids `ids` (a stored paper's `topics`): a carried topic's
 * name from `nameOf`, which answers only for pack topics (a user topic is not a `topic:` term).
 */
export function carriedTopics(
  ids: readonly string[],
  nameOf: (id: string) => string | undefined,
): (id: string) => string | undefined {
  // A dozen ids a paper, asked only by queries with a `topic:` term: a scan, no set built per paper.
  return (id) => (ids.includes(id) ? nameOf(id) : undefined);
}

export function fieldIndex(
  prepared: PreparedText,
  field: 'title' | 'abstract',
  meter: WorkMeter,
): FieldIndex {
  const cached = prepared.cache[field];
  if (cached) return cached;
  const text = typeof prepared.paper[field] === 'string' ? prepared.paper[field] : '';
  const tokens = prepared.tokens?.[field] ?? tokenize(text);
  const byStem = new Map<string, number[]>();
  const byAcronym = new Map<string, number[]>();
  tokens.forEach((token, position) => {
    meter.steps++;
    addPosition(byStem, token.stem, position);
    if (mayBeAcronym(token.raw)) {
      const acronym = token.raw.endsWith('s') ? token.raw.slice(0, -1) : token.raw;
      if (isAcronym(acronym)) addPosition(byAcronym, acronym, position);
    }
  });
  const index: FieldIndex = { text, tokens, byStem, byAcronym };
  prepared.cache[field] = index;
  return index;
}

/** Cheap first filter: most words start with a lower-case ASCII letter and cannot be acronyms. */
function mayBeAcronym(raw: string): boolean {
  const first = raw.charCodeAt(0);
  return raw.length >= 2 && !(first >= 97 && first <= 122);
}

function addPosition(map: Map<string, number[]>, key: string, position: number): void {
  const positions = map.get(key);
  if (positions) positions.push(position);
  else map.set(key, [position]);
}

export function lowerWords(index: FieldIndex, meter: WorkMeter): Map<string, number> {
  if (index.lowerWords) return index.lowerWords;
  const words = new Map<string, number>();
  index.tokens.forEach(({ raw }, position) => {
    meter.steps++;
    const lower = raw.toLowerCase();
    if (!words.has(lower)) words.set(lower, position);
  });
  index.lowerWords = words;
  return words;
}

/** The paper's own spelling of tokens first..last ("on-policy distillation"), for evidence. */
export function spanText(index: FieldIndex, first: number, last: number, meter: WorkMeter): string {
  const spans = tokenSpans(index, meter);
  const joined = index.tokens
    .slice(first, last + 1)
    .map((token) => token.raw)
    .join(' ');
  const start = spans?.[2 * first];
  const end = spans?.[2 * last + 1];
  // Between two words there may be a long run of markup; then the plain words read better.
  if (start === undefined || end === undefined || end - start > 2 * joined.length + 8) return joined;
  return index.text.slice(start, end).replace(/\s+/g, ' ');
}

function tokenSpans(index: FieldIndex, meter: WorkMeter): Int32Array | null {
  if (index.spans !== undefined) return index.spans;
  const spans = new Int32Array(index.tokens.length * 2);
  let cursor = 0;
  let found = true;
  // Tokens are maximal runs of letters and digits, in order, so each one is the first occurrence of its
  // spelling after the previous token: one forward scan locates them all.
  index.tokens.forEach(({ raw }, i) => {
    meter.steps++;
    if (!found) return;
    const start = index.text.indexOf(raw, cursor);
    if (start < 0) {
      found = false;
      return;
    }
    spans[2 * i] = start;
    spans[2 * i + 1] = cursor = start + raw.length;
  });
  index.spans = found ? spans : null;
  return index.spans;
}

export function lowerCategories(prepared: PreparedText, meter: WorkMeter): string[] {
  // Defensive about shapes: a paper read from a page or a file may carry nulls where strings belong.
  prepared.cache.categories ??= (prepared.paper.categories ?? []).map((category) => {
    meter.steps++;
    return typeof category === 'string' ? category.trim().toLowerCase() : '';
  });
  return prepared.cache.categories;
}

/** Each author's name words, folded; built only for queries with au:. */
export function authorWords(prepared: PreparedText, meter: WorkMeter): string[][] {
  prepared.cache.authors ??= (prepared.paper.authors ?? []).map((name) =>
    tokenize(typeof name === 'string' ? name.normalize('NFC') : '').map((token) => {
      meter.steps++;
      return foldName(token.raw);
    }),
  );
  return prepared.cache.authors;
}
