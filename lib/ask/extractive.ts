import { latexToText } from '../latex-text';
import { RERANK_FROM, rankPapers } from './rerank';
import { type Candidate, candidates, type Feature, type SourcePaper } from './sentence-features';

export type { SourcePaper } from './sentence-features';

export interface AnswerGroup {
  paper: string;
  /** As read: the abstract's sentences with their LaTeX markup as text (quotedFrom holds for each). */
  sentences: string[];
}

export interface ExtractiveAnswer {
  /** False: no sentence of the retrieved papers answers the question ("these papers don't answer that"). */
  answered: boolean;
  /** Grouped by paper, the paper with the best sentence first; sentences in their abstract's order. */
  groups: AnswerGroup[];
  /** The papers' ids, reranked for the question (rankPapers): the first ANSWER_FROM are the ones shown. */
  ranked: string[];
}

/** A sentence answers when its score (see scoreSentences) is at least this. */
export const ANSWERS = 0.5;
/**
 * How many sentences an answer shows, each the best of a different paper. Two: on the first development set
 * the best sentence answered 22 times in 27 and the second about half the time (ask-dev-notes-2.md), and on
 * the second set, in 8 of the 11 questions with a sentence that helped, only the second one did
 * (ask-judged-3.jsonl).
 */
export const MAX_SENTENCES = 2;
/**
 * Only the first ANSWER_FROM papers of the reranked order are quoted and shown as the papers searched: on the
 * second development set, in retrieval order, 10 sentences cited papers ranked 6-8 and 2 of them answered
 * (test/eval/results/ask-judged-3.md).
 */
export const ANSWER_FROM = 5;

/**
 * What each feature adds to a sentence's score (features in sentence-features.ts). condition (1) and the
 * weights left at 0 (phrase, phrasePaper, conditionPaper, near) were chosen with tune-rerank.ts on the four
 * judged sets (test/eval/results/ask-dev-notes-5.md).
 * Weighing a sentence's part beside the others of its abstract (the answer after a problem line) was measured
 * and not kept: no gain held out, nor on a sixth set (test/eval/results/ask-dev-notes-6.md).
 */
export const RULE_WEIGHTS: Record<Feature, number> = {
  cover: 0.35,
  core: 0,
  context: 0.3,
  title: 0.1,
  fit: 0.35,
  background: -0.25,
  opening: -0.1,
  proposal: -0.1,
  setup: -0.2,
  speculation: -0.3,
  restate: -0.25,
  near: 0,
  phrase: 0,
  phrasePaper: 0,
  condition: 1,
  conditionPaper: 0,
};

export interface ScoredSentence {
  paper: string;
  rank: number;
  at: number;
  text: string;
  score: number;
  /** The question's weighted share the sentence holds, in [0, 1]. */
  cover: number;
}

function ruleScore(c: Candidate): number {
  if (c.out) return 0;
  let score = 0;
  for (const [f, w] of Object.entries(RULE_WEIGHTS) as [Feature, number][]) score += w * c.features[f];
  return score;
}

/**
 * Every sentence of the retrieved abstracts, scored for how well it answers the question: the weighted sum
 * (RULE_WEIGHTS) of what it holds of the question and of the part it plays (FEATURES), or 0 for a sentence
 * that cannot answer (no word of the question, a link, an opening that sets the scene).
 */
export function scoreSentences(question: string, papers: readonly SourcePaper[]): ScoredSentence[] {
  return candidates(question, papers).map((c) => ({
    paper: c.paper,
    rank: c.rank,
    at: c.at,
    text: c.text,
    cover: c.features.cover,
    score: ruleScore(c),
  }));
}

/**
 * The extractive answer. The retrieved papers (up to RERANK_FROM, best first) are reranked by their best
 * sentence for the question (rankPapers); from the first ANSWER_FROM of that order, the best sentence of each
 * paper, then the best MAX_SENTENCES of those that score at least ANSWERS; none, and "these papers don't answer
 * that", when no sentence reaches ANSWERS.
 */
export function extractAnswer(question: string, papers: readonly SourcePaper[]): ExtractiveAnswer {
  const read = papers.slice(0, RERANK_FROM);
  const scored = scoreSentences(question, read);
  const ranked = rankPapers(scored, read);
  const top = new Set(ranked.slice(0, ANSWER_FROM));
  const best = new Map<string, ScoredSentence>();
  for (const c of scored) {
    const before = best.get(c.paper);
    if (top.has(c.paper) && c.score >= ANSWERS && (!before || c.score > before.score)) best.set(c.paper, c);
  }
  const picked = [...best.values()]
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .slice(0, MAX_SENTENCES);
  return {
    answered: picked.length > 0,
    groups: picked.map((c) => ({ paper: c.paper, sentences: [latexToText(c.text)] })),
    ranked,
  };
}

/**
 * Whether a shown sentence is quoted from an abstract: a slice of it once both are read as text (LaTeX
 * markup, "\\textbf{x}" and "70\\%", shown as "x" and "70%").
 */
export function quotedFrom(sentence: string, abstract: string): boolean {
  return sentence.length > 0 && latexToText(abstract).includes(sentence);
}
