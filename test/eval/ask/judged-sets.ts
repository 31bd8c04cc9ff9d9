import { readFileSync } from 'node:fs';
import type { SourcePaper } from '../../../lib/ask/sentence-features';
import { latexToText } from '../../../lib/latex-text';

/**
 * The judged sentences of Ask's eight judged sets (questions.json, questions-2.json ... questions-8.json) beside the papers
 * each question retrieved, for offline checks of the extractive answer (score-judged.ts, sentence-cv.ts).
 */
export type Verdict = 'answers' | 'not' | 'split';
export type DevSet = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface JudgedQuestion {
  set: DevSet;
  q: number;
  question: string;
  /** The topic asked about, where the eval JSON names it. */
  topic?: string;
  /** The retrieved papers, best first, with abstracts (as eval:ask --json wrote them). */
  read: SourcePaper[];
  /** Whether a top-5 paper answers it, by the judge. */
  top5Answers: boolean;
  /** Papers with a sentence judged or named by the judge as answering: a paper known to answer. */
  answering: Set<string>;
  /** Sentence text, its LaTeX read as text (as shown) -> verdict (both verdicts given: split). See verdictOf. */
  verdicts: Map<string, Verdict>;
  /** Texts (as verdicts keys them) whose only verdict is a judge's note naming them as answering, not a shown line. */
  noted: Set<string>;
}

interface LabelFile {
  top5Answers: string[];
  sentences: { q: number; paper: string; verdict: 'answers' | 'not'; text: string; source?: string }[];
}

const LABELS = {
  1: 'ask-judged-sentences.json',
  2: 'ask-judged-sentences-2.json',
  3: 'ask-judged-sentences-3.json',
  4: 'ask-judged-sentences-4.json',
  5: 'ask-judged-sentences-5.json',
  6: 'ask-judged-sentences-6.json',
  7: 'ask-judged-sentences-7.json',
  8: 'ask-judged-sentences-8.json',
} as const;

function labels(set: DevSet): LabelFile {
  return JSON.parse(readFileSync(new URL(`../results/${LABELS[set]}`, import.meta.url), 'utf8'));
}

/** One set's questions; `evalJson` is the output of `eval:ask -- --json FILE` for that set's questions. */
export function judgedSet(set: DevSet, evalJson: string): JudgedQuestion[] {
  const runs = JSON.parse(readFileSync(evalJson, 'utf8')) as {
    question: string;
    topic?: string;
    read?: SourcePaper[];
  }[];
  const file = labels(set);
  if (runs.length !== file.top5Answers.length) throw new Error(`${evalJson} is not set ${set}`);
  return runs.map((run, q) => {
    if (!run.read) throw new Error(`${evalJson} has no abstracts: re-run eval:ask with --json`);
    const verdicts = new Map<string, Verdict>();
    const answering = new Set<string>();
    const shownText = new Set<string>();
    const notedText = new Set<string>();
    for (const s of file.sentences.filter((s) => s.q === q)) {
      if (s.verdict === 'answers') answering.add(s.paper);
      const text = latexToText(s.text);
      (s.source === 'note' ? notedText : shownText).add(text);
      const before = verdicts.get(text);
      verdicts.set(text, before && before !== s.verdict ? 'split' : s.verdict);
    }
    const top5Answers = file.top5Answers[q] === 'yes';
    const noted = new Set([...notedText].filter((t) => !shownText.has(t)));
    return {
      set,
      q,
      question: run.question,
      topic: run.topic,
      read: run.read,
      top5Answers,
      answering,
      verdicts,
      noted,
    };
  });
}

/** The verdict on a sentence, as read or as shown (LaTeX as text), if it was judged. */
export function verdictOf(q: JudgedQuestion, text: string): Verdict | undefined {
  return q.verdicts.get(latexToText(text));
}
