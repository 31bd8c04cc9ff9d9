import type { OpeningAsks } from '@/components/early-asks';

/** Papers per page of a topic's list. */
export const PAGE_SIZE = 20;

/**
 * What a topic page asks on open (its entrypoint starts them early): one place for both. The head (name,
 * momentum, chart: kept counts) answers before the papers and related topics, which are read from the index.
 */
export function topicOpeningAsks(id: string) {
  return {
    'topic.head': { id },
    'topic.get': { id, offset: 0, limit: PAGE_SIZE },
  } satisfies OpeningAsks;
}
