import { describe, expect, it } from 'vitest';
import type { IndexDb } from '@/lib/store/schema';
import { askFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;
const ASK = { id: 'agentic-rl', question: 'Which reward models assign credit?', limit: 8 };

/** The database with its reads of the daily counts held until `open`, and every transaction's stores noted. */
function holdCounts(db: IndexDb, opened: Promise<void>, stores: string[]): IndexDb {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'getAll')
        return async (store: string, ...rest: unknown[]) => {
          if (store === 'counts') await opened;
          return (target.getAll as (...a: unknown[]) => unknown)(store, ...rest);
        };
      if (key === 'transaction')
        return (names: string | string[], ...rest: unknown[]) => {
          stores.push(...[names].flat());
          return (target.transaction as (...a: unknown[]) => unknown)(names, ...rest);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe("a fresh worker's Ask", () => {
  it('reads its search while the context loads, and answers as a loaded worker does', async () => {
    const { papers } = askFixture(T);
    const bg = createTestBackground(syntheticPapers(END, 84, 3, papers), NOW);
    await bg.app.installed();
    await bg.app.idle();
    const warm = await bg.call<{ papers: { id: string }[] }>('topic.ask', ASK);
    expect(warm.papers.length).toBeGreaterThan(0);

    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const stores: string[] = [];
    bg.setDbWrapper((db) => holdCounts(db, opened, stores));
    const restarted = bg.restart();
    const answer = bg.call<{ papers: { id: string }[] }>('topic.ask', ASK);
    // The context waits for the counts; the search's postings and document blocks are read meanwhile.
    for (let i = 0; i < 200 && !stores.includes('searchDocs'); i++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(stores).toContain('searchPostings');
    expect(stores).toContain('searchDocs');
    open();
    expect(await answer).toEqual(warm);
    await restarted;
  });
});
