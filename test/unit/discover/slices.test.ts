import { describe, expect, it } from 'vitest';
import type { DiscoverPaper } from '@/lib/discover/acronym-aliases';
import { discoverEmerging, discoverEmergingSliced } from '@/lib/discover/emerging';
import { PAPERS_A_SLICE } from '@/lib/discover/slices';
import { countWeek, countWeekSliced } from '@/lib/discover/weekly';
import { steadyPapers, zebraPaper } from '../helpers/discover/emerging-corpus';

const T = Date.UTC(2026, 2, 31);

/** A few thousand papers: the steady background eight times over (ids kept distinct), and a new name. */
function manyPapers(): DiscoverPaper[] {
  const steady = Array.from({ length: 8 }, (_, copy) =>
    steadyPapers(T).map((p) => ({ ...p, id: `${p.id}-${copy}` })),
  ).flat();
  return [...steady, ...Array.from({ length: 9 }, (_, i) => zebraPaper(T, i))];
}

describe('a recount in slices', () => {
  it('lets a task queued meanwhile run before it ends, and answers as the count at once does', async () => {
    const papers = manyPapers();
    expect(papers.length).toBeGreaterThan(2500);
    const order: string[] = [];
    const recount = discoverEmergingSliced(papers, T, () => [], 10).then((found) => {
      order.push('recount');
      return found;
    });
    setTimeout(() => order.push('other task'), 0);
    const found = await recount;
    expect(order).toEqual(['other task', 'recount']);
    expect(found).toEqual(discoverEmerging(papers, T, () => [], 10));
    expect(found.map((e) => e.key)).toContain('zsa');
  });

  it('pauses at least once every PAPERS_A_SLICE papers of each pass over them', async () => {
    const papers = manyPapers();
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    await discoverEmergingSliced(papers, T, () => [], 10, undefined, pause);
    // Papers inside the windows: recent for aliases, encoding, counting, matching and words; the baseline
    // for aliases and counting.
    const inWindows = papers.filter((p) => p.date > T - 112 * 86_400_000).length;
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(inWindows / PAPERS_A_SLICE) * 2);
  });

  it('counts a week one slice of papers a pause, to the same counts', async () => {
    const papers = manyPapers().slice(0, 1500);
    let pauses = 0;
    const counts = await countWeekSliced(papers, async () => {
      pauses++;
    });
    expect(pauses).toBeGreaterThanOrEqual(papers.length / PAPERS_A_SLICE);
    expect(counts).toEqual(countWeek(papers));
  });
});
