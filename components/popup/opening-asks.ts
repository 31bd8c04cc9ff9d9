import type { OpeningAsks } from '@/components/early-asks';

/** What the popup asks the background on open: one place, for the early asks and the popup's own. */
export const OPENING_ASKS = {
  'follows.list': {},
  'status.get': {},
  'topics.trending': { limit: 8 },
  'discover.emerging': { limit: 5 },
} as const satisfies OpeningAsks;
