import { stemWord } from '../../text/tokens';
import { wordCharWidth } from '../../text/word-chars';
import type { FieldScan } from './field-scan';
import { F_BUCKET, FORM_STRIDE, type PhraseIndex } from './phrase-index';
import { isCapital, singular } from './phrase-pattern';
import {
  HASH_PRIME,
  HASH_SEED,
  STRIDE,
  W_ACRONYM,
  W_ACRONYM_BARE,
  W_BUCKET,
  W_LOWER,
  W_SINGULAR,
  W_STEM,
} from './word-table';

/**
 * The words of a paper's text as ids in the index's word table, split as `words` in lib/text/words.ts
 * splits them: the tagger's fast path (test/unit/text/one-tokenizer.test.ts holds it to the same words).
 * A spelling seen before costs one probe of the table, read straight from the text; a new one is
 * stemmed once and given its match forms and the buckets it opens.
 */

// ASCII letters and digits: all that [\p{L}\p{N}] matches below 128.
const WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  WORD_CHAR[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0;
}
/** The forms and buckets of a spelling seen for the first time. */
function addWord(index: PhraseIndex, raw: string, hash: number): number {
  const table = index.words;
  const id = table.add(raw, hash);
  const { forms } = index;
  const stem = stemWord(raw);
  const at = id * STRIDE;
  const data = table.data;
  const stemForm = forms.get(stem);
  data[at + W_STEM] = stemForm;
  data[at + W_LOWER] = forms.get(raw.toLowerCase());
  data[at + W_SINGULAR] = forms.get(singular(raw));
  data[at + W_ACRONYM] = -1;
  data[at + W_ACRONYM_BARE] = -1;
  let b = at + W_BUCKET;
  data[b] = data[b + 1] = data[b + 2] = -1;
  const stemBucket = stemForm < 0 ? -1 : forms.data[stemForm * FORM_STRIDE + F_BUCKET]!;
  if (stemBucket >= 0) data[b++] = stemBucket;
  let capital = false;
  for (let i = 0; i < raw.length && !capital; i++) capital = isCapital(raw.charCodeAt(i));
  if (capital) {
    // Case-sensitive keys: the spelling itself and, for a plural, its singular ("LLMs" -> LLM).
    const keys = raw.endsWith('s') ? [raw, raw.slice(0, -1)] : [raw];
    keys.forEach((key, k) => {
      const form = forms.get(key);
      data[at + W_ACRONYM + k] = form;
      const bucket = form < 0 ? -1 : forms.data[form * FORM_STRIDE + F_BUCKET]!;
      if (bucket >= 0) data[b++] = bucket;
    });
  }
  return id;
}

function wordId(index: PhraseIndex, text: string, start: number, end: number, hash: number): number {
  const id = index.words.find(text, start, end, hash);
  return id >= 0 ? id : addWord(index, text.slice(start, end), hash);
}

/**
 * Splits `text` into word ids, as `words` in lib/text/words.ts does (runs of [\p{L}\p{N}] in the NFC form).
 * ASCII, the common case, is read with a table; the first other character sends the caller to NFC.
 */
function splitAscii(index: PhraseIndex, text: string, out: FieldScan): boolean {
  const n = text.length;
  const words = out.words;
  let count = 0;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c >= 128) return false;
    if (WORD_CHAR[c] === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = HASH_SEED;
    do {
      h = Math.imul(h ^ c, HASH_PRIME);
      c = ++i < n ? text.charCodeAt(i) : 0;
    } while (c < 128 && WORD_CHAR[c] === 1);
    if (c >= 128) return false;
    words[count++] = wordId(index, text, start, i, h);
  }
  out.wordCount = count;
  return true;
}

/** The same over NFC text with other characters: a decomposed "é" would otherwise split a word. */
function splitUnicode(index: PhraseIndex, text: string, out: FieldScan) {
  const composed = text.normalize('NFC');
  if (out.words.length <= composed.length >> 1) out.words = new Int32Array((composed.length >> 1) + 1);
  const n = composed.length;
  const words = out.words;
  let count = 0;
  let i = 0;
  while (i < n) {
    let width = wordCharWidth(composed, i);
    if (width === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = HASH_SEED;
    do {
      for (const end = i + width; i < end; i++) h = Math.imul(h ^ composed.charCodeAt(i), HASH_PRIME);
      width = i < n ? wordCharWidth(composed, i) : 0;
    } while (width > 0);
    words[count++] = wordId(index, composed, start, i, h);
  }
  out.wordCount = count;
}

/** Splits `text` into `out.words` (its previous words are replaced). */
export function splitWords(index: PhraseIndex, text: string, out: FieldScan) {
  // A text of n characters has at most n / 2 + 1 words.
  if (out.words.length <= text.length >> 1) out.words = new Int32Array((text.length >> 1) + 1);
  if (!splitAscii(index, text, out)) splitUnicode(index, text, out);
}
