import { coveringTopics } from './covered-by';
import {
  type Background,
  choosePhrases,
  DEFAULT_CHOICE,
  type LearnPaper,
  type PhraseChoice,
  phraseWeight,
  queryTerm,
  type SharedPhrase,
  sharedPhrases,
} from './learn-topic';

/** A pack topic as learning needs it: its names become query phrases. */
export interface PackTopicNames {
  id: string;
  name: string;
  aliases: readonly string[];
  parents: readonly string[];
}

/** Below this lift a phrase is as common in the background as in the examples: no evidence of the topic. */
export const MIN_LIFT_FLOOR = 4;

/** A user topic learned from examples: `{id, name, query}` as `pulse tag --topics` reads it, and why. */
export interface LearnedTopic {
  id: string;
  name: string;
  query: string;
  /** The example ids it was learned from. */
  examples: string[];
  /** Pack topics most examples carry, whose names the query includes. */
  packTopics: string[];
  /** The phrases learned from the examples, as "phrase: examples/background" for the user to judge. */
  phrases: string[];
}

export interface LearnOptions extends PhraseChoice {
  name?: string;
  /** Share of the examples a pack topic must tag to join the query (0.6: three of five). */
  packShare: number;
}

export const DEFAULT_LEARN: LearnOptions = { ...DEFAULT_CHOICE, packShare: 0.6 };

/**
 * Learns a readable, editable user topic from example papers: the phrases the examples share and the
 * background rarely uses, OR the names of the pack topics most examples carry. `packTopicsOf` gives a
 * paper's fine pack topics; `idFor` makes the topic id from its name.
 */
export function learnTopic(
  examples: readonly LearnPaper[],
  background: Background,
  packTopicsOf: (paper: LearnPaper) => readonly PackTopicNames[],
  idFor: (name: string) => string,
  options: Partial<LearnOptions> = {},
): LearnedTopic {
  const o = { ...DEFAULT_LEARN, ...options };
  const shared = sharedPhrases(examples, background);
  const N = background.papers.length;
  // Ask for very specific phrases first and relax until some are found: a niche has its own words, a
  // broad topic only shares more common ones.
  let chosen = choosePhrases(shared, examples.length, N, o);
  for (let lift = o.minLift / 2; chosen.length === 0 && lift >= MIN_LIFT_FLOOR; lift /= 2) {
    chosen = choosePhrases(shared, examples.length, N, { ...o, minLift: lift });
  }
  const topicsPerExample = examples.map((p) => packTopicsOf(p));
  const byId = new Map(topicsPerExample.flat().map((t) => [t.id, t]));
  const share = new Map<string, number>();
  for (const ts of topicsPerExample)
    for (const t of new Set(ts.map((x) => x.id))) share.set(t, (share.get(t) ?? 0) + 1);
  const covering =
    o.packShare > 1
      ? []
      : coveringTopics(
          topicsPerExample.map((ts) => ts.map((t) => t.id)),
          o.packShare - 1e-9,
        );
  // A broader topic is redundant when a narrower one covers as many examples ("reinforcement learning"
  // beside "credit assignment in RL"); when the narrower one covers fewer, the examples are the broader.
  const packIds = covering.filter(
    (id) =>
      !covering.some((other) => byId.get(other)?.parents.includes(id) && share.get(other)! >= share.get(id)!),
  );
  const terms = [
    ...chosen.map((p) => queryTerm(p.key, examples)),
    ...packIds.flatMap((id) => {
      const t = byId.get(id)!;
      return [t.name, ...t.aliases].map(packTerm);
    }),
  ];
  const unique = [...new Set(terms)];
  // With nothing shared (unrelated examples), the query is the examples' most specific shared phrase
  // anyway: an empty query cannot compile, and the user gets something to edit.
  const query = unique.length > 0 ? unique.join(' OR ') : fallbackTerm(shared, examples, N);
  const name =
    o.name?.trim() ||
    nameFrom(
      chosen.map((p) => queryTerm(p.key, examples)),
      packIds,
      byId,
    );
  return {
    id: idFor(name),
    name,
    query,
    examples: examples.map((p) => p.id),
    packTopics: packIds,
    phrases: chosen.map((p) => `${p.key}: ${p.examples}/${p.background}`),
  };
}

function packTerm(name: string): string {
  const acronym = /^[\p{Lu}\p{N}]+s?$/u.test(name) && (name.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
  return acronym ? name.replace(/s$/, '') : `"${name.replace(/"/g, '')}"`;
}

function fallbackTerm(shared: readonly SharedPhrase[], examples: readonly LearnPaper[], N: number): string {
  const best = [...shared].sort(
    (a, b) => phraseWeight(b, examples.length, N) - phraseWeight(a, examples.length, N),
  )[0];
  return best ? `"${best.key}"` : `"${(examples[0]?.title ?? 'topic').replace(/"/g, '').slice(0, 80)}"`;
}

function nameFrom(
  terms: readonly string[],
  packIds: readonly string[],
  byId: ReadonlyMap<string, PackTopicNames>,
): string {
  const first = terms[0]?.replace(/"/g, '');
  const pack = packIds[0] ? byId.get(packIds[0])?.name : undefined;
  return first ?? pack ?? 'Learned topic';
}
