import type { Evidence } from '../types';
import { phraseStart } from './find-phrase';
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
    case 'topic': {
      const name = prepared.topicName?.(node.id);
      if (name !== undefined) out.push({ phrase: name, where: 'topic' });
      return name !== undefined;
    }
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
