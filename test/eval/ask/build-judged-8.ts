/**
 * Writes test/eval/results/ask-judged-sentences-8.json: set 8's shown sentences (the answer sheets
 * ask-answers-set8-main.md and ask-answers-set8-askpick.md) with the verdicts the reader gave them in
 * ask-judged-11.jsonl and ask-judged-12.jsonl, in the order the sheets show them. A transcription of the
 * reader's verdicts, not a new verdict; the reader's notes (better sentences named in prose) are not
 * transcribed for this set.
 *
 *   npx tsx test/eval/ask/build-judged-8.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';

const RESULTS = new URL('../results/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, RESULTS), 'utf8');

interface Judgment {
  question: number;
  sentences: ('answers' | 'not')[];
  top5Answers: 'yes' | 'no';
}

/** The sheet's shown sentences per question (0-based): [paper, text] in the order shown. */
function shown(sheet: string): Map<number, [string, string][]> {
  const out = new Map<number, [string, string][]>();
  const parts = read(sheet).split(/\n## Q(\d+) /);
  for (let i = 1; i < parts.length; i += 2) {
    const answer = parts[i + 1]!.split('\nAnswer:')[1] ?? '';
    const lines = [...answer.matchAll(/^\s*- \[(\S+)\] (.*)$/gm)].map(
      (m) => [m[1]!, m[2]!] as [string, string],
    );
    out.set(Number(parts[i]) - 1, lines);
  }
  return out;
}

const SHEETS = [
  ['ask-answers-set8-main.md', 'ask-judged-11.jsonl', 'main'],
  ['ask-answers-set8-askpick.md', 'ask-judged-12.jsonl', 'askpick'],
] as const;

const records = new Map<
  string,
  { q: number; paper: string; verdict: string; text: string; sheets: string[] }
>();
let top5: string[] = [];
for (const [sheet, verdicts, name] of SHEETS) {
  const lines = shown(sheet);
  const judged = read(verdicts)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Judgment);
  top5 = judged.map((j) => j.top5Answers);
  for (const j of judged) {
    const sentences = lines.get(j.question) ?? [];
    if (sentences.length !== j.sentences.length)
      throw new Error(`${sheet} Q${j.question + 1}: count differs`);
    sentences.forEach(([paper, text], n) => {
      const verdict = j.sentences[n]!;
      const key = `${j.question}\u0000${text}\u0000${verdict}`;
      const before = records.get(key);
      if (before) before.sheets.push(name);
      else records.set(key, { q: j.question, paper, verdict, text, sheets: [name] });
    });
  }
}
const sentences = [...records.values()].map(({ sheets, ...r }) => ({
  ...r,
  source: 'judged',
  reader: 'askjudge11',
  sheet: sheets.join('+'),
}));
const note =
  "Set 8 (questions-8.json), judged by one reader who did not build Ask (askjudge11): the shown sentences of ask-answers-set8-main.md (verdicts in ask-judged-11.jsonl) and of ask-answers-set8-askpick.md (ask-judged-12.jsonl), as the sheets show them; a sentence shown and judged alike on both is one record (sheet 'main+askpick'). q is 0-based. Written by build-judged-8.ts: a transcription, not a verdict. The reader's notes naming better sentences are not transcribed for this set (no 'note' records).";
writeFileSync(
  new URL('ask-judged-sentences-8.json', RESULTS),
  `${JSON.stringify({ note, top5Answers: top5, sentences }, null, 2)}\n`,
);
console.log(`${sentences.length} sentences`);
