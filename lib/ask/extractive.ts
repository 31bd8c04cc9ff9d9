import { stemmer } from 'stemmer';
import { searchTerms } from '../search/search-tokens';
import { cueFit, questionKind, sentenceCues } from './answer-cues';
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
    'existing recent current do does did there any according'
  ).split(' '),
);

/** A sentence answers when its score (see scoreSentences) is at least this. */
export const ANSWERS = 0.6;
/** A second sentence of the same paper must score this much more. */
const SECOND = 0.1;
/** A sentence this far below the best one answers less well than the papers can: left out. */
const BELOW_BEST = 0.15;
export const MAX_SENTENCES = 4;
export const PER_PAPER = 2;

/** Weights of a sentence's score: its share of the question, its paper's, the part it plays, and penalties. */
const W = {
  cover: 0.35,
  context: Number(process.env.WC ?? 0.3),
  title: Number(process.env.WT ?? 0),
  fit: 0.35,
  background: 0.15,
  first: 0.1,
  restate: 0.25,
  proposal: 0.1,
};
/** A sentence saying fewer new things than this (words the question does not hold) only restates it. */
const NEW_WORDS = 6;

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

export interface ScoredSentence {
  paper: string;
  rank: number;
  at: number;
  text: string;
  score: number;
}

/** The question's weighted share held by a set of stems, in [0, 1]. */
function share(weight: ReadonlyMap<string, number>, total: number, held: ReadonlySet<string>): number {
  let sum = 0;
  for (const [s, w] of weight) if (held.has(s)) sum += w;
  return total > 0 ? sum / total : 0;
}

/**
 * Every sentence of the retrieved abstracts, scored for how well it answers the question:
 * - cover: the share of the question's weight it holds (a word weighs its rarity among the retrieved
 *   sentences, so the topic's own words, in every sentence, weigh little);
 * - context: the share its paper's title and abstract hold (a sentence of a paper about the question
 *   may answer in other words: "3.1x faster" for "speedups");
 * - fit: whether it plays the part the question asks for (names for "which", a mechanism for "how", a
 *   cause for "why", a finding for "can/does");
 * - less for background and motivation, for an abstract's opening sentence, and for restating the
 *   question (few words it does not already hold).
 */
export function scoreSentences(question: string, papers: readonly SourcePaper[]): ScoredSentence[] {
  const asked = questionStems(question);
  const kind = questionKind(question);
  const askedWords = new Set(searchTerms(question));
  const all = papers.flatMap((paper, rank) => {
    const context = new Set(stems(`${paper.title} ${paper.abstract}`));
    const title = new Set(stems(paper.title));
    return sentencesOf(paper.abstract).map((text, at) => ({
      paper: paper.id,
      rank,
      at,
      text,
      stems: new Set(stems(text)),
      context,
      title,
    }));
  });
  if (asked.length === 0) return [];
  const weight = new Map(
    asked.map((s) => [s, Math.log(1 + all.length / (1 + all.filter((c) => c.stems.has(s)).length))]),
  );
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  const askedSet = new Set(asked);
  return all.map(({ stems: held, context, title, ...c }) => {
    const cover = share(weight, total, held);
    const cues = sentenceCues(c.text, askedWords, kind);
    const fresh = [...held].filter((s) => !askedSet.has(s)).length;
    const score =
      W.cover * cover +
      W.context * share(weight, total, context) +
      W.title * share(weight, total, title) +
      W.fit * cueFit(kind, cues) -
      W.background * Math.min(2, cues.background) -
      W.first * (c.at === 0 ? 1 : 0) -
      W.proposal * (cues.proposal ? 1 : 0) -
      W.restate * Math.max(0, (NEW_WORDS - fresh) / NEW_WORDS);
    // A sentence holding none of the question answers nothing, whatever its part; an abstract's opening
    // sentence sets the scene (what the field does or lacks), which answers only a yes-or-no question.
    const out = cover === 0 || cues.boilerplate || (c.at === 0 && !kind.yesNo);
    return { ...c, score: out ? 0 : score };
  });
}

/**
 * The extractive answer: the sentences of the retrieved abstracts that best answer the question (score at
 * least ANSWERS), at most MAX_SENTENCES, one a paper (a second when it scores SECOND more than ANSWERS);
 * none, and "these papers don't answer that", when no sentence reaches ANSWERS.
 */
export function extractAnswer(question: string, papers: readonly SourcePaper[]): ExtractiveAnswer {
  const scored = scoreSentences(question, papers);
  const best = Math.max(0, ...scored.map((c) => c.score));
  const ranked = scored
    .filter((c) => c.score >= Math.max(ANSWERS, best - BELOW_BEST))
    .sort((a, b) => b.score - a.score || a.rank - b.rank || a.at - b.at);
  const picked: ScoredSentence[] = [];
  const perPaper = new Map<string, number>();
  for (const c of ranked) {
    if (picked.length >= MAX_SENTENCES) break;
    const had = perPaper.get(c.paper) ?? 0;
    if (had >= PER_PAPER || (had > 0 && c.score < ANSWERS + SECOND)) continue;
    perPaper.set(c.paper, had + 1);
    picked.push(c);
  }
  return { answered: picked.length > 0, groups: groupByPaper(picked) };
}

function groupByPaper(picked: readonly ScoredSentence[]): AnswerGroup[] {
  const groups = new Map<string, ScoredSentence[]>();
  for (const c of picked) groups.set(c.paper, [...(groups.get(c.paper) ?? []), c]);
  return [...groups].map(([paper, sentences]) => ({
    paper,
    sentences: sentences.sort((a, b) => a.at - b.at).map((c) => c.text),
  }));
}
