/**
 * Re-answers the development set offline and counts the shown sentences by the judges' verdicts, so a change
 * to lib/ask/extractive.ts can be checked in seconds. A development aid, not a judgment: sentences the judges
 * never saw are counted as unjudged, and tuning to these 30 questions overfits them.
 *
 *   PULSE_SHARED=/work/shared npm run -s eval:ask -- --json FILE   (once: the retrieved papers, with abstracts)
 *   npx tsx test/eval/ask/score-judged.ts FILE [-v]
 */
import { readFileSync } from 'node:fs';
import { extractAnswer, type SourcePaper } from '../../../lib/ask/extractive';

interface Judged {
  top5Answers: string[];
  sentences: { q: number; verdict: 'answers' | 'not'; text: string }[];
}
const file = process.argv[2];
if (!file) throw new Error('usage: score-judged.ts EVAL_JSON [-v]');
const runs = JSON.parse(readFileSync(file, 'utf8')) as { question: string; read?: SourcePaper[] }[];
const judged = JSON.parse(
  readFileSync(new URL('../results/ask-judged-sentences.json', import.meta.url), 'utf8'),
) as Judged;
const verdicts = new Map<string, Set<string>>();
for (const s of judged.sentences) {
  const key = `${s.q}\u0000${s.text}`;
  verdicts.set(key, (verdicts.get(key) ?? new Set()).add(s.verdict));
}
const count = { answers: 0, not: 0, split: 0, unjudged: 0, refusedRight: 0, refusedWrong: 0 };
for (const [q, run] of runs.entries()) {
  if (!run.read) throw new Error(`${file} has no abstracts: re-run eval:ask with this version`);
  const answer = extractAnswer(run.question, run.read);
  if (!answer.answered) count[judged.top5Answers[q] === 'no' ? 'refusedRight' : 'refusedWrong']++;
  for (const text of answer.groups.flatMap((g) => g.sentences)) {
    const v = verdicts.get(`${q}\u0000${text}`);
    const mark = !v ? 'unjudged' : v.size > 1 ? 'split' : v.has('answers') ? 'answers' : 'not';
    count[mark]++;
    if (process.argv.includes('-v')) console.log(`Q${q + 1} ${mark.padEnd(8)} ${text.slice(0, 140)}`);
  }
}
console.log(JSON.stringify(count));
