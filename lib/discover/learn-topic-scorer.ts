import { seededRandom } from '../random';
import { TOKENIZER_VERSION } from '../text/words';
import {
  type Features,
  MAX_FEATURE_LENGTH,
  SCORER_VERSION,
  type ScorerPaper,
  scoreFeatures,
  scorerFeatures,
  type TopicScorer,
} from '../topics/scoring/topic-scorer';
import { trainScorer } from './learn-scorer';

/** How a topic's scorer is learned and where its thresholds go (quantiles of a held-out sample of the index). */
export interface TopicScorerSetting {
  /** A query match is kept when its margin ranks above this share of the held-out sample (0.9: top tenth). */
  withQuery: number;
  /** A paper the query misses is matched when its margin ranks above this share of the sample. */
  alone: number;
  /** L2 penalty. */
  lambda: number;
  /** Papers of the index drawn as negatives (besides the papers marked "not this"). */
  backgroundSample: number;
  /** Gradient steps. */
  epochs: number;
  /** A paper marked "not this" weighs this many examples (trainScorer's markWeight). */
  markWeight: number;
  /**
   * Thresholds are raised over the papers marked "not this", up to this held-out quantile at most
   * (0: not raised, the quantiles alone).
   */
  markFit: number;
  /**
   * Re-learning after a mark starts from the shown topic's scorer and is held near it by this proximal L2
   * penalty (0: learned afresh each time, as before 2026-12-07's seventh session).
   */
  proximal: number;
}

/**
 * The setting chosen on the tune niches (TRAIN months) of `npm run eval:learn` (test/eval/results/
 * learn-niches-2026-12-06.txt: macro F1 0.494 -> 0.599 from 5 examples, 0.482 -> 0.664 after 10 marks). That
 * run was labelled `...:60` but took 200 gradient steps (the eval did not pass its EPOCHS on): 200 is what
 * was measured. markWeight 1 and markFit 0.999 chosen on the tune niches with the fixed scored half
 * (learn-niches-2026-12-07.txt, third session: after marks 0.739 with 0 and 0, see there for the figure).
 * proximal 0.03 chosen on the same tune niches (seventh session: after marks 0.760, against 0.746 learned afresh
 * after each mark; 0.1 gave 0.762 but lost up to 0.06 on three niches).
 */
export const TOPIC_SCORER: TopicScorerSetting = {
  withQuery: 0.9,
  alone: 0.995,
  lambda: 0.01,
  backgroundSample: 1000,
  epochs: 200,
  markWeight: 1,
  markFit: 0.999,
  proximal: 0.03,
};

/** Papers of the index, not trained on, that place the thresholds. */
const HELD_OUT = 3000;
/** Fewer held-out papers than this place no threshold worth the name: no scorer then (the query alone). */
export const MIN_HELD_OUT = 400;
/** Drawn beyond the negatives, so papers taught (examples, marks) taken out still leave as many. */
const SPARE = 60;
/** The draw is seeded: the same index, examples and marks learn the same scorer. */
const SEED = 424242;

export type IndexPaper = ScorerPaper & { id: string };

/** The papers of the index a scorer is learned with: negatives drawn first, then held-out papers. */
export interface ScorerPool {
  sample: IndexPaper[];
  heldOut: IndexPaper[];
}

/**
 * Draws the pool from the index, seeded: the same index gives the same pool, so re-learning after a mark
 * changes only what the mark changes. Kept between marks (a few thousand papers, not the index).
 */
export function drawScorerPool(index: readonly IndexPaper[], setting = TOPIC_SCORER): ScorerPool {
  const drawn = shuffled(index, seededRandom(SEED));
  const sampleSize = Math.min(setting.backgroundSample + SPARE, Math.floor(drawn.length / 2));
  return { sample: drawn.slice(0, sampleSize), heldOut: drawn.slice(sampleSize, sampleSize + HELD_OUT) };
}

/**
 * A scorer for a topic taught by `examples` and papers marked `notThis`: trained on the examples against the
 * marks and the pool's sample, its weights kept compact (six significant digits), its thresholds placed on
 * the margins of the pool's held-out papers, computed from the compact weights so the stored scorer matches
 * what was measured. Undefined when the index was too small to place them. `featuresOf` lets a caller keep
 * features between calls. `previous`, the topic's scorer as shown when the mark was made: with
 * `setting.proximal` > 0 training starts from it and stays near it (trainScorer's prior).
 */
export function learnTopicScorer(
  examples: readonly IndexPaper[],
  notThis: readonly IndexPaper[],
  pool: ScorerPool,
  featuresOf: (paper: IndexPaper) => Features = scorerFeatures,
  setting: TopicScorerSetting = TOPIC_SCORER,
  previous?: TopicScorer,
): TopicScorer | undefined {
  const taught = new Set([...examples, ...notThis].map((p) => p.id));
  const heldOut = pool.heldOut.filter((p) => !taught.has(p.id));
  if (heldOut.length < MIN_HELD_OUT || examples.length === 0) return undefined;
  const background = pool.sample.filter((p) => !taught.has(p.id)).slice(0, setting.backgroundSample);
  const trained = trainScorer(
    examples.map(featuresOf),
    background.map(featuresOf),
    {
      lambda: setting.lambda,
      epochs: setting.epochs,
      markWeight: setting.markWeight,
      ...(previous && setting.proximal > 0
        ? { prior: { weights: new Map(previous.weights), bias: previous.bias }, proximal: setting.proximal }
        : {}),
    },
    notThis.map(featuresOf),
  );
  const weights = [...trained.weights]
    .filter(([f]) => f.length <= MAX_FEATURE_LENGTH)
    .map(([f, w]) => [f, compact(w)] as [string, number]);
  const scorer = { weights: new Map(weights), bias: compact(trained.bias) };
  const ranked = heldOut.map((p) => scoreFeatures(scorer, featuresOf(p))).sort((a, b) => a - b);
  const marked = notThis.map((p) => scoreFeatures(scorer, featuresOf(p)));
  return {
    version: SCORER_VERSION,
    tokenizer: TOKENIZER_VERSION,
    bias: scorer.bias,
    threshold: fitThreshold(ranked, setting.alone, marked, setting.markFit),
    queryThreshold: fitThreshold(ranked, setting.withQuery, marked, setting.markFit),
    weights,
  };
}

/**
 * A threshold at the quantile `q` of the held-out margins `ranked` (ascending), raised (when `markFit` > 0) to the margin of the highest paper
 * marked "not this", so the marks fall out of the topic, but never above the quantile `markFit`.
 */
export function fitThreshold(
  ranked: readonly number[],
  q: number,
  marked: readonly number[],
  markFit: number,
): number {
  const placed = quantile(ranked, q);
  if (markFit <= 0 || marked.length === 0) return placed;
  return Math.max(placed, Math.min(Math.max(...marked), quantile(ranked, markFit)));
}

const compact = (x: number) => Number(x.toPrecision(6));

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function shuffled<T>(list: readonly T[], next: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
