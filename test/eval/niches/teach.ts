/**
 * The simulated user of `npm run eval:learn`'s niches (issue 37) and the papers it is scored on, kept apart:
 * each niche's judged papers of a split are halved by a stable hash of the arXiv id into a "teach" half
 * (the examples are drawn from it, and only its papers are marked) and a "scored" half (F1 is computed on it
 * alone, the same papers before and after the marks). Marking a paper then never takes it out of the scored
 * set, so the change from marks is a change in what was learned, and two ways of choosing what to mark
 * compare by their levels too.
 */

/** Which half a judged paper is in; the same on every run and machine (FNV-1a of the id, salted). */
export function teachHalf(id: string): boolean {
  if (!id) throw new Error('A paper without an id cannot be put in a half');
  let h = 2166136261 ^ 0x7eac4;
  for (const c of `teach:${id}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) & 1) === 0;
}

/** Judged papers of a split, in their two halves (each keeps the order it was given). */
export function halves<P extends { id: string }>(
  judged: readonly [P, boolean][],
): { teach: [P, boolean][]; scored: [P, boolean][] } {
  return {
    teach: judged.filter(([p]) => teachHalf(p.id)),
    scored: judged.filter(([p]) => !teachHalf(p.id)),
  };
}

/**
 * The paper the simulated user marks on a preview, and its answer: the first row that is a judged paper of
 * the teach half not yet taught (an example or already marked). Rows of the scored half or nobody judged
 * are skipped, as a user who does not mark them. Undefined when no row can be marked: the user stops.
 */
export function markOnPreview<P extends { id: string }>(
  rows: readonly P[],
  teach: ReadonlyMap<string, boolean>,
  taught: ReadonlySet<string>,
): { paper: P; yes: boolean } | undefined {
  for (const paper of rows) {
    const yes = teach.get(paper.id);
    if (yes === undefined || taught.has(paper.id)) continue;
    return { paper, yes };
  }
  return undefined;
}
