/**
 * Which terms make the learned query. A term (a phrase, a pack topic as `topic:ID`) matches some of the
 * examples and some background papers; each term is also a guess at the concept the examples were drawn
 * from, weighed by how well it explains them (Bayesian concept learning), and the query is the union of
 * terms with the best F1 expected over those guesses.
 */
export interface Term {
  /** As the query writes it: `"test-time scaling"`, `GRPO`, `"LLM Agents" OR "AI Agents"`. */
  query: string;
  /** Examples it matches (indices). */
  examples: ReadonlySet<number>;
  /** Background papers it matches (indices). */
  background: ReadonlySet<number>;
  /** The pack topic it names (by `topic:ID` or by its names): a concept by construction. */
  topic?: { id: string; name: string };
}

/**
 * Share of a concept's papers its best term misses (a topic's tagger or a phrase's wording): the tagger's
 * recall on the labelled topics is about 0.6-0.7. Chosen with PHRASE_PRIOR on the TRAIN papers
 * (`npm run eval:learn -- --split train`, three seeds), never on the TEST months.
 */
const MISS = 0.4;

/**
 * Log prior odds of a pack topic over a phrase as the concept: the phrases are picked from hundreds the
 * examples share, some by chance ("cold-start" in three of five multimodal papers), the pack's topics are
 * concepts by construction.
 */
const PHRASE_PRIOR = 5;

interface Hypothesis {
  background: ReadonlySet<number>;
  logPosterior: number;
}

/** log P(examples | the concept is the term) + log prior, as chooseTerms says. */
function logPosterior(term: Term, exampleCount: number, backgroundCount: number): number {
  const inside = term.examples.size;
  const n = term.background.size + inside;
  return (
    (term.topic ? 0 : -PHRASE_PRIOR) +
    inside * Math.log((1 - MISS) / Math.max(n, 1)) +
    (exampleCount - inside) * Math.log(MISS / Math.max(backgroundCount - n, 1))
  );
}

/**
 * A phrase is a guess at the concept only when at least this share of the examples use it: of the hundreds
 * of phrases five examples share, some two share by chance ("vanilla GRPO", "7B-Instruct"), and a phrase
 * that rare wins on size alone. It may still join the query. (TRAIN papers, three seeds: from 5 examples
 * macro F1 0.577/0.526/0.503 -> 0.589/0.553/0.532; 0.7 was worse, 0.589/0.536/0.527.)
 */
const GUESS_SHARE = 0.5;

/** Whether a term is one of the hypotheses: a pack topic always, a phrase used by enough examples. */
function isGuess(term: Term, exampleCount: number): boolean {
  return term.topic !== undefined || term.examples.size >= GUESS_SHARE * exampleCount;
}

/** The hypotheses with their posterior weights (those above 1e-4). */
function weighted(all: readonly Hypothesis[]): { set: ReadonlySet<number>; w: number }[] {
  const top = Math.max(...all.map((h) => h.logPosterior));
  const weights = all.map((h) => Math.exp(h.logPosterior - top));
  const sum = weights.reduce((a, b) => a + b, 0);
  return all.map((h, i) => ({ set: h.background, w: weights[i]! / sum })).filter((h) => h.w > 1e-4);
}

/**
 * Bayesian concept learning: each candidate term is a hypothesis for the concept the examples were drawn
 * from; drawn uniformly from it, K examples all inside a term of n papers have likelihood
 * ((1 - MISS) / n)^K (the size principle: a small term that holds them all explains them best), an example
 * outside has likelihood MISS / (papers outside). The hypotheses are the pack topics and the phrases half
 * the examples use (any term when there is none such). The query then ORs the terms that most raise the
 * F1 expected over those hypotheses (measured on the background), until none does; at most `max`.
 */
export function chooseTerms(
  terms: readonly Term[],
  exampleCount: number,
  backgroundCount: number,
  max = 8,
): Term[] {
  if (terms.length === 0) return [];
  const guesses = terms.filter((t) => isGuess(t, exampleCount));
  const concepts = weighted(
    (guesses.length > 0 ? guesses : terms).map((t) => ({
      background: t.background,
      logPosterior: logPosterior(t, exampleCount, backgroundCount),
    })),
  );
  // Kept as the query grows: its size and, per hypothesis, how many of its papers it holds, so a
  // candidate term is scored by what it adds, without building the union.
  const union = new Set<number>();
  const inside = concepts.map(() => 0);
  const expectedF1 = (size: number, both: readonly number[]) =>
    concepts.reduce(
      (e, h, k) => e + h.w * (size + h.set.size === 0 ? 0 : (2 * both[k]!) / (size + h.set.size)),
      0,
    );
  const chosen: Term[] = [];
  let best = 0;
  while (chosen.length < max) {
    let pick: { term: Term; score: number } | undefined;
    for (const term of terms) {
      if (chosen.includes(term)) continue;
      let added = 0;
      const both = [...inside];
      for (const i of term.background) {
        if (union.has(i)) continue;
        added++;
        concepts.forEach((h, k) => {
          if (h.set.has(i)) both[k]!++;
        });
      }
      const score = expectedF1(union.size + added, both);
      if (score > (pick?.score ?? best) + 1e-9) pick = { term, score };
    }
    if (!pick) break;
    chosen.push(pick.term);
    best = pick.score;
    for (const i of pick.term.background) {
      if (union.has(i)) continue;
      union.add(i);
      concepts.forEach((h, k) => {
        if (h.set.has(i)) inside[k]!++;
      });
    }
  }
  return chosen;
}
