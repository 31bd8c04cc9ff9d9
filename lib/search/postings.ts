/**
 * Posting lists as the search index stores them. Documents are numbered densely as they are indexed; the
 * numbers fall into blocks of POSTING_BLOCK, and each block keeps one record per bucket (a term's first three
 * characters, ./search-tokens.ts) holding that bucket's terms and, per term, the block's documents that use it
 * with the term's weight there. New documents always get higher numbers, so writing appends to the newest
 * block's lists and never rewrites an older block.
 */

/** Documents per posting block: a year (~150,000 papers) is ten blocks, so a term is ten reads. */
export const POSTING_BLOCK = 16_384;

export interface PostingBucket {
  block: number;
  bucket: string;
  /** Sorted. */
  terms: string[];
  /** End offset in `data` of each term's list. */
  ends: Uint32Array;
  /** The highest document number in each term's list (appends continue from it). */
  last: Uint32Array;
  /** Per term: (document - previous document, weight) as unsigned varints. */
  data: Uint8Array;
}

/** One term's list, decoded (typed arrays: a common word's list in a year's index is tens of thousands long). */
export interface TermPostings {
  term: string;
  docs: Uint32Array;
  weights: Uint32Array;
}

export function postingBlockOf(doc: number): number {
  return Math.floor(doc / POSTING_BLOCK);
}

/** A growable byte buffer for varints. */
class Bytes {
  buf = new Uint8Array(256);
  length = 0;
  push(bytes: Uint8Array) {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }
  varint(n: number) {
    this.ensure(5);
    let v = n >>> 0;
    while (v >= 0x80) {
      this.buf[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.length++] = v;
  }
  private ensure(extra: number) {
    if (this.length + extra <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + extra));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  done(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/**
 * The bucket with `additions` appended: term -> [document, weight] pairs in ascending document order, every
 * document above the term's last one in the bucket (new documents only). Returns a new record.
 */
export function appendPostings(
  previous: PostingBucket | undefined,
  block: number,
  bucket: string,
  additions: ReadonlyMap<string, readonly (readonly [number, number])[]>,
): PostingBucket {
  const old = previous ?? {
    terms: [],
    ends: new Uint32Array(0),
    last: new Uint32Array(0),
    data: new Uint8Array(0),
  };
  const terms = [...new Set([...old.terms, ...additions.keys()])].sort();
  const position = new Map(old.terms.map((t, i) => [t, i]));
  const out = new Bytes();
  const ends = new Uint32Array(terms.length);
  const last = new Uint32Array(terms.length);
  terms.forEach((term, i) => {
    const at = position.get(term);
    let prev = 0;
    if (at !== undefined) {
      out.push(old.data.subarray(at === 0 ? 0 : old.ends[at - 1]!, old.ends[at]!));
      prev = old.last[at]!;
    }
    for (const [doc, weight] of additions.get(term) ?? []) {
      if (at !== undefined && doc <= prev)
        throw new Error(`posting for document ${doc} out of order in "${term}"`);
      out.varint(doc - prev);
      out.varint(weight);
      prev = doc;
    }
    ends[i] = out.length;
    last[i] = prev;
  });
  return { block, bucket, terms, ends, last, data: out.done() };
}

/** The lists of the bucket's terms equal to `term`, or (with `prefix`) starting with it. */
export function readPostings(record: PostingBucket, term: string, prefix: boolean): TermPostings[] {
  const out: TermPostings[] = [];
  let i = lowerBound(record.terms, term);
  for (; i < record.terms.length; i++) {
    const t = record.terms[i]!;
    if (t !== term && !(prefix && t.startsWith(term))) break;
    out.push(decodeList(record, i));
  }
  return out;
}

function decodeList(record: PostingBucket, i: number): TermPostings {
  const { data } = record;
  const end = record.ends[i]!;
  let pos = i === 0 ? 0 : record.ends[i - 1]!;
  // A posting is at least two bytes (a varint each for the gap and the weight).
  const docs = new Uint32Array((end - pos) >> 1);
  const weights = new Uint32Array(docs.length);
  let n = 0;
  let doc = 0;
  while (pos < end) {
    let delta = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = data[pos++]!;
      delta |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    let weight = 0;
    shift = 0;
    do {
      byte = data[pos++]!;
      weight |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    doc += delta >>> 0;
    docs[n] = doc;
    weights[n++] = weight >>> 0;
  }
  return { term: record.terms[i]!, docs: docs.subarray(0, n), weights: weights.subarray(0, n) };
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
