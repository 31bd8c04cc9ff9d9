/**
 * Strings interned by a hash table read straight from the text that holds them: finding a word of a
 * paper or of a phrase costs one probe and a comparison of characters, with no substring, no Map and no
 * string hashing by the engine. Each string gets a number and `stride` numbers of data of its own.
 *
 * Used for the spellings seen in papers (`WordTable`, with their match forms and buckets), for the forms
 * of the phrase index, and for the words written in the pack while it compiles.
 */

/** FNV-1a over UTF-16 code units; the scanners compute it inline while they read a word. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

export function hashOf(text: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), HASH_PRIME);
  return h;
}

export class StringTable {
  count = 0;
  raws: string[] = [];
  data: Int32Array<ArrayBuffer>;
  /**
   * Open addressing, at most half full; per slot: hash, id + 1 (0: empty), offset and length of the
   * string in `chars`. A probe reads one slot and the characters, which lie together in `chars`.
   */
  private slots = new Int32Array(1024 * 4);
  private mask = 1023;
  private chars = new Uint16Array(4096);
  private charCount = 0;

  constructor(readonly stride: number) {
    this.data = new Int32Array(256 * stride);
  }

  /**
   * A table of these strings, numbered in order, built in one pass (for a compiled pack: no string
   * is interned one call at a time). Undefined when a string repeats.
   */
  static of(strings: readonly string[], stride: number): StringTable | undefined {
    const table = new StringTable(stride);
    let size = 1024;
    while (size < strings.length * 2) size *= 2;
    let total = 0;
    for (const s of strings) total += s.length;
    const slots = new Int32Array(size * 4);
    const chars = new Uint16Array(Math.max(total, 16));
    const mask = size - 1;
    let offset = 0;
    for (let id = 0; id < strings.length; id++) {
      const s = strings[id]!;
      let h = HASH_SEED;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        chars[offset + i] = c;
        h = Math.imul(h ^ c, HASH_PRIME);
      }
      let at = (h & mask) * 4;
      for (; slots[at + 1] !== 0; at = (at + 4) & (mask * 4 + 3)) {
        if (slots[at] !== h || slots[at + 3] !== s.length) continue;
        let k = 0;
        while (k < s.length && chars[slots[at + 2]! + k] === chars[offset + k]) k++;
        if (k === s.length) return undefined;
      }
      slots[at] = h;
      slots[at + 1] = id + 1;
      slots[at + 2] = offset;
      slots[at + 3] = s.length;
      offset += s.length;
    }
    table.count = strings.length;
    table.raws = strings.slice();
    table.data = new Int32Array(Math.max(strings.length, 1) * stride);
    table.slots = slots;
    table.mask = mask;
    table.chars = chars;
    table.charCount = total;
    return table;
  }

  /** How many times the table was cleared: ids given before a clear mean other strings after it. */
  generation = 0;

  clear() {
    this.generation++;
    this.count = 0;
    this.raws = [];
    this.charCount = 0;
    this.slots.fill(0);
  }

  /** The id of text[start, end), whose hash is `hash`, or -1 if it was never added. */
  find(text: string, start: number, end: number, hash: number): number {
    const { slots, chars, mask } = this;
    const length = end - start;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const at = s * 4;
      const id = slots[at + 1]! - 1;
      if (id < 0) return -1;
      if (slots[at] !== hash || slots[at + 3] !== length) continue;
      const offset = slots[at + 2]! - start;
      let i = start;
      while (i < end && chars[offset + i] === text.charCodeAt(i)) i++;
      if (i === end) return id;
    }
  }

  /** The id of a whole string, or -1. */
  get(s: string): number {
    return this.find(s, 0, s.length, hashOf(s, 0, s.length));
  }

  /** The id of a whole string, added (with data set to `fill`) if new. */
  intern(s: string, fill = -1): number {
    const hash = hashOf(s, 0, s.length);
    const id = this.find(s, 0, s.length, hash);
    if (id >= 0) return id;
    const added = this.add(s, hash);
    this.data.fill(fill, added * this.stride, (added + 1) * this.stride);
    return added;
  }

  /** Adds a string not in the table (`hash` is its hashOf); the caller fills its data. */
  add(raw: string, hash: number): number {
    const id = this.count++;
    if ((id + 1) * this.stride > this.data.length) {
      const data = new Int32Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
    }
    if (2 * this.count > this.mask + 1) this.rehash();
    if (this.charCount + raw.length > this.chars.length) {
      const chars = new Uint16Array(Math.max(this.chars.length * 2, this.charCount + raw.length));
      chars.set(this.chars);
      this.chars = chars;
    }
    const offset = this.charCount;
    for (let k = 0; k < raw.length; k++) this.chars[offset + k] = raw.charCodeAt(k);
    this.charCount += raw.length;
    this.raws.push(raw);
    this.place(this.slots, this.mask, hash, id + 1, offset, raw.length);
    return id;
  }

  private place(
    slots: Int32Array,
    mask: number,
    hash: number,
    idPlus1: number,
    offset: number,
    length: number,
  ) {
    let s = hash & mask;
    while (slots[s * 4 + 1] !== 0) s = (s + 1) & mask;
    slots[s * 4] = hash;
    slots[s * 4 + 1] = idPlus1;
    slots[s * 4 + 2] = offset;
    slots[s * 4 + 3] = length;
  }

  private rehash() {
    const old = this.slots;
    this.mask = this.mask * 2 + 1;
    this.slots = new Int32Array((this.mask + 1) * 4);
    for (let at = 0; at < old.length; at += 4) {
      if (old[at + 1] !== 0)
        this.place(this.slots, this.mask, old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
    }
  }
}

/**
 * The spellings seen in papers. Per word, STRIDE numbers of data: the form numbers (-1 when no pattern
 * uses the form) of its stem, lower case, singular and case-sensitive keys, then up to three buckets.
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

// Memory stays bounded on a long-running service worker: past this many spellings, start again.
const WORD_LIMIT = 100_000;

export class WordTable extends StringTable {
  constructor() {
    super(STRIDE);
  }

  /** Called before the texts of one paper are scanned, so the ids of all its words stay valid together. */
  trim() {
    if (this.count >= WORD_LIMIT) this.clear();
  }
}
