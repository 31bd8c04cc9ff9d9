import type { Evidence } from '../types';
import {
  authorWords,
  type FieldIndex,
  fieldIndex,
  lowerCategories,
  lowerWords,
  type PreparedText,
  spanText,
} from './prepare-text';
import type { CompiledQuery, QueryNode, TermToken, WorkMeter } from './query-ast';

/**
 * Evaluates a compiled query against a prepared paper. A single word is one map lookup; a phrase is
 * checked at the positions of its rarest word, or by one scan of the text when that word is common. So
 * matching one query costs O(text) to prepare plus, per term, O(phrase length + text): linear in the text.
 *
 * Evidence: every matching branch of an OR contributes (so "why" lists all reasons, not just the first),
 * AND contributes all of its terms, ANDNOT none; one entry per term and field, at its first occurrence.
 */
export function matchPreparedMetered(
  query: CompiledQuery,
  prepared: PreparedText,
  meter: WorkMeter,
): Evidence[] | null {
  const evidence: Evidence[] = [];
  if (!evaluate(query.root, prepared, meter, evidence)) return null;
  const seen = new Set<string>();
  return evidence.filter((item) => {
    const key = `${item.where}\u0000${item.phrase}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * True when the node matches; its evidence is appended to `out`. Evidence of a failed branch is cut off
 * again, so each item is written once: no copying up the tree.
 */
function evaluate(node: QueryNode, prepared: PreparedText, meter: WorkMeter, out: Evidence[]): boolean {
  meter.steps++;
  const mark = out.length;
  switch (node.type) {
    case 'and': {
      const ok =
        node.all.every((child) => evaluate(child, prepared, meter, out)) &&
        !node.none.some((child) => evaluate(child, prepared, meter, out));
      // Whatever an excluded term matched is not evidence for the topic.
      if (!ok) out.length = mark;
      return ok;
    }
    case 'or': {
      let matched = false;
      for (const child of node.children) matched = evaluate(child, prepared, meter, out) || matched;
      return matched;
    }
    case 'text':
      if (node.field !== 'abs') matchField(node, fieldIndex(prepared, 'title', meter), 'title', out, meter);
      if (node.field !== 'ti')
        matchField(node, fieldIndex(prepared, 'abstract', meter), 'abstract', out, meter);
      return out.length > mark;
    case 'category':
      return matchCategory(node.value, node.archive, prepared, meter, out);
    case 'author':
      return matchAuthor(node.words, node.prefix, prepared, meter, out);
  }
}

function matchField(
  node: { tokens: TermToken[]; prefix?: string },
  index: FieldIndex,
  where: 'title' | 'abstract',
  found: Evidence[],
  meter: WorkMeter,
): void {
  if (node.prefix !== undefined) {
    for (const [word, position] of lowerWords(index, meter)) {
      meter.steps++;
      if (word.startsWith(node.prefix)) {
        found.push({ phrase: index.tokens[position]?.raw ?? word, where });
        return;
      }
    }
    return;
  }
  const start = phraseStart(node.tokens, index, meter);
  if (start >= 0)
    found.push({ phrase: spanText(index, start, start + node.tokens.length - 1, meter), where });
}

/**
 * First position where the tokens occur consecutively, or -1. Where the phrase's rarest word is rare, each
 * place it occurs is checked (phrase length x occurrences); where that would cost more than reading the
 * text, the text is scanned once instead (shiftAndStart). Either way at most about one step per word of
 * the text, whatever the phrase length.
 */
function phraseStart(tokens: readonly TermToken[], index: FieldIndex, meter: WorkMeter): number {
  let anchor = -1;
  let anchorPositions: readonly number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    meter.steps++;
    const token = tokens[i]!;
    const positions = (token.caseSensitive ? index.byAcronym : index.byStem).get(token.key);
    if (!positions) return -1;
    if (anchor < 0 || positions.length < anchorPositions.length) {
      anchor = i;
      anchorPositions = positions;
    }
  }
  if (anchorPositions.length * tokens.length > index.tokens.length)
    return shiftAndStart(tokens, index, meter);
  for (const position of anchorPositions) {
    const start = position - anchor;
    if (start < 0 || start + tokens.length > index.tokens.length) continue;
    let all = true;
    for (let j = 0; j < tokens.length && all; j++) {
      meter.steps++;
      all = j === anchor || tokenAt(index, start + j, tokens[j]!);
    }
    if (all) return start;
  }
  return -1;
}

/**
 * Shift-And: bit j of `state` says the phrase's first j+1 words end at the current word of the text. One
 * mask per phrase key says where in the phrase that key stands, so each word of the text costs a lookup
 * and a shift. A word of the text can match a stem and an acronym of the phrase at once ("RL" is the stem
 * rl and the acronym RL): its mask is the union of both. Phrases have at most MAX_PHRASE_WORDS (32) words.
 */
function shiftAndStart(tokens: readonly TermToken[], index: FieldIndex, meter: WorkMeter): number {
  const byStem = new Map<string, number>();
  const byAcronym = new Map<string, number>();
  tokens.forEach((token, j) => {
    const masks = token.caseSensitive ? byAcronym : byStem;
    masks.set(token.key, (masks.get(token.key) ?? 0) | (1 << j));
  });
  const last = 1 << (tokens.length - 1);
  let state = 0;
  for (let i = 0; i < index.tokens.length; i++) {
    meter.steps++;
    const { raw, stem } = index.tokens[i]!;
    let mask = byStem.get(stem) ?? 0;
    if (byAcronym.size > 0) {
      mask |= byAcronym.get(raw) ?? 0;
      if (raw.endsWith('s')) mask |= byAcronym.get(raw.slice(0, -1)) ?? 0;
    }
    state = ((state << 1) | 1) & mask;
    if (state & last) return i - tokens.length + 1;
  }
  return -1;
}

function tokenAt(index: FieldIndex, position: number, token: TermToken): boolean {
  const found = index.tokens[position];
  if (!token.caseSensitive) return found?.stem === token.key;
  return found?.raw === token.key || found?.raw === `${token.key}s`;
}

function matchCategory(
  value: string,
  archive: boolean,
  prepared: PreparedText,
  meter: WorkMeter,
  out: Evidence[],
): boolean {
  const categories = lowerCategories(prepared, meter);
  for (let i = 0; i < categories.length; i++) {
    meter.steps++;
    const category = categories[i]!;
    if (category === value || (archive && category.startsWith(`${value}.`))) {
      out.push({ phrase: String(prepared.paper.categories[i] ?? category), where: 'category' });
      return true;
    }
  }
  return false;
}

/** All query words in one author's name, in any order ("Smith, Jane" finds Jane Smith); a one-letter word is an initial. */
function matchAuthor(
  words: readonly string[],
  prefix: string | undefined,
  prepared: PreparedText,
  meter: WorkMeter,
  out: Evidence[],
): boolean {
  const authors = authorWords(prepared, meter);
  for (let i = 0; i < authors.length; i++) {
    const name = authors[i]!;
    const hasWord = (word: string, asPrefix: boolean): boolean =>
      name.some((nameWord) => {
        meter.steps++;
        return asPrefix ? nameWord.startsWith(word) : nameWord === word;
      });
    const matched =
      prefix !== undefined ? hasWord(prefix, true) : words.every((word) => hasWord(word, word.length === 1));
    if (matched) {
      out.push({ phrase: String(prepared.paper.authors?.[i] ?? '').trim(), where: 'author' });
      return true;
    }
  }
  return false;
}
