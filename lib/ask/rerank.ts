import type { SourcePaper } from './sentence-features';

/**
 * Reranking the retrieved papers by how well they answer the question. The search index ranks papers by the
 * question's words over the whole abstract; a paper answers by one of its sentences. On the fourth question
 * set, in 5 of the 7 questions where a top-5 paper answered but no shown sentence did, the answering paper was
 * ranked below one whose best sentence was weaker (test/eval/results/ask-judged-5.md), and in 3 it sat at
 * ranks 6-8. So each of the first RERANK_FROM retrieved papers is scored by its best sentence for the question
 * (scoreSentences in extractive.ts: words, the answer's kind, the question's condition) and its retrieval
 * order, and the answer and the papers shown come from the first ones of that order.
 */

/** How many retrieved papers are reranked: the abstracts read for one question. */
export const RERANK_FROM = 20;

/**
 * What retrieval order adds to a paper's score: RANK_PRIOR for the first, falling linearly to 0 for the
 * RERANK_FROM-th (0.15 a rank). Retrieval weighs the question's words over the whole abstract, and on the four
 * judged sets it was the better judge of those (tune-rerank.ts chose the largest prior tried, 3, on all four
 * and on three of the four leave-one-out folds): a paper moves up on its best sentence mostly when that
 * sentence holds to the question's condition and the ones above go against it (a sentence's condition weighs
 * 1, RULE_WEIGHTS in extractive.ts), a few ranks for a better fit of the answer's kind.
 */
export const RANK_PRIOR = 3;

/** A scored sentence: which paper, its retrieval rank, its score. */
export interface PaperSentence {
  paper: string;
  rank: number;
  score: number;
}

/** Each paper's score: its best sentence's score and the retrieval prior (RANK_PRIOR). */
export function paperScores(
  scored: readonly PaperSentence[],
  papers: readonly SourcePaper[],
  prior = RANK_PRIOR,
): Map<string, number> {
  // The same step a rank however many were retrieved: a question with 8 papers reranks as one with 20 does.
  const best = new Map(papers.map((p, rank) => [p.id, prior * Math.max(0, 1 - rank / RERANK_FROM)]));
  const top = new Map<string, number>();
  for (const s of scored) top.set(s.paper, Math.max(top.get(s.paper) ?? 0, s.score));
  for (const [paper, score] of top) best.set(paper, (best.get(paper) ?? 0) + score);
  return best;
}

/** The papers' ids, best first by paperScores; retrieval order breaks ties. */
export function rankPapers(
  scored: readonly PaperSentence[],
  papers: readonly SourcePaper[],
  prior = RANK_PRIOR,
): string[] {
  const score = paperScores(scored, papers, prior);
  return papers
    .map((p, rank) => ({ id: p.id, rank, score: score.get(p.id) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .map((p) => p.id);
}
