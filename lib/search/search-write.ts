import type { IDBPObjectStore, StoreNames } from 'idb';
import type { IndexedPaper, PaperPulseDB, StoredPaper } from '../store/schema';
import { closeSlots, DOC_BLOCK, type DocSlots, docBlockOf, openSlots } from './doc-blocks';
import { appendPostings, postingBlockOf } from './postings';
import { type SearchState, topicNumber } from './search-state';
import { bucketOf, docTerms } from './search-tokens';
import { PAIR_BYTES, writePairs } from './word-pairs';

type Store<N extends StoreNames<PaperPulseDB>> = IDBPObjectStore<
  PaperPulseDB,
  StoreNames<PaperPulseDB>[],
  N,
  'readwrite'
>;

/** The search index's stores, named for a transaction. */
export const SEARCH_STORES = ['searchPostings', 'searchDocs', 'searchPairs'] as const;

/** The search index's stores inside the caller's read-write transaction. */
export interface SearchStores {
  postings: Store<'searchPostings'>;
  docs: Store<'searchDocs'>;
  pairs: Store<'searchPairs'>;
}

/** The search index's stores of a read-write transaction that holds them. */
export function searchStores(tx: {
  objectStore<N extends (typeof SEARCH_STORES)[number]>(name: N): Store<N>;
}): SearchStores {
  return {
    postings: tx.objectStore('searchPostings'),
    docs: tx.objectStore('searchDocs'),
    pairs: tx.objectStore('searchPairs'),
  };
}

/** A paper about to be written, and the row it replaces (if any). */
export interface SearchEntry {
  paper: IndexedPaper;
  old?: StoredPaper | undefined;
}

/**
 * Brings the search index in line with papers being written, inside the caller's transaction (so the index
 * never says what the papers store does not): a paper whose words are already indexed under its number keeps
 * it (only its time and topics are updated: a re-tag writes no postings); a new paper, or one whose text
 * changed, gets the next number and its postings appended (the old number's slot is freed). Sets `doc` on each
 * paper and changes `state` (the caller writes it). Only requests of the transaction are awaited. Returns
 * how many papers got postings.
 */
export async function indexForSearch(
  stores: SearchStores,
  state: SearchState,
  entries: readonly SearchEntry[],
): Promise<number> {
  const numbers = new Map(state.topics.map((t, i) => [t, i]));
  const blocks = new Map<number, DocSlots>();
  const dirty = new Set<number>();
  const load = async (wanted: Iterable<number>) => {
    const missing = [...new Set(wanted)].filter((b) => !blocks.has(b));
    const records = await Promise.all(missing.map((b) => stores.docs.get(b)));
    missing.forEach((b, i) => {
      blocks.set(b, openSlots(records[i], b));
    });
  };
  const slot = (doc: number) => ({ slots: blocks.get(docBlockOf(doc))!, at: doc % DOC_BLOCK });
  const describe = (doc: number, paper: IndexedPaper, length?: number) => {
    const { slots, at } = slot(doc);
    slots.ids[at] = paper.id;
    slots.published[at] = paper.published;
    slots.topics[at] = (paper.topics ?? []).map((t) => topicNumber(state, t, numbers));
    if (length !== undefined) slots.lengths[at] = length;
    dirty.add(slots.block);
  };

  await load(entries.flatMap((e) => (e.old?.doc === undefined ? [] : [docBlockOf(e.old.doc)])));
  const fresh: { doc: number; paper: IndexedPaper }[] = [];
  for (const { paper, old } of entries) {
    const oldDoc = old?.doc;
    const current = oldDoc !== undefined && slot(oldDoc).slots.ids[slot(oldDoc).at] === paper.id;
    if (current && sameText(old!, paper)) {
      paper.doc = oldDoc;
      describe(oldDoc, paper);
      continue;
    }
    if (current) {
      const { slots, at } = slot(oldDoc);
      state.live--;
      state.totalLength -= slots.lengths[at]!;
      slots.ids[at] = '';
      slots.topics[at] = [];
      dirty.add(slots.block);
    }
    paper.doc = state.nextDoc++;
    fresh.push({ doc: paper.doc, paper });
  }

  await load(fresh.map((f) => docBlockOf(f.doc)));
  // term lists per (posting block, bucket), documents ascending (numbers were handed out in order).
  const additions = new Map<string, Map<string, [number, number][]>>();
  for (const { doc, paper } of fresh) {
    const { weights, length } = docTerms(paper);
    describe(doc, paper, length);
    state.live++;
    state.totalLength += length;
    const block = postingBlockOf(doc);
    for (const [term, weight] of weights) {
      const key = `${block}|${bucketOf(term)}`;
      const terms = additions.get(key) ?? new Map<string, [number, number][]>();
      additions.set(key, terms);
      const list = terms.get(term) ?? [];
      terms.set(term, list);
      list.push([doc, weight]);
    }
  }
  const keys = [...additions.keys()].map((k) => {
    const bar = k.indexOf('|');
    return [Number(k.slice(0, bar)), k.slice(bar + 1)] as [number, string];
  });
  const previous = await Promise.all(keys.map((key) => stores.postings.get(key)));
  keys.forEach(([block, bucket], i) => {
    void stores.postings.put(
      appendPostings(previous[i], block, bucket, additions.get(`${block}|${bucket}`)!),
    );
  });
  for (const block of dirty) void stores.docs.put(closeSlots(blocks.get(block)!));
  await writeFreshPairs(stores.pairs, fresh);
  return fresh.length;
}

/** Records which words stand side by side in the newly numbered papers (word-pairs.ts). */
async function writeFreshPairs(
  store: Store<'searchPairs'>,
  fresh: readonly { doc: number; paper: IndexedPaper }[],
) {
  const wanted = [...new Set(fresh.map((f) => docBlockOf(f.doc)))];
  const records = await Promise.all(wanted.map((b) => store.get(b)));
  const byBlock = new Map(
    wanted.map((block, i) => [block, records[i] ?? { block, bits: new Uint8Array(DOC_BLOCK * PAIR_BYTES) }]),
  );
  for (const { doc, paper } of fresh)
    writePairs(paper, byBlock.get(docBlockOf(doc))!.bits, (doc % DOC_BLOCK) * PAIR_BYTES);
  for (const record of byBlock.values()) void store.put(record);
}

function sameText(a: StoredPaper, b: IndexedPaper): boolean {
  return (
    a.title === b.title &&
    a.abstract === b.abstract &&
    a.authors.length === b.authors.length &&
    a.authors.every((x, i) => x === b.authors[i])
  );
}
