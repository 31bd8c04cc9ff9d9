/** The most papers one topic is learned from (the bound of `topics.learn`). */
export const MAX_LEARN_EXAMPLES = 50;

/** The options page's "Learn a topic from papers", filled with `ids` (relative to the extension's origin). */
export function learnPagePath(ids: readonly string[]): string {
  return `/options.html?learn=${ids.map(encodeURIComponent).join(',')}#learn-topic`;
}

/**
 * Rows of the learn page's preview, the newest matches, each (but the examples) with "yes, this" and
 * "not this": what a user marks, and what `npm run eval:learn`'s simulated user reads.
 */
export const LEARN_PREVIEW_ROWS = 10;
