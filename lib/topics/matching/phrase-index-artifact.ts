import { encodeNumbers } from './number-text';
import { F_BUCKET, F_STEM_KEY, FORM_STRIDE, type PhraseIndex, scanTables } from './phrase-index';
import type { ScanTables } from './scan-tables';

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
