import { describe, expect, it } from 'vitest';
import type { DiscoverPaper } from '../../../lib/discover/acronym-aliases';
import { splitWindows } from '../../../lib/discover/discover';
import { discoverEmerging } from '../../../lib/discover/emerging';
import { steadyPapers, zebraPaper } from '../helpers/discover/emerging-corpus';

const DAY = 86_400_000;
const T = Date.UTC(2026, 2, 31, 23, 59, 59, 999);
const corpus = () => steadyPapers(T);
const zebra = (i: number) => zebraPaper(T, i);

describe('discoverEmerging', () => {
  it('lists no filler, however fast it rose (lib/discover/filler.ts)', () => {
    const filler = Array.from({ length: 9 }, (_, i) => ({
      id: `f${i}`,
      title: `Teacher-student cross-attention for task ${i}`,
      abstract: 'Test accuracy in dB over the visual modality.',
      categories: ['cs.LG'],
      date: T - (i + 1) * DAY,
    }));
    const list = discoverEmerging(
      [...corpus(), ...filler, ...Array.from({ length: 9 }, (_, i) => zebra(i))],
      T,
      () => [],
      30,
    );
    expect(list.some((e) => e.key === 'zsa')).toBe(true);
    const shown = list
      .flatMap((e) => [e.phrase, ...e.variants])
      .join(' | ')
      .toLowerCase();
    for (const phrase of ['teacher-student', 'cross-attention', 'test accuracy', 'db', 'visual modality']) {
      expect(shown).not.toMatch(new RegExp(`(^|[ |])${phrase}($|[ |])`));
    }
  });

  it('finds a new name in the recent weeks, merged with its variants, and says what covers it', () => {
    const papers = [...corpus(), ...Array.from({ length: 9 }, (_, i) => zebra(i))];
    const topicsOf = (p: DiscoverPaper) => (p.id.startsWith('z') ? ['efficient-attention'] : ['other']);
    const list = discoverEmerging(papers, T, topicsOf, 30);
    const entry = list.find((e) => e.variants.some((v) => /zebra/i.test(v)));
    expect(entry).toBeDefined();
    expect(entry!.phrase).toMatch(/^zebra.sparse attention.* \(ZSA\)$/i);
    expect(entry!.variants).toEqual(['ZSA', 'zebra sparse attentions']);
    expect(entry!.recent).toBe(9);
    expect(entry!.previous).toBe(0);
    expect(entry!.change).toBeNull();
    expect(entry!.p).toBeLessThan(0.01);
    expect(entry!.papers).toHaveLength(9);
    expect(entry!.papers[0]).toBe('z0'); // newest first
    expect(entry!.coveredBy).toEqual(['efficient-attention']);
    // Only one entry for all its variants, and the steady subjects do not emerge.
    expect(list.filter((e) => e.papers.includes('z3'))).toHaveLength(1);
    expect(list.some((e) => /protein|grasping|tax/i.test(e.phrase))).toBe(false);
  });

  it('finds nothing emerging from fewer papers than the minimum', () => {
    const papers = [...corpus(), ...Array.from({ length: 4 }, (_, i) => zebra(i))];
    expect(discoverEmerging(papers, T, () => [], 10)).toEqual([]);
  });

  it('splits papers into the recent 28 days and the 84 before, each id once, nothing after T', () => {
    const p = (id: string, daysAgo: number) => ({
      id,
      title: '',
      abstract: '',
      categories: [],
      date: T - daysAgo * DAY,
    });
    const w = splitWindows(
      [p('a', 0), p('a', 1), p('b', 27.9), p('c', 28), p('d', 111.9), p('e', 112), p('f', -1)],
      T,
    );
    expect(w.recent.map((x) => x.id)).toEqual(['a', 'b']);
    expect(w.baseline.map((x) => x.id)).toEqual(['c', 'd']);
  });
});
