import type { IndexDb } from '../store/schema';
import { type PairDocs, reachDocs, reachVocabulary } from '../topics/reach-docs';
import type { TopicChange } from '../topics/reach-test';
import { DOC_BLOCK, docBlockOf, readDocBlock } from './doc-blocks';
import { postingBlockOf, readPostings } from './postings';
import { isCurrentSearch, searchState } from './search-state';
import { hasPairBit, PAIR_BYTES } from './word-pairs';
import { termIsWord, wordBuckets } from './word-postings';

/**
 * The ids of the stored papers a change of topics can reach (lib/topics/reach-test.ts), as far as the search
 * index's words and their neighbours tell (lib/topics/reach-docs.ts), with those holding a changed topic; sorted. A superset of
 * what the reach test passes: a re-tag reads these rows only. Undefined when the index cannot tell (not
 * built in the format in force, or the change's words do not narrow it): every row is read then.
 */
export async function reachCandidates(db: IndexDb, change: TopicChange): Promise<string[] | undefined> {
  const state = await searchState.read(db);
  if (!isCurrentSearch(state) || !state.build.done) return undefined;
  const [postings, pairs] = await Promise.all([
    wordPostings(db, reachVocabulary(change), state.nextDoc),
    pairDocs(db),
  ]);
  const docs = reachDocs(change, (word) => postings.get(word), state.nextDoc, pairs);
  if (!docs) return undefined;
  const changed = change.ids.flatMap((id) => (state.topics.includes(id) ? [state.topics.indexOf(id)] : []));
  const reached = new Uint8Array(state.nextDoc);
  for (const d of docs) reached[d] = 1;
  const ids: string[] = [];
  for (const record of await db.getAll('searchDocs')) {
    const view = readDocBlock(record);
    const base = record.block * DOC_BLOCK;
    view.ids.forEach((id, slot) => {
      // A free slot ('') is no paper: its number's postings are those of text since replaced.
      if (id === '') return;
      if (reached[base + slot] || changed.some((t) => view.hasTopic(slot, t))) ids.push(id);
    });
  }
  return ids.sort();
}

/** Whether a document may hold a pair of words side by side (word-pairs.ts); a block not written: maybe. */
async function pairDocs(db: IndexDb): Promise<PairDocs> {
  const blocks = new Map((await db.getAll('searchPairs')).map((r) => [r.block, r.bits]));
  return (doc, bit) => {
    const bits = blocks.get(docBlockOf(doc));
    return !bits || hasPairBit(bits, (doc % DOC_BLOCK) * PAIR_BYTES, bit);
  };
}

/** Per word, the documents the index lists under its terms (undefined: a word the index cannot list). */
async function wordPostings(
  db: IndexDb,
  words: ReadonlySet<string>,
  nextDoc: number,
): Promise<Map<string, number[] | undefined>> {
  const out = new Map<string, number[] | undefined>();
  const byBucket = new Map<string, { prefix: boolean; words: string[] }>();
  for (const word of words) {
    const buckets = wordBuckets(word);
    out.set(word, buckets && []);
    for (const { bucket, prefix } of buckets ?? []) {
      const entry = byBucket.get(bucket) ?? { prefix, words: [] };
      byBucket.set(bucket, entry);
      // One word's exact bucket may be another's prefix ("ai" for the acronym AI and the stem "ai"): read
      // as a prefix, it holds both (each word keeps only its own terms).
      entry.prefix ||= prefix;
      entry.words.push(word);
    }
  }
  const blocks = nextDoc === 0 ? 0 : postingBlockOf(nextDoc - 1) + 1;
  const tx = db.transaction('searchPostings');
  const reads: Promise<void>[] = [];
  for (const [bucket, { prefix, words: wanted }] of byBucket) {
    for (let block = 0; block < blocks; block++) {
      const range = prefix
        ? IDBKeyRange.bound([block, bucket], [block, `${bucket}\uffff`])
        : IDBKeyRange.only([block, bucket]);
      reads.push(
        tx.store.getAll(range).then((records) => {
          for (const record of records) {
            for (const term of record.terms) {
              const of = wanted.filter((w) => termIsWord(term, w));
              if (of.length === 0) continue;
              const [list] = readPostings(record, term, false);
              for (const w of of) for (const d of list!.docs) out.get(w)!.push(d);
            }
          }
        }),
      );
    }
  }
  await Promise.all(reads);
  await tx.done;
  return out;
}
