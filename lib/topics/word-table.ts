/**
 * The spellings seen in papers, interned: each distinct spelling gets a number, and once, its match forms
 * and the buckets of the phrase index it opens. Papers repeat their words, so tagging a word is one hash
 * probe against the text itself (no substring, no Token object) and then comparisons of numbers.
 *
 * Per word, STRIDE numbers in `data`: the ids (in the index's form table, -1 when no pattern uses the
 * form) of its stem, lower case, singular and case-sensitive keys, then up to three bucket numbers.
 */

export const STRIDE = 8;
export const W_STEM = 0;
export const W_LOWER = 1;
export const W_SINGULAR = 2;
/** The spelling itself as a case-sensitive key ("LLMs"), -1 without a capital. */
export const W_ACRONYM = 3;
/** The spelling without its plural "s" ("LLM"), -1 unless it has a capital and ends in "s". */
export const W_ACRONYM_BARE = 4;
/** Buckets opened as a first word: by stem, then by the two case-sensitive keys; -1 pads. */
export const W_BUCKET = 5;

/** FNV-1a over UTF-16 code units; the scanner computes it inline while it reads a word. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

export function hashOf(text: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), HASH_PRIME);
  return h;
}

// Memory stays bounded on a long-running service worker: past this many spellings, start again.
const WORD_LIMIT = 100_000;

export class WordTable {
  count = 0;
  raws: string[] = [];
  data = new Int32Array(1024 * STRIDE);
  private hashes = new Int32Array(1024);
  /** Open addressing: word id + 1, 0 for an empty slot; at most half full. */
  private slots = new Int32Array(4096);

  /** Forgets every spelling: the index changed, or the table is full (called between texts only). */
  clear() {
    this.count = 0;
    this.raws = [];
    this.slots.fill(0);
  }

  /** Called before a text is scanned, so ids stay valid while it is. */
  trim() {
    if (this.count >= WORD_LIMIT) this.clear();
  }

  /** The id of text[start, end), whose hash is `hash`, or -1 if it was never added. */
  find(text: string, start: number, end: number, hash: number): number {
    const { slots, hashes, raws } = this;
    const mask = slots.length - 1;
    const length = end - start;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const slot = slots[s]!;
      if (slot === 0) return -1;
      const id = slot - 1;
      if (hashes[id] !== hash) continue;
      const raw = raws[id]!;
      if (raw.length !== length) continue;
      let k = 0;
      while (k < length && raw.charCodeAt(k) === text.charCodeAt(start + k)) k++;
      if (k === length) return id;
    }
  }

  /** Adds a spelling not in the table; the caller fills its STRIDE numbers in `data`. */
  add(raw: string, hash: number): number {
    const id = this.count++;
    if (id >= this.hashes.length) this.grow();
    if (2 * this.count > this.slots.length) this.rehash();
    this.raws.push(raw);
    this.hashes[id] = hash;
    this.place(id, hash);
    return id;
  }

  private place(id: number, hash: number) {
    const mask = this.slots.length - 1;
    let s = hash & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = id + 1;
  }

  private grow() {
    const hashes = new Int32Array(this.hashes.length * 2);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const data = new Int32Array(hashes.length * STRIDE);
    data.set(this.data);
    this.data = data;
  }

  private rehash() {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let id = 0; id < this.count - 1; id++) this.place(id, this.hashes[id]!);
  }
}
