import { addTokens, keyForm, type PhraseIndex, tokenForms, tokenKinds, valueForm } from './phrase-index';
import { ANY, parseWrittenWord, phraseWords } from './phrase-pattern';
import { HASH_PRIME, HASH_SEED, hashOf, StringTable } from './word-table';

/**
 * Phrases of the pack, as written, into the phrase index. A phrase is read character by character,
 * each written word ("=agentic", "LLMs", "model") found in a table of the words already parsed (one
 * probe, no substring), so the thousands of repeated words cost one parse and one stemming each.
 */

/** Per written word: its kind, form and key form inside a longer phrase, then the same three alone. */
const WRITTEN_STRIDE = 6;
const KIND = 0;
const FORM = 1;
const KEY = 2;
/** The same three for the word alone in its phrase (a lone word is INFLECTED). */
const LONE = 3;

/** The id of a word written in the pack (text[start, end), hash h), parsed on first sight. */
function writtenWord(index: PhraseIndex, text: string, start: number, end: number, h: number): number {
  index.written ??= new StringTable(WRITTEN_STRIDE);
  const { written } = index;
  let id = written.find(text, start, end, h);
  if (id >= 0) return id;
  const raw = text.slice(start, end);
  const p = parseWrittenWord(raw);
  id = written.add(raw, h);
  const at = id * WRITTEN_STRIDE;
  const form = valueForm(index, p.kind, p.value);
  const lone = valueForm(index, p.loneKind, p.loneValue);
  const data = written.data;
  data[at + KIND] = p.kind;
  data[at + FORM] = form;
  data[at + KEY] = p.kind === ANY ? -1 : keyForm(index, p.kind, form);
  data[at + LONE + KIND] = p.loneKind;
  data[at + LONE + FORM] = lone;
  data[at + LONE + KEY] = p.loneKind === ANY ? -1 : keyForm(index, p.loneKind, lone);
  return id;
}

// The written-word ids of the phrase being added.
const phraseWordIds: number[] = [];

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** The written words of text[start, end) into phraseWordIds (as `phraseWords` splits them); their count. */
function splitPhrase(index: PhraseIndex, text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; ) {
    let c = text.charCodeAt(i);
    if (c >= 128) return splitPhraseUnicode(index, text.slice(start, end));
    const marked = (c === 61 || c === 126) && i + 1 < end && isWordChar(text.charCodeAt(i + 1));
    if (c !== 42 && !marked && !isWordChar(c)) {
      i++;
      continue;
    }
    const from = i;
    let h = HASH_SEED;
    do {
      h = Math.imul(h ^ c, HASH_PRIME);
      c = ++i < end ? text.charCodeAt(i) : 0;
    } while (text.charCodeAt(from) !== 42 && isWordChar(c));
    if (c >= 128) return splitPhraseUnicode(index, text.slice(start, end));
    phraseWordIds[count++] = writtenWord(index, text, from, i, h);
  }
  return count;
}

function splitPhraseUnicode(index: PhraseIndex, phrase: string): number {
  const words = phraseWords(phrase);
  words.forEach((w, k) => {
    phraseWordIds[k] = writtenWord(index, w, 0, w.length, hashOf(w, 0, w.length));
  });
  return words.length;
}

/**
 * Adds the phrase text[start, end) of the pack (each distinct written word parsed once per index) and
 * returns its pattern id, or undefined when it has no words or starts or ends with `*`.
 */
export function addPhrase(
  index: PhraseIndex,
  text: string,
  start = 0,
  end = text.length,
): number | undefined {
  const count = splitPhrase(index, text, start, end);
  if (count === 0) return undefined;
  const data = index.written!.data;
  const field = count === 1 ? LONE : 0;
  for (let k = 0; k < count; k++) {
    const at = phraseWordIds[k]! * WRITTEN_STRIDE + field;
    tokenKinds[k] = data[at + KIND]!;
    tokenForms[k] = data[at + FORM]!;
  }
  if (tokenKinds[0] === ANY || tokenKinds[count - 1] === ANY) return undefined;
  const firstKey = data[phraseWordIds[0]! * WRITTEN_STRIDE + field + KEY]!;
  const secondKey = count > 1 ? data[phraseWordIds[1]! * WRITTEN_STRIDE + KEY]! : -1;
  return addTokens(index, count, firstKey, secondKey);
}
