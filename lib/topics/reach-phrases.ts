import { stemWord } from '../text/tokens';
import type { FieldScan } from './matching/field-scan';
import type { WordTable } from './matching/word-table';

/** Marks a case-sensitive spelling among a phrase word's alternatives (reach.ts tokenStems: an acronym). */
export const RAW = '\u0001';

/** Between two fields: no phrase spans it, not even its "any word". */
const BOUNDARY = -2;

/**
 * The phrases a reach test looks for (reach-test.ts), each once, as numbers: per word, the numbers of the
 * stems it can have (empty: any word). A paper is matched against them all at once: its words become stem
 * numbers, and only the phrases whose first word is among them are tried, in a row in one field.
 */
export class PhraseTable {
  private readonly ids = new Map<string, number>();
  readonly stems = new Map<string, number>();
  readonly phrases: Int32Array[][] = [];

  /** The phrase's number (the same for the same phrase). */
  add(phrase: readonly (readonly string[])[]): number {
    const key = JSON.stringify(phrase);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.phrases.length;
      this.ids.set(key, id);
      this.phrases.push(phrase.map((alternatives) => Int32Array.from(alternatives, (s) => this.stem(s))));
    }
    return id;
  }

  private stem(s: string): number {
    let n = this.stems.get(s);
    if (n === undefined) {
      n = this.stems.size;
      this.stems.set(s, n);
    }
    return n;
  }

  /** A matcher of papers against the phrases added so far. */
  paper(): PaperMatch {
    return new PaperMatch(this);
  }
}

/** One paper at a time (reused): its words as stem numbers, and which phrases can hit in it. */
export class PaperMatch {
  private readonly phrases: Int32Array[][];
  private readonly stems: ReadonlyMap<string, number>;
  /** Per stem number, the phrases whose first word can be it. */
  private readonly byFirst: number[][];
  private readonly seen: Uint32Array;
  private readonly present: Int32Array;
  private presentCount = 0;
  private readonly tried: Uint32Array;
  private readonly hit: Uint32Array;
  private stamp = 0;
  /** The paper's words as stem numbers (-1: no phrase's), title then abstract, with BOUNDARY after each. */
  private words = new Int32Array(1024);
  /** The same for case-sensitive spellings (RAW keys: an acronym of the pack), -1 for most words. */
  private raws = new Int32Array(1024);
  private length = 0;
  /** Per stem number its last position in `words` (valid when seen), and per position the one before. */
  private readonly lastAt: Int32Array;
  private before = new Int32Array(1024);
  private beforeRaw = new Int32Array(1024);
  private readonly isRaw: Uint8Array;
  /** Per word id of the word table, its stem number (-1: no phrase's), for the table's generation. */
  private byWord = new Int32Array(1024).fill(-2);
  private rawByWord = new Int32Array(1024).fill(-2);
  private generation = -1;

  constructor(table: PhraseTable) {
    this.phrases = table.phrases;
    this.stems = table.stems;
    this.byFirst = Array.from({ length: table.stems.size }, () => []);
    table.phrases.forEach((phrase, id) => {
      for (const n of new Set(phrase[0]!)) this.byFirst[n]!.push(id);
    });
    this.seen = new Uint32Array(table.stems.size);
    this.lastAt = new Int32Array(table.stems.size);
    this.isRaw = new Uint8Array(table.stems.size);
    for (const [key, n] of table.stems) if (key.startsWith(RAW)) this.isRaw[n] = 1;
    this.present = new Int32Array(table.stems.size);
    this.tried = new Uint32Array(table.phrases.length);
    this.hit = new Uint32Array(table.phrases.length);
  }

  /** A new paper, whose words will be ids of `words`. */
  start(words: WordTable) {
    this.stamp++;
    this.presentCount = 0;
    this.length = 0;
    if (words.generation !== this.generation) {
      this.generation = words.generation;
      this.byWord.fill(-2);
      this.rawByWord.fill(-2);
    }
  }

  /** The words of the next field (title, then abstract), as split into `scan`. */
  field(scan: FieldScan, words: WordTable) {
    if (words.count > this.byWord.length) {
      this.byWord = grown(this.byWord, Math.max(words.count, this.byWord.length * 2), -2);
      this.rawByWord = grown(this.rawByWord, this.byWord.length, -2);
    }
    const need = this.length + scan.wordCount + 1;
    if (this.words.length < need) {
      this.words = grown(this.words, need * 2);
      this.raws = grown(this.raws, need * 2);
      this.before = grown(this.before, need * 2);
      this.beforeRaw = grown(this.beforeRaw, need * 2);
    }
    for (let i = 0; i < scan.wordCount; i++) {
      const id = scan.words[i]!;
      if (this.byWord[id] === -2) {
        const raw = words.raws[id]!;
        this.byWord[id] = this.stems.get(stemWord(raw)) ?? -1;
        this.rawByWord[id] = this.stems.get(RAW + raw) ?? -1;
      }
      const at = this.length++;
      this.words[at] = this.note(this.byWord[id]!, at, this.before);
      this.raws[at] = this.note(this.rawByWord[id]!, at, this.beforeRaw);
    }
    this.words[this.length] = BOUNDARY;
    this.raws[this.length++] = BOUNDARY;
  }

  /** Marks number n (if any) as present at `at`, chaining its earlier place in `before`. */
  private note(n: number, at: number, before: Int32Array): number {
    if (n < 0) return n;
    if (this.seen[n] !== this.stamp) {
      this.seen[n] = this.stamp;
      this.present[this.presentCount++] = n;
      before[at] = -1;
    } else before[at] = this.lastAt[n]!;
    this.lastAt[n] = at;
    return n;
  }

  /** Tries the phrases that start with one of the paper's stems (after both fields). */
  match() {
    this.hitCount = 0;
    for (let s = 0; s < this.presentCount; s++) {
      for (const id of this.byFirst[this.present[s]!]!) {
        if (this.tried[id] === this.stamp) continue;
        this.tried[id] = this.stamp;
        if (!this.inARow(this.phrases[id]!)) continue;
        this.hit[id] = this.stamp;
        if (this.hitCount === this.hitIds.length) this.hitIds = grown(this.hitIds, this.hitCount * 2);
        this.hitIds[this.hitCount++] = id;
      }
    }
  }

  /** Whether the phrase can hit in the paper (after `match`). */
  readonly holds = (id: number): boolean => this.hit[id] === this.stamp;

  /** The phrases that can hit in the paper (after `match`): hitIds[0 .. hitCount). */
  hitIds = new Int32Array(64);
  hitCount = 0;

  private inARow(phrase: Int32Array[]): boolean {
    // Most phrases fail here: a word of theirs is nowhere in the paper.
    for (const alternatives of phrase) {
      let any = alternatives.length === 0;
      for (let a = 0; a < alternatives.length && !any; a++) any = this.seen[alternatives[a]!] === this.stamp;
      if (!any) return false;
    }
    // Then from each place its first word is at (a phrase never starts with "any word").
    const { words, raws } = this;
    for (const first of phrase[0]!) {
      if (this.seen[first] !== this.stamp) continue;
      const before = this.isRaw[first] ? this.beforeRaw : this.before;
      for (let at = this.lastAt[first]!; at >= 0; at = before[at]!) {
        if (at + phrase.length > this.length) continue;
        let k = 1;
        while (k < phrase.length) {
          const w = words[at + k]!;
          const alternatives = phrase[k]!;
          if (w === BOUNDARY) break;
          if (alternatives.length > 0 && !alternatives.includes(w) && !alternatives.includes(raws[at + k]!))
            break;
          k++;
        }
        if (k === phrase.length) return true;
      }
    }
    return false;
  }
}

function grown(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size).fill(fill);
  b.set(a);
  return b;
}
