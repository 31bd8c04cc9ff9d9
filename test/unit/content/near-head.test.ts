import { describe, expect, it } from 'vitest';
import {
  createHeadWatch,
  createTopHeadWatch,
  hasPainted,
  navigationType,
  opensAtTop,
} from '@/lib/content/near-head';
import type { FoundPaper } from '@/lib/sites/types';

/** Papers whose entries sit `height` px apart from `top` on (a page scrolled down is a negative top). */
function papers(n: number, height: number, top = 0): FoundPaper[] {
  return Array.from({ length: n }, (_, i) => {
    const y = top + i * height;
    const entry = {
      getBoundingClientRect: () => ({ top: y, bottom: y + height, width: height ? 800 : 0, height }),
    };
    return { entry, anchor: entry, placement: 'after', ref: { title: `P${i}` } } as unknown as FoundPaper;
  });
}

function firstHead(list: FoundPaper[], margin: number) {
  const watch = createHeadWatch({ innerHeight: 800 }, margin);
  for (const [i, p] of list.entries()) {
    const head = watch.see(p);
    if (head) return { at: i, head };
  }
  return null;
}

describe('createHeadWatch', () => {
  it('gives the entries near the viewport once reading has passed below them, and only once', () => {
    const list = papers(100, 100);
    const found = firstHead(list, 400);
    // Near: tops below 1200 px (viewport 800 + margin 400), i.e. the first 12 entries; looked at every 8.
    expect(found?.at).toBe(15);
    expect([...found!.head.near]).toEqual(list.slice(0, 12));
    expect(found!.head.firstNear).toBe(0);
    expect(found!.head.prefix).toHaveLength(16);
  });

  it('leaves out the entries far above a page scrolled down', () => {
    const list = papers(100, 100, -3000);
    const found = firstHead(list, 400);
    // Near: bottom above -400 and top below 1200: entries 26 to 41.
    expect(found!.head.firstNear).toBe(26);
    expect([...found!.head.near]).toEqual(list.slice(26, 42));
  });

  it('finds no head on a page without layout, nor where reading never passes below the near zone', () => {
    expect(firstHead(papers(100, 0), 400)).toBeNull();
    expect(firstHead(papers(10, 100), 400)).toBeNull();
  });
});

describe('the head of a listing before its first layout', () => {
  it('is its first entries, found with no layout read, once', () => {
    const list = papers(100, 0).map((p) => ({
      ...p,
      entry: {
        getBoundingClientRect: () => {
          throw new Error('layout read');
        },
      },
    })) as unknown as FoundPaper[];
    const watch = createTopHeadWatch(10);
    const seen = list.map((p) => watch.see(p));
    expect(seen.findIndex(Boolean)).toBe(9);
    expect(seen.filter(Boolean)).toHaveLength(1);
    const head = seen[9]!;
    expect([...head.near]).toEqual(list.slice(0, 10));
    expect(head).toMatchObject({ firstNear: 0, laidOut: false });
    // A listing shorter than the head gives none: its rows are placed as any short listing's.
    const short = createTopHeadWatch(10);
    expect(
      list
        .slice(0, 9)
        .map((p) => short.see(p))
        .every((h) => h === null),
    ).toBe(true);
  });

  it('is used only where the page opens at its top', () => {
    const at = (href: string, type?: string) => opensAtTop(new URL(href), type);
    expect(at('https://arxiv.org/list/cs.AI/new', 'navigate')).toBe(true);
    expect(at('https://arxiv.org/list/cs.AI/new')).toBe(true);
    expect(at('https://arxiv.org/list/cs.AI/new#item120', 'navigate')).toBe(false);
    expect(at('https://arxiv.org/list/cs.AI/new', 'reload')).toBe(false);
    expect(at('https://arxiv.org/list/cs.AI/new', 'back_forward')).toBe(false);
  });

  it('tells a page that has painted (its layout clean to read) from one that has not', () => {
    const perf = (entries: unknown[]) => ({ performance: { getEntriesByType: () => entries } }) as never;
    expect(hasPainted(perf([{ name: 'first-paint' }]))).toBe(true);
    expect(hasPainted(perf([]))).toBe(false);
    expect(hasPainted({ performance: undefined } as never)).toBe(false);
    const nav = (type: string) => ({ performance: { getEntriesByType: () => [{ type }] } }) as never;
    expect(navigationType(nav('reload'))).toBe('reload');
  });
});
