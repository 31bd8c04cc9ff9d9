/**
 * `--trace` of `npm run eval:learn`'s niches: per mark step, the mark, the re-learned topic (query, scorer
 * thresholds) and the scored-half papers whose verdict changed at that step: which became false positives
 * (and which true positives were lost), each with why it matches or not (the query's verdict, the margin
 * against the thresholds). To see why marks lower F1 (2026-12-07, fifth session).
 */
import type { LearnedMatcher, NichePaper } from '../learn-niches';

export interface TraceStep {
  matcher: LearnedMatcher;
  /** The mark that led to this step (none for the topic from the examples). */
  mark?: { paper: NichePaper; yes: boolean };
}

const short = (title: string) => (title.length > 70 ? `${title.slice(0, 67)}...` : title);

export function printTrace(steps: readonly TraceStep[], scored: readonly [NichePaper, boolean][]): void {
  let before: Set<string> | undefined;
  steps.forEach((step, i) => {
    const hits = new Set(scored.filter(([p]) => step.matcher.matches(p)).map(([p]) => p.id));
    const tp = scored.filter(([p, t]) => t && hits.has(p.id)).length;
    const fp = scored.filter(([p, t]) => !t && hits.has(p.id)).length;
    const mark = step.mark
      ? `${step.mark.yes ? 'yes' : 'NOT'} "${short(step.mark.paper.title)}"`
      : 'examples';
    console.log(`      [${i}] ${mark}: TP ${tp} FP ${fp}  ${step.matcher.describe}`);
    if (before) {
      for (const [p, truth] of scored) {
        const now = hits.has(p.id);
        if (now === before.has(p.id)) continue;
        const what = truth ? (now ? '+TP' : '-TP') : now ? '+FP' : '-FP';
        const why = step.matcher.explain?.(p) ?? '';
        console.log(`          ${what} ${short(p.title)}  ${why}`);
      }
    }
    before = hits;
  });
}
