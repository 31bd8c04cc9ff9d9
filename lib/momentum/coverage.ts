import type { Holds } from './compute-momentum';
import { DAY_MS } from './count-in';

/**
 * What the index holds of a category: from when (`coveredFrom`, the start of its history window), less the
 * ranges still to fetch (`pending`). The ingestion's per-category sync state (lib/ingest/plan.ts) has this
 * shape; a category with no such record is not held at all.
 */
export interface CategoryHolding {
  coveredFrom?: number | undefined;
  pending: readonly { from: number; to: number }[];
}

/**
 * Whether the index held every paper of each of `categories` dated in [from, to]: each was planned back to
 * `from` at least and has nothing left to fetch there. In the extension a topic's papers can come from any
 * tracked category, so its categories are all of them: "new" needs them all to reach back.
 */
export function holdsAll(
  holdings: Readonly<Record<string, CategoryHolding>>,
  categories: readonly string[],
  from: number,
  to: number,
): boolean {
  if (categories.length === 0) return false;
  return categories.every((category) => {
    const held = holdings[category];
    if (held?.coveredFrom === undefined || held.coveredFrom > from) return false;
    return held.pending.every((gap) => gap.to < from || gap.from > to);
  });
}

/** The momentum's coverage (`Holds`) of an index that tracks `categories`, from its sync state. */
export function coverageOf(
  holdings: Readonly<Record<string, CategoryHolding>>,
  categories: readonly string[],
): Holds {
  return (from, to) => holdsAll(holdings, categories, from, to);
}

/**
 * Coverage read off a set of papers taken as all there is (the CLI's file): each category is held from the
 * start of the UTC day of its earliest paper. A topic's recent papers are its evidence of which categories it
 * lives in: the window is held for the topic when each of them lists a category held since `from`, so a paper
 * like it would have been found there. A paper listing no category is judged by the file's earliest paper
 * (`earliest` under the key "").
 */
export function heldByFile(earliest: ReadonlyMap<string, number>) {
  const start = (category: string) => {
    const t = earliest.get(category);
    return t === undefined ? Number.POSITIVE_INFINITY : Math.floor(t / DAY_MS) * DAY_MS;
  };
  return (recentPapers: readonly (readonly string[])[]): Holds =>
    (from) =>
      recentPapers.every((categories) =>
        categories.length === 0 ? start('') <= from : categories.some((c) => start(c) <= from),
      );
}
