import { searchTerms } from '../search/search-tokens';
import { cueFit, type SentenceCues, sentenceCues } from './answer-cues';
import { conditionsFit, questionConditions } from './conditions';
import { questionKind } from './question-kind';
import { heldStems, memoStems, pairs, phraseShare, questionStems, share, stems } from './question-stems';
import { sentencesOf } from './sentences';

/** A retrieved paper, best first: what the extractive answer reads. */
export interface SourcePaper {
  id: string;
  title: string;
  abstract: string;
}

/**
 * What a sentence is measured by, each in [0, 1] (a few in [0, 2]): the score of a sentence is a weighted
 * sum of these (RULE_WEIGHTS in extractive.ts). One list, so a learned scorer and the rules read the same.
 */
export const FEATURES = [
  /** The question's weighted share the sentence holds (a word weighs its rarity among the sentences read). */
  'cover',
  /** The share of the question's rare words (weight above the median) it holds: its content, not the topic's words. */
  'core',
  /** The share its paper's title and abstract hold. */
  'context',
  /** The share its paper's title holds. */
  'title',
  /** Whether it plays the part the question asks for (see cueFit). */
  'fit',
  /** Background and motivation patterns (0-2), none counted for a why-question. */
  'background',
  /** An abstract's opening sentence. */
  'opening',
  /** "We propose X, a ... framework" with no how. */
  'proposal',
  /** "We study / investigate whether / compare ...": a study's set-up, not its finding. */
  'setup',
  /** Closing hopes: "may accelerate", "paves the way", "future work". */
  'speculation',
  /** Few words the question does not already hold: it restates the question. */
  'restate',
  /** The best share its neighbours in the abstract hold: "This approach yielded 97.53%" follows its subject. */
  'near',
  /** The share of the question's two-word phrases ("cache budget") it holds as phrases, not scattered words. */
  'phrase',
  /** The share of the question's two-word phrases its paper's title and abstract hold as phrases. */
  'phrasePaper',
  /** How it stands to the question's condition ("without retraining", "any factor"): -1 against, 1 holds to it. */
  'condition',
  /** How its paper stands to the condition: 1 if a sentence of it holds to it, else -1 if one goes against it. */
  'conditionPaper',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface Candidate {
  paper: string;
  rank: number;
  at: number;
  text: string;
  /**
   * Never an answer: a framing line, a link, (except for yes-or-no and why) an opening, or no word of the
   * question unless it is a finding or a mechanism next to a sentence that holds them.
   */
  out: boolean;
  features: Record<Feature, number>;
}

/** The cues of a sentence not read for them (see candidates). */
const NO_CUES: SentenceCues = {
  ...{ mechanism: false, finding: false, results: false, cause: false, names: 0, namesKind: false },
  ...{ background: 0, boilerplate: false, proposal: false, evaluation: false, setup: false },
  ...{ speculation: false, framing: false, comparison: false },
};

/** A sentence saying fewer new things than this (words the question does not hold) only restates it. */
const NEW_WORDS = 6;

/** A paper's sentences, each with what the paper as a whole holds of the question (its title, its phrases). */
function paperSentences(
  paper: SourcePaper,
  rank: number,
  asked: readonly string[],
  conditions: ReturnType<typeof questionConditions>,
  stemOf: ReturnType<typeof memoStems>,
) {
  const sentences = sentencesOf(paper.abstract);
  // Each sentence stemmed once; the paper's stems and phrases are its title's and its sentences'.
  const stemmed = sentences.map(stemOf);
  const titleStems = stemOf(paper.title);
  const context = heldStems(asked, new Set([...titleStems, ...stemmed.flat()]));
  const title = heldStems(asked, new Set(titleStems));
  const phrasePaper = new Set([titleStems, ...stemmed].flatMap((t) => [...pairs(t)]));
  const fits = sentences.map((text) => conditionsFit(conditions, text));
  const conditionPaper = Math.max(...fits, 0) > 0 ? Math.max(...fits) : Math.min(...fits, 0);
  // An opening that more sentences follow sets the scene; a one-sentence abstract is all claim.
  return sentences.map((text, at) => ({
    ...{
      paper: paper.id,
      rank,
      at,
      text,
      context,
      title,
      phrasePaper,
      conditionPaper,
      condition: fits[at]!,
    },
    opening: at === 0 && sentences.length > 1,
    all: new Set(stemmed[at]),
    pairs: pairs(stemmed[at]!),
  }));
}

/** Each sentence of the papers, with what scores it for the question (FEATURES). */
export function candidates(question: string, papers: readonly SourcePaper[]): Candidate[] {
  const asked = questionStems(question);
  if (asked.length === 0) return [];
  const kind = questionKind(question);
  const conditions = questionConditions(question);
  const askedWords = new Set(searchTerms(question));
  const stemOf = memoStems();
  const all = papers.flatMap((paper, rank) => paperSentences(paper, rank, asked, conditions, stemOf));
  const held = all.map((c) => heldStems(asked, c.all));
  const weight = new Map(
    asked.map((s) => [s, Math.log(1 + all.length / (1 + held.filter((h) => h.has(s)).length))]),
  );
  const median = [...weight.values()].sort((a, b) => a - b)[Math.floor((weight.size - 1) / 2)]!;
  const rare = new Map([...weight].filter(([, w]) => w >= median));
  const askedSet = new Set(asked);
  const askedPairs = pairs(stems(question).filter((s) => askedSet.has(s)));
  const covers = held.map((h) => share(weight, h));
  const near = (n: number) =>
    Math.max(...[n - 1, n + 1].map((m) => (all[m]?.paper === all[n]!.paper ? covers[m]! : 0)));
  // A sentence with none of the question's words and none beside it is out whatever part it plays: its cues
  // are not read (most of the sentences of 20 abstracts; reading them was most of the reranker's cost).
  const cues = all.map((one, n) =>
    covers[n] === 0 && near(n) === 0 ? NO_CUES : sentenceCues(one.text, askedWords, kind),
  );
  return all.map((one, n) => {
    const { all: words, pairs: sentencePairs, context, title, opening, phrasePaper, ...rest } = one;
    const { conditionPaper, condition, ...c } = rest;
    const cue = cues[n]!;
    const fresh = [...words].filter((s) => !askedSet.has(s)).length;
    const cover = covers[n]!;
    const features: Record<Feature, number> = {
      cover,
      core: share(rare, held[n]!),
      context: share(weight, context),
      title: share(weight, title),
      fit: cueFit(kind, cue),
      // The gap an abstract states ("X struggles with Y because Z") is what a why-question asks for.
      background: kind.why ? 0 : Math.min(2, cue.background),
      opening: opening ? 1 : 0,
      proposal: cue.proposal ? 1 : 0,
      setup: cue.setup && !cue.finding ? 1 : 0,
      speculation: cue.speculation ? 1 : 0,
      restate: Math.max(0, (NEW_WORDS - fresh) / NEW_WORDS),
      near: near(n),
      phrase: phraseShare(askedPairs, sentencePairs),
      phrasePaper: phraseShare(askedPairs, phrasePaper),
      condition,
      conditionPaper,
    };
    // A sentence holding none of the question answers only as the finding or mechanism its neighbour
    // introduces; a framing line says what was set out to do, not what was done; an abstract's opening
    // sentence sets the scene (what the field does or lacks), which answers only a yes-or-no question.
    const orphan = cover === 0 && (features.near === 0 || features.fit < 1);
    const out = orphan || cue.framing || cue.boilerplate || (opening && !kind.yesNo && !kind.why);
    return { ...c, out, features };
  });
}
