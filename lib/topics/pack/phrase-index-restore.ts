import { decodeNumbers } from '../matching/number-text';
import {
  ANY,
  createPhraseIndex,
  F_BUCKET,
  F_STEM_KEY,
  FORM_STRIDE,
  type PhraseIndex,
} from '../matching/phrase-index';
import { type IndexArtifact, KINDS } from '../matching/phrase-index-artifact';
import { insertPair, pairBitsOf, pairTableSize, type ScanTables } from '../matching/scan-tables';
import { StringTable } from '../matching/word-table';
import { PackError } from './model';

/**
 * The phrase index of a compiled pack, restored from its numbers (format: phrase-index-artifact.ts) with
 * a few tight loops. Every number is checked as it is read, so a damaged file is refused with a
 * PackError instead of sending the scanner out of its tables.
 */

function numbers(text: string, field: string): Int32Array {
  const decoded = decodeNumbers(text);
  if (!decoded) throw new PackError(`invalid compiled pack at ${field}: not a list of numbers`);
  return decoded;
}

function fail(what: string): never {
  throw new PackError(`invalid compiled pack: ${what}`);
}

/** Pattern tokens from `tokens`, each checked: a form that exists, `*` only inside a pattern. */
function restoreTokens(text: string, formCount: number) {
  const n = numbers(text, 'tokens');
  let patternCount = 0;
  for (let i = 0; i < n.length; i += n[i]! + 1) patternCount++;
  const patternStarts = new Int32Array(patternCount + 1);
  const kinds = new Uint8Array(n.length - patternCount);
  const values = new Int32Array(kinds.length);
  let token = 0;
  for (let p = 0, i = 0; p < patternCount; p++) {
    const length = n[i++]!;
    if (length < 1 || i + length > n.length) fail(`pattern ${p}: length`);
    patternStarts[p] = token;
    for (let k = 0; k < length; k++, token++) {
      const kind = n[i + k]! % KINDS;
      const form = ((n[i + k]! - kind) / KINDS) | 0;
      if (form > formCount || (form === 0) !== (kind === ANY)) fail(`pattern ${p}: token ${k}`);
      if ((k === 0 || k === length - 1) && kind === ANY) fail(`pattern ${p}: a * at an end`);
      kinds[token] = kind;
      values[token] = form - 1;
    }
    i += length;
  }
  patternStarts[patternCount] = token;
  return { patternCount, patternStarts, kinds, values };
}

/** The ranges and pair table that `buckets` describes, each list inside `lists`. */
function restoreBuckets(text: string, listCount: number, formCount: number) {
  const n = numbers(text, 'buckets');
  let bucketCount = 0;
  let pairCount = 0;
  for (let i = 0; i + 2 < n.length; i += 3 + 2 * n[i + 2]!) {
    bucketCount++;
    pairCount += n[i + 2]!;
  }
  const ranges = new Int32Array(bucketCount * 4);
  const hasNext = new Uint8Array(bucketCount);
  const size = pairTableSize(pairCount);
  const pairs = new Int32Array(size * 4);
  let filled = 0;
  let i = 0;
  for (let b = 0; b < bucketCount; b++) {
    ranges[b * 4] = filled;
    filled += n[i]!;
    ranges[b * 4 + 1] = ranges[b * 4 + 2] = filled;
    filled += n[i + 1]!;
    ranges[b * 4 + 3] = filled;
    const count = n[i + 2]!;
    i += 3;
    if (i + 2 * count > n.length) fail(`bucket ${b}`);
    for (let k = 0; k < count; k++, i += 2) {
      const form = n[i]!;
      // The table holds each (bucket, form) once: a key repeated within a bucket is refused.
      if (form >= formCount || !insertPair(pairs, size - 1, b, form, filled, filled + n[i + 1]!)) {
        fail(`bucket ${b}: key ${k}`);
      }
      filled += n[i + 1]!;
      hasNext[b] = 1;
    }
  }
  if (i !== n.length || filled !== listCount) fail('buckets');
  return { bucketCount, ranges, hasNext, pairs, pairMask: size - 1 };
}

/** The index of a compiled pack; its patterns are fixed (`add` refuses). Throws PackError. */
export function restoreIndex(a: IndexArtifact): PhraseIndex {
  const forms = StringTable.of(a.forms === '' ? [] : a.forms.split(' '), FORM_STRIDE);
  if (!forms || forms.raws.includes('')) fail('forms');
  const tokens = restoreTokens(a.tokens, forms.count);
  const lists = new Int32Array(tokens.patternCount);
  for (let p = 0; p < lists.length; p++) lists[p] = p;
  const b = restoreBuckets(a.buckets, lists.length, forms.count);
  const data = numbers(a.formData, 'formData');
  if (data.length !== forms.count) fail('formData');
  let buckets = 0;
  for (let f = 0; f < forms.count; f++) {
    const stemKey = (data[f]! >> 1) - 1;
    if (stemKey >= forms.count) fail(`formData of form ${f}`);
    forms.data[f * FORM_STRIDE + F_BUCKET] = data[f]! & 1 ? buckets++ : -1;
    forms.data[f * FORM_STRIDE + F_STEM_KEY] = stemKey;
  }
  if (buckets !== b.bucketCount) fail('formData: buckets');
  const tables: ScanTables = {
    patternStarts: tokens.patternStarts,
    kinds: tokens.kinds,
    values: tokens.values,
    lists,
    ranges: b.ranges,
    hasNext: b.hasNext,
    pairs: b.pairs,
    pairMask: b.pairMask,
    pairBits: pairBitsOf(b.pairs),
  };
  const index = createPhraseIndex();
  index.patternCount = tokens.patternCount;
  index.forms = forms;
  index.tables = tables;
  index.add = () => {
    throw new PackError('a compiled pack takes no new phrases: compile the source pack instead');
  };
  return index;
}
