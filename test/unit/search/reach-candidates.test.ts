import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Paper } from '@/lib/paper';
import { buildSearchIndex } from '@/lib/search/build-search';
import { reachCandidates } from '@/lib/search/reach-candidates';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import { stemWord } from '@/lib/text/tokens';
import { RAW } from '@/lib/topics/reach-phrases';
import type { TopicChange } from '@/lib/topics/reach-test';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

function paper(
  id: string,
  abstract: string,
): Paper & { topics: string[]; tracked: boolean; topicKeys: string[] } {
  return {
    id,
    title: 'A paper',
    abstract,
    authors: ['Ada Lovelace'],
    authorCount: 1,
    categories: ['cs.AI'],
    primary: 'cs.AI',
    published: Date.UTC(2026, 8, 1),
    updated: Date.UTC(2026, 8, 1),
    topics: [],
    tracked: true,
    topicKeys: [],
  };
}

/** A change of one topic whose phrases are these (each a one-word phrase of the given keys). */
function changeOf(...words: string[]): TopicChange {
  const reach = { fp: 'x', parents: [], phrases: words.map((w) => [[w]]), keys: [], gives: [] };
  return { ids: ['t'], reaches: [{ reach, state: {} } as never] };
}

describe('the rows a change can reach, from the search index', () => {
  it('reads a bucket one word wants exactly and another as a prefix as a prefix (the acronym AI, the stem "ai")', async () => {
    expect(stemWord('AIs')).toBe('ai');
    const db = await openIndexDb('ai');
    await buildSearchIndex(db);
    await writePapers(db, [
      paper('2609.00001', 'Assistants built on AIs that plan.'),
      paper('2609.00002', 'We study AI for planning.'),
      paper('2609.00003', 'Nothing of that kind here.'),
    ]);
    // The acronym's exact bucket "ai" is met first; the stem's terms ("ais") lie in the bucket "ais".
    expect(await reachCandidates(db, changeOf(`${RAW}AI`, 'ai'))).toEqual(['2609.00001', '2609.00002']);
    expect(await reachCandidates(db, changeOf(`${RAW}AI`))).toEqual(['2609.00002']);
    db.close();
  });
});
