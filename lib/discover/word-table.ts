import { normalizeText } from '../text/words';
import { canEdge, canInner, isNumber } from './phrase-edges';
import { RawWords } from './raw-words';
import { foldWord, forEachWordSpan, isJoin } from './tokens';

/** Ends a segment in an encoded text: no phrase crosses it. */
export const SEP = -1;
/**
 * Sits between the parts of a hyphenated compound ("feed-forward", "open-vocabulary") or a dotted number
 * ("Qwen2.5"): a phrase may run
 * through it but not start or end at it, so "forward 3D" and "vocabulary object" are no phrases.
 */
export const JOIN = -2;

const FIRST = 1; // may start a phrase
const LAST = 2; // may end a phrase
const INNER = 4; // may sit inside a phrase
const ALONE = 8; // may be a phrase of one word

/**
 * Words as small integers: each distinct folded word ("llm", "gaussian") gets an id once, with what it may
 * be in a phrase (start, end, inside, alone) worked out once. Texts are encoded to arrays of ids, so
 * counting phrases compares numbers, not strings.
 */
export class WordTable {
  private readonly ids = new Map<string, number>();
  /** As-written word -> 2 * id of its folded form + 1 when it is written like a name: one lookup per word. */
  private readonly rawIds = new RawWords();
  private readonly codeOf = (raw: string) => 2 * this.id(foldWord(raw)) + (NAME_SHAPED.test(raw) ? 1 : 0);
  /** Per folded word: occurrences, and occurrences written like a name ("GRPO", "Qwen3", "BM25"). */
  private seen = new Int32Array(1024);
  private named = new Int32Array(1024);
  private scratch = new Int32Array(1024);
  readonly keys: string[] = [];
  private readonly flags: number[] = [];

  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
      if (id === this.seen.length) {
        this.seen = grown(this.seen);
        this.named = grown(this.named);
      }
      this.flags.push(
        (canEdge(key, true) ? FIRST : 0) |
          (canEdge(key, false) ? LAST : 0) |
          (canInner(key) ? INNER : 0) |
          (canEdge(key, true) && canEdge(key, false) && !isNumber(key) ? ALONE : 0),
      );
    }
    return id;
  }

  /** Whether the word is mostly written like a name (a capital after the first letter, or a digit). */
  isNameLike(id: number): boolean {
    // A word never read (only named, as an alias's) counts as seen once.
    return 2 * (this.named[id] ?? 0) >= (this.seen[id] || 1);
  }

  lookup(key: string): number | undefined {
    return this.ids.get(key);
  }

  canStart(id: number): boolean {
    return (this.flags[id]! & FIRST) !== 0;
  }
  canEnd(id: number, alone: boolean): boolean {
    return (this.flags[id]! & (alone ? ALONE : LAST)) !== 0;
  }
  canInner(id: number): boolean {
    return (this.flags[id]! & INNER) !== 0;
  }

  /** A text as word ids, segments separated by SEP. */
  encode(written: string): Int32Array {
    const text = normalizeText(written);
    // Ids are written to one reused buffer and copied out once: a growing array a text was a good part
    // of the garbage of encoding 50,000 papers.
    let out = this.scratch;
    let n = 0;
    let end = -1;
    forEachWordSpan(text, (start, wordEnd) => {
      if (n + 2 > out.length) out = this.growScratch();
      if (start === wordEnd) {
        if (n > 0 && out[n - 1] !== SEP) out[n++] = SEP;
        return;
      }
      if (start === end + 1 && n > 0 && out[n - 1]! >= 0 && isJoin(text, end)) out[n++] = JOIN;
      end = wordEnd;
      const coded = this.rawIds.lookup(text, start, wordEnd, this.codeOf);
      const id = coded >> 1;
      this.seen[id]!++;
      if (coded & 1) this.named[id]!++;
      out[n++] = id;
    });
    if (n > 0 && out[n - 1] === SEP) n--;
    return out.slice(0, n);
  }

  private growScratch() {
    const grown = new Int32Array(2 * this.scratch.length);
    grown.set(this.scratch);
    this.scratch = grown;
    return grown;
  }
}

// "GRPO", "VGGT", "YouCook2", "BM25", "3D": a capital after the first character, or a digit.
const NAME_SHAPED = /^.+[A-Z]|\d/;

function grown(counts: Int32Array) {
  const bigger = new Int32Array(2 * counts.length);
  bigger.set(counts);
  return bigger;
}
