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
/**
 * How many sentences an answer shows, each from a different paper. Two: on the development set the best
 * sentence answered 22 times in 27 and the second about half the time (69% of two against 79% of one), but
 * on 24 questions not tuned on two gave 20/42 against one's 10/22, and one left seven more questions with no
 * useful sentence (test/eval/results/ask-dev-notes-2.md): a second paper's view is worth its cost.
 */
export const MAX_SENTENCES = 2;

/** Weights of a sentence's score: its share of the question, its paper's and its title's, the part it plays, and penalties. */
const W = {
  cover: 0.35,
  context: 0.3,
  title: 0.1,
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
  /** The question's weighted share the sentence holds, in [0, 1]. */
  cover: number;
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
 *   may answer in other words: "3.1x faster" for "speedups"), and a little more for the title's share (a
 *   title says what the paper is about; the abstract of every retrieved paper holds most of the question);
 * - fit: whether it plays the part the question asks for (names for "which", a mechanism for "how", a
 *   cause for "why", a finding for "can/does");
 * - less for background and motivation, for an abstract's opening sentence, and for restating the
 *   question (few words it does not already hold);
 * - none at all for an abstract's opening sentence unless the question asks yes or no (it sets the scene:
 *   what the field does or lacks), for links and code lines, and for sentences holding none of the question.
 */
export function scoreSentences(question: string, papers: readonly SourcePaper[]): ScoredSentence[] {
  const asked = questionStems(question);
  const kind = questionKind(question);
  const askedWords = new Set(searchTerms(question));
  const all = papers.flatMap((paper, rank) => {
    const context = new Set(stems(`${paper.title} ${paper.abstract}`));
    const title = new Set(stems(paper.title));
    const sentences = sentencesOf(paper.abstract);
    return sentences.map((text, at) => ({
      paper: paper.id,
      rank,
      at,
      // An opening that more sentences follow sets the scene; a one-sentence abstract is all claim.
      opening: at === 0 && sentences.length > 1,
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
  return all.map(({ stems: held, context, title, opening, ...c }) => {
    const cover = share(weight, total, held);
    const cues = sentenceCues(c.text, askedWords, kind);
    const fresh = [...held].filter((s) => !askedSet.has(s)).length;
    const score =
      W.cover * cover +
      W.context * share(weight, total, context) +
      W.title * share(weight, total, title) +
      W.fit * cueFit(kind, cues) -
      // The gap an abstract states ("X struggles with Y because Z") is what a why-question asks for.
      (kind.why ? 0 : W.background * Math.min(2, cues.background)) -
      W.first * (opening ? 1 : 0) -
      W.proposal * (cues.proposal ? 1 : 0) -
      W.restate * Math.max(0, (NEW_WORDS - fresh) / NEW_WORDS);
    // A sentence holding none of the question answers nothing, whatever its part; an abstract's opening
    // sentence sets the scene (what the field does or lacks), which answers only a yes-or-no question.
    const out = cover === 0 || cues.boilerplate || (opening && !kind.yesNo && !kind.why);
    return { ...c, cover, score: out ? 0 : score };
  });
}

/**
 * The extractive answer: the sentences of the retrieved abstracts that best answer the question (score at
 * least ANSWERS), at most MAX_SENTENCES, each from a different paper; none, and "these papers don't answer
 * that", when no sentence reaches ANSWERS.
 */
export function extractAnswer(question: string, papers: readonly SourcePaper[]): ExtractiveAnswer {
  const ranked = scoreSentences(question, papers)
    .filter((c) => c.score >= ANSWERS)
    .sort((a, b) => b.score - a.score || a.rank - b.rank || a.at - b.at);
  const picked: ScoredSentence[] = [];
  for (const c of ranked) {
    if (picked.length >= MAX_SENTENCES) break;
    if (!picked.some((p) => p.paper === c.paper)) picked.push(c);
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
