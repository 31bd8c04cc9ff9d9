import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { runSearch, type SearchQuery, type SearchResult, type SearchSource } from '@/lib/search/search-query';
import { searchState } from '@/lib/search/search-state';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import type { IndexDb } from '@/lib/store/schema';
import { indexedPaper } from './indexed-paper';

// Queries share scratch arrays between them (lib/search/query-matches.ts, search-query.ts): these check that
// queries in flight at once, and one query after another, never see each other's marks or scores.

let db: IndexDb;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb('scratch-test');
  const words = ['graph', 'graphs', 'graphical', 'learning', 'learned', 'protein', 'folding', 'diffusion'];
  const papers = Array.from({ length: 300 }, (_, n) =>
    indexedPaper(n, `${words[n % 8]} ${words[(n * 3) % 8]} study ${n}`, {
      abstract: `We study ${words[(n * 5) % 8]} and ${words[(n * 7 + 1) % 8]} ${words[n % 3]}.`,
      topics: n % 2 ? ['cs.LG', 'gnn'] : ['cs.LG'],
    }),
  );
  await writePapers(db, papers);
});

/** A source over the stored index whose document reads wait for `gate` (when given). */
function source(gate?: Promise<void>): SearchSource {
  return {
    state: () => searchState.read(db),
    buckets: (blocks, bucket) => Promise.all(blocks.map((b) => db.get('searchPostings', [b, bucket]))),
    bucketsFrom: (blocks, prefix) =>
      Promise.all(
        blocks.map((b) =>
          db.getAll('searchPostings', IDBKeyRange.bound([b, prefix], [b, `${prefix}\uffff`])),
        ),
      ),
    docBlocks: async (blocks) => {
      await gate;
      return Promise.all(blocks.map((b) => db.get('searchDocs', b)));
    },
  };
}

const plain = (r: SearchResult) => ({ ...r, facets: Object.fromEntries(r.facets) });

describe('queries sharing scratch arrays', () => {
  const queries: SearchQuery[] = [
    { text: 'graph learn' },
    { text: 'graph protein diffusion', mode: 'or', topic: 'gnn' },
    { text: 'gr', top: 5 },
    { text: 'folding learning' },
  ];

  it('rank the same one after another, asked twice, as alone', async () => {
    const alone = [];
    for (const q of queries) alone.push(plain(await runSearch(source(), q)));
    for (const q of [...queries].reverse()) {
      expect(plain(await runSearch(source(), q))).toEqual(alone[queries.indexOf(q)]);
    }
    expect(alone[0]!.total).toBeGreaterThan(10);
    expect(alone[1]!.hits.length).toBeGreaterThan(10);
  });

  it('rank the same when a query runs while another waits for its reads', async () => {
    const alone = [];
    for (const q of queries) alone.push(plain(await runSearch(source(), q)));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const waiting = queries.map((q) => runSearch(source(gate), q));
    // Others run to the end while the gated ones are between their two reads.
    for (const [i, q] of queries.entries()) expect(plain(await runSearch(source(), q))).toEqual(alone[i]);
    open();
    expect((await Promise.all(waiting)).map(plain)).toEqual(alone);
  });
});
