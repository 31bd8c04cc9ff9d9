/**
 * `npm run eval`: tagging quality. Reads paper text from ../shared at run time (override with
 * PULSE_SHARED=/path/to/shared) and exits non-zero when it is absent; not part of `npm test`.
 *
 * 1. The labelled time split (test/eval/labels/): TRAIN = announced before 2026-01-01, TEST = 2026-01..03.
 *    Tune on TRAIN only; TEST is reported at the end of a change, never used to choose between rules.
 * 2. The agreement of two independent labellings (labels/second-pass.jsonl).
 * 3. The reference topic page's papers, and the older 266-paper hand-labelled CS day.
 * 4. The judged set (labels/judged/): TRAIN-month papers judged whole against the catalogue (eval-judged.ts).
 *
 * `npm run eval -- --errors` also lists the TRAIN split's false positives and negatives per topic.
 * `npm run eval -- --train` computes the TRAIN split and the TRAIN-month chip review only: what tuning reads.
 */
import { existsSync } from 'node:fs';
import type { TaggableText } from '../../lib/paper';
import { type CompiledPack, loadPack } from '../../lib/topics/load-pack';
import { tagPaper } from '../../lib/topics/tagger';
import { evalChips } from './eval-chips';
import { evalFresh } from './eval-fresh';
import { evalJudged } from './eval-judged';
import { evalOldSet, evalReference } from './eval-legacy';
import { evalPooled } from './eval-pooled';
import { evalSplit } from './eval-split';
import { SHARED } from './labelset';
import { rulesOnlyPack } from './train/judged-dataset';

const SHOW_ERRORS = process.argv.includes('--errors');
/** `--train`: the TRAIN split and the TRAIN-month chip review only, for tuning (TEST is not even computed). */
const TRAIN_ONLY = process.argv.includes('--train');

function main() {
  if (!existsSync(SHARED)) {
    console.error(`eval: shared data not found at ${SHARED} (expected beside the project; set PULSE_SHARED)`);
    process.exit(2);
  }
  const pack = loadPack();
  const rules = rulesOnlyPack();
  const fineOf = (p: CompiledPack) => (paper: TaggableText) =>
    tagPaper(paper, p)
      .filter((t) => p.byId.get(t.topicId)?.kind === 'fine')
      .map((t) => t.topicId);
  const fine = fineOf(pack);
  console.log(`Topic pack ${pack.version}: ${pack.rules.length} fine topics`);
  // The rules alone first (for comparison), then what the product tags: rules and the learned layer.
  evalSplit(
    [
      { name: 'rules only', predict: fineOf(rules) },
      { name: 'rules+model', predict: fine },
    ],
    SHOW_ERRORS,
    TRAIN_ONLY ? ['train'] : ['train', 'test'],
  );
  evalJudged(pack, fine, SHOW_ERRORS);
  if (TRAIN_ONLY) {
    evalChips(pack, 'train', SHOW_ERRORS);
    return;
  }
  evalReference(pack, fine, SHOW_ERRORS);
  const ancestors = (id: string): string[] =>
    (pack.byId.get(id)?.parents ?? []).flatMap((p) => [p, ...ancestors(p)]);
  evalOldSet(fine, ancestors, SHOW_ERRORS);
  evalChips(pack, 'train', SHOW_ERRORS);
  evalChips(pack, 'test', SHOW_ERRORS);
  evalFresh(pack, SHOW_ERRORS);
  evalPooled(pack);
}

main();
