import { stemmer } from 'stemmer';
import { searchTerms } from '../search/search-tokens';
import { sentencesOf } from './sentences';

/** A retrieved paper, best first: what the extractive answer reads. */
export interface SourcePaper {
  id: string;
  title: string;
  abstract: string;
}

export interface AnswerGroup {
  paper: string;
  sentences: string[];
}

export interface ExtractiveAnswer {
  /** False: no sentence of the retrieved papers answers the question ("these papers don't answer that"). */
  answered: boolean;
  /** Grouped by paper, the paper with the best sentence first; sentences in their abstract's order. */
  groups: AnswerGroup[];
}

/** Words of a question that ask, rather than say what about (search's stopwords are gone already). */
const ASKING = new Set(
  (
    'people use used uses using paper papers work works approach approaches method methods technique ' +
    'techniques way ways best common commonly usually typically known main kind kinds type types handle ' +
    'handled deal dealt address addressed tell explain done get make good topic area field researchers ' +
    'existing recent current do does did there any'
  ).split(' '),
);

/** A sentence answers when it holds at least this share of the question's weight. */
export const ANSWERS = 0.6;
export const MAX_SENTENCES = 5;
export const PER_PAPER = 2;

export function stems(text: string): string[] {
  return searchTerms(text).map((w) => stemmer(w));
}

/** The question's words that say what it is about, as stems. */
export function questionStems(question: string): string[] {
  return [
    ...new Set(
      searchTerms(question)
        .filter((w) => !ASKING.has(w))
        .map((w) => stemmer(w)),
    ),
  ];
}

interface Candidate {
  paper: string;
  rank: number;
  at: number;
  text: string;
  score: number;
}

/**
 * The extractive answer: the sentences of the retrieved abstracts that best answer the question. Each
 * question word weighs its rarity among the retrieved sentences (the topic's own words, in every
 * sentence, weigh little); a sentence scores the share of the question's weight it holds, and answers when
 * that is at least ANSWERS. At most MAX_SENTENCES, PER_PAPER from a paper.
 */
export function extractAnswer(question: string, papers: readonly SourcePaper[]): ExtractiveAnswer {
  const asked = questionStems(question);
  const all: (Candidate & { stems: Set<string> })[] = papers.flatMap((paper, rank) =>
    sentencesOf(paper.abstract).map((text, at) => ({
      paper: paper.id,
      rank,
      at,
      text,
      score: 0,
      stems: new Set(stems(text)),
    })),
  );
  if (asked.length === 0 || all.length === 0) return { answered: false, groups: [] };
  const weight = new Map(
    asked.map((s) => [s, Math.log(1 + all.length / (1 + all.filter((c) => c.stems.has(s)).length))]),
  );
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  for (const c of all) {
    const held = asked.reduce((sum, s) => sum + (c.stems.has(s) ? weight.get(s)! : 0), 0);
    c.score = held / total;
  }
  const picked: Candidate[] = [];
  const perPaper = new Map<string, number>();
  const ranked = all
    .filter((c) => c.score >= ANSWERS)
    .sort((a, b) => b.score - a.score || a.rank - b.rank || a.at - b.at);
  for (const c of ranked) {
    if (picked.length >= MAX_SENTENCES) break;
    if ((perPaper.get(c.paper) ?? 0) >= PER_PAPER) continue;
    perPaper.set(c.paper, (perPaper.get(c.paper) ?? 0) + 1);
    picked.push(c);
  }
  return { answered: picked.length > 0, groups: groupByPaper(picked) };
}

function groupByPaper(picked: readonly Candidate[]): AnswerGroup[] {
  const groups = new Map<string, Candidate[]>();
  for (const c of picked) groups.set(c.paper, [...(groups.get(c.paper) ?? []), c]);
  return [...groups].map(([paper, sentences]) => ({
    paper,
    sentences: sentences.sort((a, b) => a.at - b.at).map((c) => c.text),
  }));
}
