import { describe, expect, it } from 'vitest';
import { splitWindows } from '@/lib/discover/discover';
import { discoverEmerging } from '@/lib/discover/emerging';
import { emergingQuery } from '@/lib/discover/emerging-query';
import {
  BASELINE_WEEKS,
  countWeek,
  firstAnswerWeek,
  keptBaseline,
  phraseWeeks,
  RECENT_WEEKS,
  type WeekCounts,
  weekCount,
  weekEnd,
  weekOf,
  weekStart,
} from '@/lib/discover/weekly';
import { steadyPapers, zebraPaper } from '../helpers/discover/emerging-corpus';

const DAY = 86_400_000;
const paper = (id: string, title: string, abstract = '') => ({
  id,
  title,
  abstract,
  categories: [],
  date: 0,
});

describe('weeks', () => {
  it('start on Monday 00:00 UTC and end on Sunday', () => {
    const monday = Date.UTC(2026, 2, 30);
    expect(weekStart(weekOf(monday))).toBe(monday);
    expect(weekOf(monday - 1)).toBe(weekOf(monday) - 1);
    expect(weekEnd(weekOf(monday))).toBe(Date.UTC(2026, 3, 5, 23, 59, 59, 999));
    expect(firstAnswerWeek(100)).toBe(100 - RECENT_WEEKS - BASELINE_WEEKS + 1);
  });
});

describe('countWeek', () => {
  it('keeps counts of phrases two or more papers use, and the others as filter bits', () => {
    const week = countWeek([
      paper('a', 'Graph mining at scale'),
      paper('b', 'Graph mining for tax law'),
      paper('c', 'Robot grasping'),
    ]);
    expect(week.papers).toBe(3);
    expect(week.phrases['graph mining']).toBe(2);
    expect(week.phrases['robot grasping']).toBeUndefined();
    expect(weekCount(week, 'graph mining')).toBe(2);
    expect(weekCount(week, 'robot grasping')).toBe(1);
    expect(weekCount(week, 'protein folding')).toBe(0);
  });

  it('counts a paper once per phrase', () => {
    const week = countWeek([
      paper('a', 'Graph mining', 'graph mining and graph mining'),
      paper('b', 'graph mining'),
    ]);
    expect(week.phrases['graph mining']).toBe(2);
  });
});

describe('the filter of phrases used once', () => {
  it('holds none of 100,000 phrases no paper used, in a week of 10,000 used once', () => {
    const week = countWeek(Array.from({ length: 10_000 }, (_, i) => paper(`p${i}`, `used${i}`)));
    expect(weekCount(week, 'used1234')).toBe(1);
    let false_ = 0;
    for (let i = 0; i < 100_000; i++) false_ += weekCount(week, `absent${i}`);
    expect(false_).toBe(0);
  });
});

describe('acronyms in kept weeks', () => {
  it('merge as when the papers are counted: defined in the baseline only, either form once a paper', () => {
    const last = weekOf(Date.UTC(2026, 2, 31));
    const T = weekEnd(last);
    const first = firstAnswerWeek(last);
    const at = (w: number, i: number) => weekStart(w) + i * 3_600_000;
    const papers = [
      ...steadyPapers(T),
      // Baseline: two papers define ZSA (and use both forms), one writes the expansion only.
      ...[0, 1].map((i) => ({
        ...paper(`d${i}`, 'Zebra Sparse Attention (ZSA) for parsing', 'ZSA helps.'),
        date: at(first + 2, i),
      })),
      { ...paper('e0', 'zebra sparse attention for tagging'), date: at(first + 5, 1) },
      // Recent: the acronym alone, never defined there.
      ...Array.from({ length: 8 }, (_, i) => ({
        ...paper(`r${i}`, `ZSA for task ${i}`, 'We scale ZSA.'),
        date: at(last - (i % 4), i),
      })),
    ];
    const { recent, baseline } = splitWindows(papers, T);
    const weeks: WeekCounts[] = [];
    for (let w = first; w < last - RECENT_WEEKS + 1; w++)
      weeks.push(countWeek(baseline.filter((p) => weekOf(p.date) === w)));
    const kept = keptBaseline(weeks);
    expect(kept.definitions.get('zsa')?.get('zebra sparse attention')).toBe(2);
    expect(kept.count('zsa', 'zebra sparse attention')).toBe(3);
    const exact = discoverEmerging(papers, T, () => [], 30).find((e) => e.key === 'zsa');
    const fromKept = discoverEmerging(recent, T, () => [], 30, kept).find((e) => e.key === 'zsa');
    expect(exact).toMatchObject({ recent: 8, previous: 3 });
    expect(fromKept).toMatchObject({ recent: 8, previous: 3, expansion: 'zebra sparse attention' });
  });
});

describe('keptBaseline and phraseWeeks', () => {
  const w1 = countWeek([paper('a', 'graph mining'), paper('b', 'graph mining')]);
  const w2 = countWeek([paper('c', 'graph mining'), paper('d', 'tax law')]);

  it('sums papers and phrase counts over the weeks', () => {
    const kept = keptBaseline([w1, w2]);
    expect(kept.papers).toBe(4);
    expect(kept.count('graph mining')).toBe(3);
    expect(kept.count('speech coding')).toBe(0);
  });

  it('gives sixteen weeks, the baseline from kept counts and the recent from paper dates', () => {
    const last = 3000;
    const first = firstAnswerWeek(last);
    const baseline = new Map<number, WeekCounts>([
      [first, w1],
      [first + 1, w2],
    ]);
    const dates = [weekStart(last) + DAY, weekStart(last) + 2 * DAY, weekStart(last - 1)];
    const counts = phraseWeeks({ key: 'graph mining' }, first, last, baseline, dates);
    expect(counts).toHaveLength(RECENT_WEEKS + BASELINE_WEEKS);
    expect(counts.slice(0, 3)).toEqual([2, 1, 0]);
    expect(counts.slice(-2)).toEqual([1, 2]);
  });
});

describe('discoverEmerging from kept weeks', () => {
  it('finds what the papers themselves find, from the recent papers and the baseline weeks', () => {
    const last = weekOf(Date.UTC(2026, 2, 31));
    const T = weekEnd(last);
    const papers = [...steadyPapers(T), ...Array.from({ length: 9 }, (_, i) => zebraPaper(T, i))];
    const { recent, baseline } = splitWindows(papers, T);
    const weeks: WeekCounts[] = [];
    for (let w = firstAnswerWeek(last); w < last - RECENT_WEEKS + 1; w++)
      weeks.push(countWeek(baseline.filter((p) => weekOf(p.date) === w)));
    const exact = discoverEmerging(papers, T, () => [], 10);
    const kept = discoverEmerging(recent, T, () => [], 10, keptBaseline(weeks));
    expect(kept.map((e) => [e.phrase, e.recent, e.previous])).toEqual(
      exact.map((e) => [e.phrase, e.recent, e.previous]),
    );
    expect(kept[0]?.key).toBe('zsa');
  });
});

describe('emergingQuery', () => {
  it('joins the spellings: acronyms bare, phrases quoted', () => {
    expect(emergingQuery('Zebra Sparse Attention (ZSA)', ['ZSA', 'zebra sparse attentions'])).toBe(
      'ZSA OR "zebra sparse attentions"',
    );
  });

  it('falls back on the phrase and keeps at most four terms, each once', () => {
    expect(emergingQuery('world models', [])).toBe('"world models"');
    expect(emergingQuery('x', ['a b', 'A B', 'c d', 'e f', 'g h', 'i j']).split(' OR ')).toHaveLength(4);
  });
});
