/**
 * Which terms make the learned query. A term (a phrase, or a pack topic's names) matches some of the
 * examples and some background papers. With the topic's share of all papers, pi, a query matching a share
 * `rate` of the background and a share `cov` of the examples has estimated recall cov and precision
 * pi * cov / rate; terms are added while the estimated F1 grows.
 */
export interface Term {
  /** As the query writes it: `"test-time scaling"`, `GRPO`, `"LLM Agents" OR "AI Agents"`. */
  query: string;
  /** Examples it matches (indices). */
  examples: ReadonlySet<number>;
  /** Background papers it matches (indices). */
  background: ReadonlySet<number>;
}

/**
 * The topic's share of all papers. No term can match the topic's papers more often than it matches papers
 * at all, so pi <= rate / cov for every term; the tightest bound from a term most examples use is the
 * estimate (a precise, common term makes it exact). Terms used by fewer examples bound it only when no
 * term is used by half of them.
 */
export function estimatePrevalence(
  terms: readonly Term[],
  exampleCount: number,
  backgroundCount: number,
): number {
  const bound = (minCov: number) =>
    Math.min(
      ...terms
        .filter((t) => t.examples.size >= minCov * exampleCount && t.examples.size > 0)
        .map((t) => Math.max(t.background.size, 1) / backgroundCount / (t.examples.size / exampleCount)),
    );
  const pi = Number.isFinite(bound(0.5)) ? bound(0.5) : bound(0);
  return Number.isFinite(pi) ? Math.min(1, pi) : 1 / backgroundCount;
}

/** Estimated F1 of a query matching `examples` of the examples and `background` background papers. */
export function f1Of(
  examples: number,
  background: number,
  exampleCount: number,
  backgroundCount: number,
  pi: number,
): number {
  const recall = examples / exampleCount;
  if (recall === 0) return 0;
  const rate = Math.max(background, 1) / backgroundCount;
  const precision = Math.min(1, (pi * recall) / rate);
  return (2 * precision * recall) / (precision + recall);
}

/** Greedy: the term that most raises the estimated F1 of the union, until none does; at most `max`. */
export function chooseTerms(
  terms: readonly Term[],
  exampleCount: number,
  backgroundCount: number,
  max = 8,
): Term[] {
  const pi = estimatePrevalence(terms, exampleCount, backgroundCount);
  const chosen: Term[] = [];
  let examples = new Set<number>();
  let background = new Set<number>();
  let best = 0;
  while (chosen.length < max) {
    let pick: { term: Term; f1: number } | undefined;
    for (const term of terms) {
      if (chosen.includes(term)) continue;
      // Union sizes without building the unions: count what the term adds.
      let newExamples = 0;
      for (const i of term.examples) if (!examples.has(i)) newExamples++;
      let newBackground = 0;
      for (const i of term.background) if (!background.has(i)) newBackground++;
      const f1 = f1Of(
        examples.size + newExamples,
        background.size + newBackground,
        exampleCount,
        backgroundCount,
        pi,
      );
      if (f1 > (pick?.f1 ?? best) + 1e-9) pick = { term, f1 };
    }
    if (!pick) break;
    chosen.push(pick.term);
    best = pick.f1;
    examples = new Set([...examples, ...pick.term.examples]);
    background = new Set([...background, ...pick.term.background]);
  }
  return chosen;
}
