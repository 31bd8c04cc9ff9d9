/** The most papers one topic is learned from (the bound of `topics.learn`). */
export const MAX_LEARN_EXAMPLES = 50;

/** The options page's "Learn a topic from papers", filled with `ids` (relative to the extension's origin). */
export function learnPagePath(ids: readonly string[]): string {
  return `/options.html?learn=${ids.map(encodeURIComponent).join(',')}#learn-topic`;
}
