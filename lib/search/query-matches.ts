import { type PostingBucket, readPostings, type TermPostings } from './postings';

/** What a word counts for when it only starts an indexed word (MiniSearch's 0.375). */
const PREFIX_WEIGHT = 0.375;
/**
 * In an 'or' query, a paper that matches only words each matching more than this share of the index is not
 * a candidate (unless every word is that common); the candidates' scores still count those words. Such a
 * word's idf is under log(1 + 1/COMMON_SHARE) ~ 1.6, so a paper holding none of the rarer words ranks low,
 * but those papers made most of what a question of common words read and scored (the document blocks of
 * most of the index).
 */
export const COMMON_SHARE = 0.25;

/** One indexed word a query word matched: its BM25 factor (idf, less for a prefix) and its postings, by block. */
export interface TermMatches {
  factor: number;
  lists: TermPostings[];
}

/** A query word's matches per indexed word, and how many documents it matches. */
export interface WordMatches {
  terms: TermMatches[];
  count: number;
}

/**
 * Scratch marks by document number, kept between queries (a year's index is 150,000 numbers: a fresh array
 * a query was most of its garbage). A mark is valid only when it equals a value handed out by `stamp` in the
 * same synchronous run; older values can never equal a new one, so nothing needs clearing.
 */
let marks = new Uint32Array(0);
let last = 0;

function scratch(size: number): Uint32Array {
  if (marks.length < size || last > 0xfffff000) {
    marks = new Uint32Array(Math.max(size, Math.ceil(marks.length * 1.25)));
    last = 0;
  }
  return marks;
}

/**
 * Decoded lists by record and query word: a cached record's lists are decoded once, not every query (the
 * record cache drops a record, and its lists with it, when a write changes the index).
 */
const decoded = new WeakMap<PostingBucket, Map<string, TermPostings[]>>();

function listsOf(record: PostingBucket, word: string): TermPostings[] {
  let byWord = decoded.get(record);
  if (!byWord) {
    byWord = new Map();
    decoded.set(record, byWord);
  }
  let lists = byWord.get(word);
  if (!lists) {
    lists = readPostings(record, word, true);
    byWord.set(word, lists);
  }
  return lists;
}

/**
 * A query word's postings grouped by the indexed word they are of, each with its factor (BM25's idf over
 * N papers), and how many documents below `nextDoc` the word matches. Synchronous (uses the scratch marks).
 */
export function wordMatches(
  records: readonly PostingBucket[],
  word: string,
  N: number,
  nextDoc: number,
): WordMatches {
  const byTerm = new Map<string, TermPostings[]>();
  for (const record of records) {
    for (const list of listsOf(record, word)) {
      const lists = byTerm.get(list.term);
      if (lists) lists.push(list);
      else byTerm.set(list.term, [list]);
    }
  }
  const seen = scratch(nextDoc);
  const stamp = ++last;
  let count = 0;
  const terms: TermMatches[] = [];
  for (const [term, lists] of byTerm) {
    let df = 0;
    for (const list of lists) df += list.docs.length;
    const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
    terms.push({ factor: (term === word ? 1 : PREFIX_WEIGHT) * idf, lists });
    for (const { docs } of lists) {
      for (let i = 0; i < docs.length; i++) {
        if (seen[docs[i]!] === stamp) continue;
        seen[docs[i]!] = stamp;
        count++;
      }
    }
  }
  return { terms, count };
}

/** The words' matches, less those of words matching over COMMON_SHARE of the N papers (all if every one does). */
export function withoutCommon(perWord: WordMatches[], N: number): WordMatches[] {
  const kept = perWord.filter((matches) => matches.count <= COMMON_SHARE * N);
  return kept.length > 0 ? kept : perWord;
}

/**
 * Documents matching every word ('and') or any ('or'), each once. 'and' marks the documents of the rarest
 * word, then keeps those each next word also holds, one pass a word. Synchronous (uses the scratch marks).
 */
export function combine(perWord: readonly WordMatches[], mode: 'and' | 'or', nextDoc: number): number[] {
  const seen = scratch(nextDoc);
  const out: number[] = [];
  if (mode === 'or') {
    const stamp = ++last;
    for (const { terms } of perWord) {
      for (const docs of docLists(terms)) {
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i]!;
          if (seen[doc] === stamp) continue;
          seen[doc] = stamp;
          out.push(doc);
        }
      }
    }
    return out;
  }
  const order = [...perWord].sort((a, b) => a.count - b.count);
  // A document that holds the first i + 1 words is marked base + i; the ones taken, base + words.
  const base = last + 1;
  last += order.length + 1;
  order.forEach(({ terms }, w) => {
    for (const docs of docLists(terms)) {
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        if (w === 0 || seen[doc] === base + w - 1) seen[doc] = base + w;
      }
    }
  });
  const all = base + order.length - 1;
  for (const docs of docLists(order[0]!.terms)) {
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      if (seen[doc] !== all) continue;
      seen[doc] = last;
      out.push(doc);
    }
  }
  return out;
}

function docLists(terms: readonly TermMatches[]): ArrayLike<number>[] {
  return terms.flatMap(({ lists }) => lists.map((l) => l.docs));
}
