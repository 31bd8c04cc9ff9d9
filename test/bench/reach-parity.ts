/**
 * Checks the re-tag that touches only what changed against the full re-tag, on the real corpus: for each
 * change of CHANGES (reach-variants.ts), every paper the two packs tag differently (ids, scores or order of
 * the stored tags) must be one the reach test reaches, and every paper the reach test reaches one the search
 * index's words and neighbouring words list (lib/topics/reach-docs.ts: the rows a re-tag reads). Prints per change how many papers
 * the change reaches, how many the words list, how many it re-tags differently, and fails (exit 1) on a
 * paper changed but not reached, or reached but not listed.
 *   npx tsx test/bench/reach-parity.ts [weeks=52]
 */
import { docTerms } from '@/lib/search/search-tokens';
import { hasPairBit, PAIR_BYTES, writePairs } from '@/lib/search/word-pairs';
import { termIsWord, wordBuckets } from '@/lib/search/word-postings';
import { createCatalog } from '@/lib/topics/catalog';
import { taggingState } from '@/lib/topics/reach';
import { reachDocs } from '@/lib/topics/reach-docs';
import { changedTopics, reachTest } from '@/lib/topics/reach-test';
import { CHANGES, variantPack } from './reach-variants';
import { corpusPapers } from './real-corpus';

const weeks = Number(process.argv[2] ?? 52);
const papers = corpusPapers({ weeks });
// The search index's terms as Node holds them: bucket -> term -> papers (their places in `papers`).
const byBucket = new Map<string, Map<string, number[]>>();
papers.forEach((paper, i) => {
  for (const term of docTerms(paper).weights.keys()) {
    const terms = byBucket.get(term.slice(0, 3)) ?? new Map<string, number[]>();
    byBucket.set(term.slice(0, 3), terms);
    terms.set(term, [...(terms.get(term) ?? []), i]);
  }
});
// Which words stand side by side (lib/search/word-pairs.ts), as the search index's pair blocks hold them.
const pairBits = new Uint8Array(papers.length * PAIR_BYTES);
papers.forEach((paper, i) => {
  writePairs(paper, pairBits, i * PAIR_BYTES);
});
const pairs = (doc: number, bit: number) => hasPairBit(pairBits, doc * PAIR_BYTES, bit);
const docsOf = (word: string) =>
  wordBuckets(word)?.flatMap(({ bucket, prefix }) =>
    [...byBucket]
      .filter(([b]) => (prefix ? b.startsWith(bucket) : b === bucket))
      .flatMap(([, terms]) => [...terms].filter(([t]) => termIsWord(t, word)).flatMap(([, docs]) => docs)),
  );
const key = (tags: { topicId: string; score: number }[]) =>
  tags.map((t) => `${t.topicId}:${t.score}`).join(',');
let failed = 0;
for (const change of CHANGES) {
  const oldPack = variantPack(change.old);
  const nowPack = variantPack(change.now);
  const diff = changedTopics(taggingState(oldPack, '', []), taggingState(nowPack, '', []));
  if (!diff) {
    console.log(`${change.name}: global change (full re-tag)`);
    continue;
  }
  const reaches = reachTest(nowPack, diff.reaches);
  const oldCatalog = createCatalog(oldPack);
  const nowCatalog = createCatalog(nowPack);
  let reached = 0;
  let differ = 0;
  let missed = 0;
  const start = performance.now();
  for (const paper of papers) if (reaches(paper)) reached++;
  const testMs = performance.now() - start;
  const byWords = reachDocs(diff, docsOf, papers.length);
  const listed = reachDocs(diff, docsOf, papers.length, pairs);
  const inList = new Set(listed ?? papers.map((_, i) => i));
  // Rows holding a changed topic are listed apart (reach-candidates.ts): only the reach test's are checked.
  const unlisted = papers.filter((paper, i) => reaches(paper) && !inList.has(i)).length;
  failed += unlisted;
  for (const paper of papers) {
    const reach = reaches(paper);
    if (key(oldCatalog.tagScores(paper)) === key(nowCatalog.tagScores(paper))) continue;
    differ++;
    if (!reach) {
      missed++;
      if (missed <= 5)
        console.log(
          `  MISSED ${paper.id}: ${key(oldCatalog.tagScores(paper))} -> ${key(nowCatalog.tagScores(paper))}`,
        );
    }
  }
  failed += missed;
  console.log(
    `${change.name}: changed topics ${diff.ids.join(', ')}; papers ${papers.length}, reached ${reached} (${((100 * reached) / papers.length).toFixed(1)}%), listed by the words ${byWords ? byWords.length : 'all'}, by the words and their neighbours ${listed ? listed.length : 'all'}, reached but not listed ${unlisted}, tagged differently ${differ}, differently but not reached ${missed}; reach test ${testMs.toFixed(0)} ms`,
  );
}
process.exit(failed ? 1 : 0);
