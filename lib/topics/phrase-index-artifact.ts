import { decodeNumbers, encodeNumbers } from './number-text';
import { PackError } from './pack-model';
import {
  ANY,
  createPhraseIndex,
  F_BUCKET,
  F_STEM_KEY,
  FORM_STRIDE,
  type PhraseIndex,
  scanTables,
} from './phrase-index';
import { insertPair, pairTableSize, type ScanTables } from './scan-tables';
import { StringTable } from './word-table';

/**
 * The phrase index as the compiled pack carries it: its forms and the scanner's tables, written as
 * numbers (number-text.ts) and restored with a few tight loops, no pattern parsed or added one by one.
 *
 * - `forms`: the forms, space-separated, numbered in this order (most used first: short numbers);
 * - `formData`: per form, 1 if it opens a bucket as a first key (buckets are numbered in the order of
 *   their forms), plus 2 * (1 + the form of its stem key, for values of exact and inflected words);
 * - `tokens`: per pattern, its length, then per token (form + 1) * KINDS + kind;
 * - `buckets`: per bucket, the lengths of its one-word and `*`-second lists, its number of lists by
 *   second key, then for each of those its key form and length.
 * Patterns are numbered in the order their lists lie (bucket by bucket, as `buckets` says), so the lists
 * need not be written: list entry n is pattern n.
 */

export const KINDS = 5;

export interface IndexArtifact {
  forms: string;
  formData: string;
  tokens: string;
  buckets: string;
}

/** Form numbers by use, most used first; ties keep their order. */
function formsByUse(index: PhraseIndex, t: ScanTables): Int32Array {
  const { forms } = index;
  const uses = new Int32Array(forms.count);
  for (const v of t.values) if (v >= 0) uses[v]!++;
  for (let at = 0; at < t.pairs.length; at += 4) if (t.pairs[at] !== 0) uses[t.pairs[at + 1]!]!++;
  const order = Array.from(uses.keys()).sort((a, b) => uses[b]! - uses[a]! || a - b);
  const renumbered = new Int32Array(forms.count);
  order.forEach((f, n) => {
    renumbered[f] = n;
  });
  return renumbered;
}

/** The index as numbers, and `order`: the pattern ids in their new order (for what is kept per pattern). */
export function serializeIndex(index: PhraseIndex): { artifact: IndexArtifact; order: Int32Array } {
  const t = scanTables(index);
  const { forms } = index;
  const form = formsByUse(index, t);
  const byNewNumber = new Int32Array(forms.count);
  form.forEach((n, f) => {
    byNewNumber[n] = f;
  });
  // Buckets in the order of their key forms, each with its lists by second key.
  const buckets: { key: number; bucket: number; pairs: [form: number, start: number, end: number][] }[] = [];
  const bucketOfForm = (f: number) => forms.data[f * FORM_STRIDE + F_BUCKET]!;
  for (const f of byNewNumber)
    if (bucketOfForm(f) >= 0) buckets.push({ key: form[f]!, bucket: bucketOfForm(f), pairs: [] });
  const byBucket = new Map(buckets.map((b) => [b.bucket, b]));
  for (let at = 0; at < t.pairs.length; at += 4) {
    if (t.pairs[at] === 0) continue;
    byBucket.get(t.pairs[at]! - 1)!.pairs.push([form[t.pairs[at + 1]!]!, t.pairs[at + 2]!, t.pairs[at + 3]!]);
  }
  const order: number[] = [];
  const layout: number[] = [];
  const append = (start: number, end: number) => {
    for (let l = start; l < end; l++) order.push(t.lists[l]!);
    return end - start;
  };
  for (const b of buckets) {
    const r = b.bucket * 4;
    layout.push(
      append(t.ranges[r]!, t.ranges[r + 1]!),
      append(t.ranges[r + 2]!, t.ranges[r + 3]!),
      b.pairs.length,
    );
    for (const [key, start, end] of b.pairs.sort((x, y) => x[1] - y[1])) layout.push(key, append(start, end));
  }
  const tokens: number[] = [];
  for (const p of order) {
    tokens.push(t.patternStarts[p + 1]! - t.patternStarts[p]!);
    for (let k = t.patternStarts[p]!; k < t.patternStarts[p + 1]!; k++) {
      tokens.push((t.values[k]! < 0 ? 0 : form[t.values[k]!]! + 1) * KINDS + t.kinds[k]!);
    }
  }
  const formData: number[] = [];
  for (const f of byNewNumber) {
    const stemKey = forms.data[f * FORM_STRIDE + F_STEM_KEY]!;
    formData.push((bucketOfForm(f) >= 0 ? 1 : 0) + 2 * (stemKey < 0 ? 0 : form[stemKey]! + 1));
  }
  const artifact = {
    forms: Array.from(byNewNumber, (f) => forms.raws[f]!).join(' '),
    formData: encodeNumbers(formData),
    tokens: encodeNumbers(tokens),
    buckets: encodeNumbers(layout),
  };
  return { artifact, order: Int32Array.from(order) };
}

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
