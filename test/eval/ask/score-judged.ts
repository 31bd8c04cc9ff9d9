/**
 * Re-answers the development sets offline and counts the shown sentences by the judges' verdicts, so a
 * change to lib/ask/ can be checked in seconds. A development aid, not a judgment: sentences the judges never
 * saw are counted as unjudged, and tuning to these questions overfits them.
 *
 *   PULSE_SHARED=/work/shared npm run -s eval:ask -- --json SET1_JSON
 *   PULSE_SHARED=/work/shared npm run -s eval:ask -- --questions test/eval/ask/questions-2.json --json SET2_JSON
 *   PULSE_SHARED=/work/shared npm run -s eval:ask -- --questions test/eval/ask/questions-3.json --json SET3_JSON
 *   npx tsx test/eval/ask/score-judged.ts SET1_JSON SET2_JSON [SET3_JSON [SET4_JSON [SET5_JSON [SET6_JSON [SET7_JSON]]]]] [-v]
 *
 * A set's file given as "_" is skipped (score set 5 alone: _ _ _ _ SET5_JSON).
 */
import { extractAnswer } from '../../../lib/ask/extractive';
import { type DevSet, judgedSet, verdictOf } from './judged-sets';

const files = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (files.length < 2 || files.length > 7)
  throw new Error(
    'usage: score-judged.ts SET1_JSON SET2_JSON [SET3_JSON [SET4_JSON [SET5_JSON [SET6_JSON [SET7_JSON]]]]] [-v]',
  );
const sets = files.flatMap((f, n) => (f === '_' ? [] : [judgedSet((n + 1) as DevSet, f)]));
for (const questions of sets) {
  const count = { answers: 0, not: 0, split: 0, unjudged: 0, refusedRight: 0, refusedWrong: 0 };
  for (const run of questions) {
    const answer = extractAnswer(run.question, run.read);
    if (!answer.answered) count[run.top5Answers ? 'refusedWrong' : 'refusedRight']++;
    for (const text of answer.groups.flatMap((g) => g.sentences)) {
      const mark = verdictOf(run, text) ?? 'unjudged';
      count[mark]++;
      if (process.argv.includes('-v'))
        console.log(`S${run.set} Q${run.q + 1} ${mark.padEnd(8)} ${text.slice(0, 130)}`);
    }
  }
  console.log(`set ${questions[0]!.set}`, JSON.stringify(count));
}
