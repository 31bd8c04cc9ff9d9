import { pairBit } from '../search/word-pairs';
import { type ChangedReach, EPSILON, ruleFeaturePhrases, type TopicChange } from './reach-test';

/**
 * The documents (numbers below `size`) holding a word: a stem, or RAW + a case-sensitive spelling
 * (reach-phrases.ts); undefined when the index cannot tell which do (a stop word it leaves out, a word it
 * cuts). Any order, repeats allowed.
 */
export type WordDocs = (word: string) => ArrayLike<number> | undefined;

/**
 * Whether a document may hold some pair of words side by side, by its pair bit (lib/search/word-pairs.ts);
 * false is a proof it holds none with that bit.
 */
export type PairDocs = (doc: number, bit: number) => boolean;

/**
 * The documents a change of topics can reach (reach-test.ts) as far as their words tell, found from an
 * index of words instead of reading every paper: a superset of those the reach test passes, which are then
 * read and tested. A phrase can hit only where each of its words is; a learned layer can reach its threshold
 * only where the weights of the features whose words are there reach it. Undefined when the words cannot
 * narrow it (a phrase of words the index cannot list, a layer its categories alone can bring to its
 * threshold): every paper is read then.
 */
export function reachDocs(
  change: TopicChange,
  docsOf: WordDocs,
  size: number,
  pairs?: PairDocs,
): number[] | undefined {
  const docs = new DocSets(docsOf, size, pairs);
  const reached = new Uint8Array(size);
  for (const changed of change.reaches) {
    for (const phrase of changed.reach.phrases) {
      const hits = docs.phrase(phrase);
      if (!hits) return undefined;
      for (let i = 0; i < hits.length; i++) reached[hits[i]!] = 1;
    }
    for (const m of changed.reach.model ?? []) if (!docs.model(changed, m, reached)) return undefined;
  }
  const out: number[] = [];
  for (let d = 0; d < size; d++) if (reached[d]) out.push(d);
  return out;
}

/** Every word the change's phrases and learned features can ask for (what `docsOf` will be asked). */
export function reachVocabulary(change: TopicChange): Set<string> {
  const out = new Set<string>();
  const add = (phrases: readonly string[][][]) => {
    for (const phrase of phrases) for (const alternatives of phrase) for (const w of alternatives) out.add(w);
  };
  for (const { reach, state } of change.reaches) {
    add(reach.phrases);
    for (const m of reach.model ?? []) {
      for (const f of m.feats)
        if (f.cat === undefined) add(f.phrases ?? ruleFeaturePhrases(state, f.given, f.seen));
    }
  }
  return out;
}

type Model = NonNullable<ChangedReach['reach']['model']>[number];

/** Sets of documents by word and by phrase, each worked out once. */
class DocSets {
  private readonly words = new Map<string, Uint32Array | undefined>();
  private readonly phrases = new Map<string, Uint32Array | undefined>();
  private readonly marks: Uint32Array;
  private stamp = 0;
  private readonly sums: Float64Array;

  constructor(
    private readonly docsOf: WordDocs,
    private readonly size: number,
    private readonly pairs: PairDocs | undefined,
  ) {
    this.marks = new Uint32Array(size);
    this.sums = new Float64Array(size);
  }

  /** Documents holding one of the alternatives (each once), or undefined when one cannot be listed. */
  private anyOf(alternatives: readonly string[]): Uint32Array | undefined {
    const key = alternatives.join('\n');
    if (this.words.has(key)) return this.words.get(key);
    const stamp = ++this.stamp;
    const out: number[] = [];
    let known = true;
    for (const w of alternatives) {
      const list = this.docsOf(w);
      if (!list) known = false;
      else for (let i = 0; i < list.length; i++) this.mark(list[i]!, stamp) && out.push(list[i]!);
    }
    const set = known ? Uint32Array.from(out) : undefined;
    this.words.set(key, set);
    return set;
  }

  /** Marks `doc` with `stamp`; true when it was not marked so yet. */
  private mark(doc: number, stamp: number): boolean {
    if (doc >= this.size || this.marks[doc] === stamp) return false;
    this.marks[doc] = stamp;
    return true;
  }

  /**
   * Documents holding every word of the phrase that can be listed, and each two neighbouring words side by
   * side as far as the pair bits tell; undefined when nothing narrows it.
   */
  phrase(phrase: readonly (readonly string[])[]): Uint32Array | undefined {
    const key = JSON.stringify(phrase);
    if (this.phrases.has(key)) return this.phrases.get(key);
    // "Any word" asks nothing; the rarest word first.
    const lists = phrase
      .filter((alternatives) => alternatives.length > 0)
      .map((alternatives) => this.anyOf(alternatives))
      .filter((list): list is Uint32Array => list !== undefined)
      .sort((a, b) => a.length - b.length);
    let set: Uint32Array | undefined = lists[0];
    for (const list of lists.slice(1)) {
      if (!set?.length) break;
      const stamp = ++this.stamp;
      for (let i = 0; i < list.length; i++) this.marks[list[i]!] = stamp;
      set = set.filter((d) => this.marks[d] === stamp);
    }
    const neighbours = this.pairs && pairBits(phrase);
    if (neighbours?.length) {
      const pairs = this.pairs!;
      const holds = (d: number) => neighbours.every((bits) => bits.some((bit) => pairs(d, bit)));
      set = set ? set.filter(holds) : Uint32Array.from({ length: this.size }, (_, d) => d).filter(holds);
    }
    this.phrases.set(key, set);
    return set;
  }

  /**
   * Marks in `reached` the documents where the learned layer `m` can reach its threshold: each feature's
   * weight added where one of its phrases can hit (counted once), the categories' weights to every
   * document. False when that is every document (nothing narrows it).
   */
  model(changed: ChangedReach, m: Model, reached: Uint8Array): boolean {
    // As the reach test: what the present features must reach; a margin above the sums' rounding.
    let gap = m.gap - EPSILON - m.rest - 1e-9;
    const sums = this.sums;
    const touched: number[] = [];
    for (const f of m.feats) {
      if (f.cat !== undefined) {
        gap -= f.w;
        continue;
      }
      const phrases = f.phrases ?? ruleFeaturePhrases(changed.state, f.given, f.seen);
      const lists = phrases.map((p) => this.phrase(p));
      if (lists.some((list) => list === undefined)) {
        gap -= f.w;
        continue;
      }
      const stamp = ++this.stamp;
      for (const list of lists as Uint32Array[]) {
        for (let i = 0; i < list.length; i++) {
          const d = list[i]!;
          if (this.marks[d] === stamp) continue;
          this.marks[d] = stamp;
          if (sums[d] === 0) touched.push(d);
          sums[d]! += f.w;
        }
      }
    }
    const narrows = gap > 0;
    for (const d of touched) {
      if (sums[d]! >= gap) reached[d] = 1;
      sums[d] = 0;
    }
    return narrows;
  }
}

/**
 * Per two neighbouring words of a phrase, the pair bits one of which a paper holding it must have; pairs
 * the bits cannot tell ("any word", a lower-case spelling) are left out.
 */
function pairBits(phrase: readonly (readonly string[])[]): number[][] {
  const out: number[][] = [];
  for (let k = 0; k + 1 < phrase.length; k++) {
    const bits: number[] = [];
    let known = phrase[k]!.length > 0 && phrase[k + 1]!.length > 0;
    for (const a of phrase[k]!)
      for (const b of phrase[k + 1]!) {
        const bit = pairBit(a, b);
        if (bit === undefined) known = false;
        else bits.push(bit);
      }
    if (known) out.push(bits);
  }
  return out;
}
