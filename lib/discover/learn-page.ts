/** The most papers one topic is learned from (the bound of `topics.learn`). */
export const MAX_LEARN_EXAMPLES = 50;

/** The options page's "Learn a topic from papers", filled with `ids` (relative to the extension's origin). */
export function learnPagePath(ids: readonly string[]): string {
  return `/options.html?learn=${ids.map(encodeURIComponent).join(',')}#learn-topic`;
}

/**
 * Rows of the learn page's preview: the newest matches not yet taught (the examples and the papers marked
 * "not this" are left out, so each row can be marked), each with "yes, this" and "not this". What a user
 * marks, and what `npm run eval:learn`'s simulated user reads (20 since 2026-12-07's third session: 10 rows
 * with the examples among them left about three to mark).
 */
export const LEARN_PREVIEW_ROWS = 20;

/** The rows of the learn page's preview among the newest matches (LEARN_PREVIEW_ROWS, none taught). */
export function untaughtRows<P extends { id: string }>(
  newest: readonly P[],
  examples: readonly string[],
  notThis: readonly string[],
): P[] {
  const taught = new Set([...examples, ...notThis]);
  return newest.filter((p) => !taught.has(p.id)).slice(0, LEARN_PREVIEW_ROWS);
}
