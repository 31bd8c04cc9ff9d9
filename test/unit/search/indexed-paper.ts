import type { Paper } from '@/lib/paper';
import { withTopicKeys } from '@/lib/store/papers';
import type { IndexedPaper } from '@/lib/store/schema';

/** Paper `n` as the index stores it (id 2609.0000n, a minute after paper n - 1), in cs.LG unless `extra` says. */
export function indexedPaper(
  n: number,
  title: string,
  extra: Partial<Paper & { topics: string[] }> = {},
): IndexedPaper {
  const { topics = ['cs.LG'], ...rest } = extra;
  return withTopicKeys({
    id: `2609.${String(n).padStart(5, '0')}`,
    title,
    abstract: 'An abstract about nothing in particular.',
    authors: ['Ada Lovelace'],
    authorCount: 1,
    categories: ['cs.LG'],
    primary: 'cs.LG',
    published: Date.UTC(2026, 8, 1) + n * 60_000,
    updated: 0,
    topics,
    tracked: true,
    ...rest,
  });
}
