import type { OpeningAsks } from '@/components/early-asks';

/** Papers per page of a topic's list. */
export const PAGE_SIZE = 20;

/** What a topic page asks on open (its entrypoint starts it early): one place for both. */
export function topicOpeningAsks(id: string) {
  return { 'topic.get': { id, offset: 0, limit: PAGE_SIZE } } satisfies OpeningAsks;
}
