import { decodeNumbers } from '../matching/number-text';
import { BIGRAM, CATEGORY, RULE_EVIDENCE, RULE_GIVEN, TITLE, WORD } from './features';
import { MODEL_FORMAT, type ModelArtifact, ModelArtifactSchema } from './model-schema';

/**
 * The learned layer, compiled for scoring: the words it knows (by stem), per word its feature as a word
 * and as a title word, its bigrams in an open-addressing table keyed by the two word numbers, and per
 * feature the (topic, weight) pairs it adds to, in flat arrays.
 */
export interface CompiledModel {
  version: string;
  topicIds: readonly string[];
  bias: Float64Array;
  threshold: Float64Array;
  /** 1 when the model alone decides the topic (combine: 'model'). */
  modelOnly: Uint8Array;
  /** Stem -> word number. */
  words: ReadonlyMap<string, number>;
  /** The paper's spelling is shown as evidence; these say what each feature is: */
  featureKind: Uint8Array;
  wordFeature: Int32Array;
  titleFeature: Int32Array;
  /** Open addressing, at most half full: per slot the key (bigramKey, 0: empty) and the feature. */
  bigrams: Int32Array;
  bigramMask: number;
  /**
   * A filter before the bigram table: bit `bigramBit(a, b)` is set for every bigram feature (and for a
   * few pairs that are none). Most pairs of known words clear it with one read of 8 KB, not a probe.
   */
  bigramBits: Uint32Array;
  categories: ReadonlyMap<string, number>;
  /** Topic id -> the feature "the rules gave it" / "the rules saw evidence for it" (features.ts r:, e:). */
  ruleGiven: ReadonlyMap<string, number>;
  ruleEvidence: ReadonlyMap<string, number>;
  postStart: Int32Array;
  postTopic: Int32Array;
  postWeight: Float32Array;
}

export const KIND_WORD = 0;
export const KIND_TITLE = 1;
export const KIND_BIGRAM = 2;
export const KIND_CATEGORY = 3;
export const KIND_RULE = 4;

export class ModelError extends Error {}

/**
 * The feature of the bigram of word numbers a, b, or -1: linear probing from its hash. Key and feature
 * lie side by side, so a probe reads one cache line.
 */
export function bigramFeature(table: Int32Array, mask: number, a: number, b: number): number {
  const key = bigramKey(a, b);
  for (let s = (Math.imul(key, 0x9e3779b1) >>> 16) & mask; ; s = (s + 1) & mask) {
    const found = table[2 * s];
    if (found === key) return table[2 * s + 1]!;
    if (found === 0) return -1;
  }
}

/** Sets the feature of a bigram (a bigram written twice keeps its last feature). */
function placeBigram(table: Int32Array, mask: number, a: number, b: number, feature: number) {
  const key = bigramKey(a, b);
  let s = (Math.imul(key, 0x9e3779b1) >>> 16) & mask;
  while (table[2 * s] !== 0 && table[2 * s] !== key) s = (s + 1) & mask;
  table[2 * s] = key;
  table[2 * s + 1] = feature;
}

/** The bit of the pair (a, b) in `bigramBits`: another mix of the key than the table's. */
export function bigramBit(a: number, b: number): number {
  return Math.imul(bigramKey(a, b), 0x85ebca6b) >>> 16;
}

export function bigramKey(a: number, b: number): number {
  return ((a + 1) << 16) | (b + 1);
}

function wordNumber(words: Map<string, number>, stem: string): number {
  let n = words.get(stem);
  if (n === undefined) {
    n = words.size;
    words.set(stem, n);
  }
  return n;
}

/** Validates and compiles model.json; throws ModelError when it is not a model this code can read. */
export function loadModel(json: unknown): CompiledModel {
  const parsed = ModelArtifactSchema.safeParse(json);
  if (!parsed.success) throw new ModelError(`model: ${parsed.error.issues[0]?.message}`);
  return compileModel(parsed.data);
}

// First characters of the feature prefixes in features.ts (all are one letter and ':').
const W = WORD.charCodeAt(0);
const T = TITLE.charCodeAt(0);
const B = BIGRAM.charCodeAt(0);
const C = CATEGORY.charCodeAt(0);
const R = RULE_GIVEN.charCodeAt(0);
const E = RULE_EVIDENCE.charCodeAt(0);
const COLON = WORD.charCodeAt(1);

/**
 * Per feature its kind and word numbers (a, b; -1 when none). One plain loop with no array per feature:
 * it runs once when a service worker wakes, before the engine has optimised anything.
 */
function parseFeatures(
  features: readonly string[],
  words: Map<string, number>,
  categories: Map<string, number>,
  ruleGiven: Map<string, number>,
  ruleEvidence: Map<string, number>,
) {
  const nf = features.length;
  const featureKind = new Uint8Array(nf);
  const first = new Int32Array(nf).fill(-1);
  const second = new Int32Array(nf).fill(-1);
  for (let f = 0; f < nf; f++) {
    const key = features[f]!;
    const prefix = key.charCodeAt(0);
    if (key.charCodeAt(1) !== COLON) throw new ModelError(`model: unknown feature ${key}`);
    if (prefix === W || prefix === T) {
      featureKind[f] = prefix === W ? KIND_WORD : KIND_TITLE;
      first[f] = wordNumber(words, key.slice(2));
    } else if (prefix === B) {
      const space = key.indexOf(' ', 2);
      if (space <= 2 || space === key.length - 1 || key.indexOf(' ', space + 1) >= 0)
        throw new ModelError(`model: bad bigram ${key}`);
      featureKind[f] = KIND_BIGRAM;
      first[f] = wordNumber(words, key.slice(2, space));
      second[f] = wordNumber(words, key.slice(space + 1));
    } else if (prefix === C) {
      featureKind[f] = KIND_CATEGORY;
      categories.set(key.slice(2), f);
    } else if (prefix === R || prefix === E) {
      featureKind[f] = KIND_RULE;
      (prefix === R ? ruleGiven : ruleEvidence).set(key.slice(2), f);
    } else throw new ModelError(`model: unknown feature ${key}`);
  }
  return { featureKind, first, second };
}

export function compileModel(m: ModelArtifact): CompiledModel {
  if (m.format !== MODEL_FORMAT) throw new ModelError(`model format ${m.format}, expected ${MODEL_FORMAT}`);
  const words = new Map<string, number>();
  const categories = new Map<string, number>();
  const ruleGiven = new Map<string, number>();
  const ruleEvidence = new Map<string, number>();
  const features = m.features.split('\n');
  const nf = features.length;
  const { featureKind, first, second } = parseFeatures(features, words, categories, ruleGiven, ruleEvidence);
  if (words.size >= 0xffff) throw new ModelError('model: too many words');
  const wordFeature = new Int32Array(words.size).fill(-1);
  const titleFeature = new Int32Array(words.size).fill(-1);
  let bigramCount = 0;
  for (let f = 0; f < nf; f++) if (featureKind[f] === KIND_BIGRAM) bigramCount++;
  let size = 16;
  while (size < bigramCount * 2) size *= 2;
  const bigrams = new Int32Array(size * 2);
  const bigramBits = new Uint32Array(1 << 11);
  for (let f = 0; f < nf; f++) {
    const a = first[f]!;
    if (featureKind[f] === KIND_WORD) wordFeature[a] = f;
    else if (featureKind[f] === KIND_TITLE) titleFeature[a] = f;
    else if (featureKind[f] === KIND_BIGRAM) {
      const b = second[f]!;
      placeBigram(bigrams, size - 1, a, b, f);
      const bit = bigramBit(a, b);
      bigramBits[bit >>> 5]! |= 1 << (bit & 31);
    }
  }
  return {
    version: m.version,
    topicIds: m.topics.map((t) => t.id),
    ...postings(m, nf),
    words,
    featureKind,
    wordFeature,
    titleFeature,
    bigrams,
    bigramMask: size - 1,
    bigramBits,
    categories,
    ruleGiven,
    ruleEvidence,
  };
}

function postings(m: ModelArtifact, nf: number) {
  // Two passes over the decoded numbers (count, then place): no pair objects for 40k weights.
  const lists: Int32Array[] = [];
  const count = new Int32Array(nf + 1);
  for (const t of m.topics) {
    const numbers = decodeNumbers(t.weights);
    if (!numbers || numbers.length % 2 !== 0) throw new ModelError(`model: ${t.id}: weights are not pairs`);
    let f = 0;
    for (let i = 0; i < numbers.length; i += 2) {
      f += numbers[i]!;
      if (f >= nf) throw new ModelError(`model: ${t.id}: bad feature ${f}`);
      count[f + 1]!++;
    }
    lists.push(numbers);
  }
  for (let f = 0; f < nf; f++) count[f + 1]! += count[f]!;
  const fill = count.slice(0, nf);
  const postTopic = new Int32Array(count[nf]!);
  const postWeight = new Float32Array(count[nf]!);
  for (let k = 0; k < lists.length; k++) {
    const numbers = lists[k]!;
    let f = 0;
    for (let i = 0; i < numbers.length; i += 2) {
      f += numbers[i]!;
      const z = numbers[i + 1]!;
      const at = fill[f]!++;
      postTopic[at] = k;
      postWeight[at] = (z & 1 ? -(z + 1) / 2 : z / 2) / 1000;
    }
  }
  return {
    bias: Float64Array.from(m.topics, (t) => t.bias),
    threshold: Float64Array.from(m.topics, (t) => t.threshold),
    modelOnly: Uint8Array.from(m.topics, (t) => (t.combine === 'model' ? 1 : 0)),
    postStart: count,
    postTopic,
    postWeight,
  };
}

export const ARTIFACT_ABOUT_MODEL =
  'Generated by `npm run train` (test/eval/train/train.ts) from ../shared/corpus, the labels in ' +
  'test/eval/labels/ and the rules of compiled.json; do not edit.';
