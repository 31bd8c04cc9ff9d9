/**
 * Checks the re-tag that touches only what changed against the full re-tag, on the real corpus: for each
 * change of CHANGES (reach-variants.ts), every paper the two packs tag differently (ids, scores or order of
 * the stored tags) must be one the reach test reaches. Prints per change how many papers the change
 * reaches, how many it re-tags differently, and fails (exit 1) on a paper changed but not reached.
 *   npx tsx test/bench/reach-parity.ts [weeks=52]
 */
import { createCatalog } from '@/lib/topics/catalog';
import { taggingState } from '@/lib/topics/reach';
import { changedTopics, reachTest } from '@/lib/topics/reach-test';
import { CHANGES, variantPack } from './reach-variants';
import { corpusPapers } from './real-corpus';

const weeks = Number(process.argv[2] ?? 52);
const papers = corpusPapers({ weeks });
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
    `${change.name}: changed topics ${diff.ids.join(', ')}; papers ${papers.length}, reached ${reached} (${((100 * reached) / papers.length).toFixed(1)}%), tagged differently ${differ}, differently but not reached ${missed}; reach test ${testMs.toFixed(0)} ms`,
  );
}
process.exit(failed ? 1 : 0);
