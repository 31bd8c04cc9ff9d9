import type { Paper } from '@/lib/paper';
import { withTopicKeys } from '@/lib/store/papers';
import type { StoredPaper } from '@/lib/store/schema';

/** Paper `n` (id 2609.1nnnn) as the index keeps it: tracked, tagged cs.LG, published 2026-09-01 unless told. */
export function storedPaper(n: number, at = Date.UTC(2026, 8, 1), tracked = true): StoredPaper {
  const paper: Paper = {
    id: `2609.${String(10000 + n)}`,
    title: `Paper ${n}`,
    abstract: 'Abstract.',
    authors: ['Ada Lovelace'],
    authorCount: 1,
    categories: ['cs.LG'],
    primary: 'cs.LG',
    published: at,
    updated: at,
  };
  return withTopicKeys({ ...paper, topics: ['cs.LG'], tracked });
}
