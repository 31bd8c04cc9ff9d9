// @vitest-environment happy-dom
import { act, cleanup, fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChipModel } from '@/components/inpage/chip-row';
import { estimateChipWidth, fitChips } from '@/components/inpage/chip-row';
import { PaperChips } from '@/components/inpage/paper-chips';
import { drawStaticRow } from '@/components/inpage/static-row';
import type { Annotation, TopicSummary } from '@/lib/messages/schemas';
import { fakeEnv, renderInEnv } from '../../helpers/inpage/fake-env';
import { READY_INDEX, topic } from '../../helpers/inpage/make-topic';
import { trusted, user } from '../../helpers/inpage/user-input';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// Five chips: the four fine topics a row shows at most (MAX_FINE_CHIPS) and an arXiv category.
const NAMES = ['Agentic RL', 'LLM Agents', 'Reinforcement Learning', 'LLM Tool Use'];
const TOPICS = [
  ...NAMES.map((name, i) => topic(`t${i}`, { name })),
  topic('cs.LG', { kind: 'category', name: 'Machine Learning' }),
];
const ANNOTATION: Annotation = {
  tags: TOPICS.map((t, i) => ({ id: t.id, score: 10 - i, evidence: [{ phrase: t.name, where: 'title' }] })),
  inIndex: true,
  tracked: true,
  categories: ['cs.AI'],
};

function renderRow(props: { compact?: boolean; width?: number } = {}) {
  const { env } = fakeEnv(TOPICS, READY_INDEX);
  const view = renderInEnv(<PaperChips view={{ status: 'ready', annotation: ANNOTATION }} {...props} />, env);
  const chip = (id: string) => view.container.querySelector<HTMLElement>(`[data-topic-id="${id}"]`)!;
  const card = () => view.container.querySelector('[role="dialog"]');
  return { ...view, chip, card };
}

describe('the chip row’s cards', () => {
  it('opens a chip’s card on keyboard focus, right after the chip, and closes it with Escape', () => {
    const { chip, card } = renderRow();
    act(() => chip('t1').focus());
    expect(card()).not.toBeNull();
    expect(chip('t1').nextElementSibling).toBe(card());
    expect(chip('t1').getAttribute('aria-expanded')).toBe('true');
    expect(chip('t1').getAttribute('aria-controls')).toBe(card()!.id);
    expect(card()!.getAttribute('aria-label')).toBe('LLM Agents: momentum and actions');
    user.keyDown(card()!.querySelector('button')!, 'Escape');
    expect(card()).toBeNull();
    expect(chip('t1').getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape from a button inside the card, and gives focus back to the chip without reopening', () => {
    const { chip, card } = renderRow();
    act(() => chip('t0').focus());
    const follow = card()!.querySelector<HTMLElement>('[data-action="follow"]')!;
    act(() => follow.focus());
    expect(card()).not.toBeNull();
    act(() => {
      user.keyDown(follow, 'Escape');
    });
    expect(card()).toBeNull();
    expect(document.activeElement === chip('t0') || chip('t0').matches(':focus')).toBe(true);
  });

  it('keeps the card open while focus moves into it, and closes it when focus leaves the row', () => {
    const { chip, card } = renderRow();
    act(() => chip('t0').focus());
    const follow = card()!.querySelector<HTMLElement>('[data-action="follow"]')!;
    act(() => {
      fireEvent.focusOut(chip('t0'), { relatedTarget: follow });
    });
    expect(card()).not.toBeNull();
    act(() => {
      fireEvent.focusOut(follow, { relatedTarget: document.body });
    });
    expect(card()).toBeNull();
  });

  it('opens on hover after a short delay, moves to another chip, and closes after the pointer leaves', () => {
    vi.useFakeTimers();
    const { chip, card } = renderRow();
    user.mouseOver(chip('t0'));
    expect(card()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(card()!.getAttribute('aria-label')).toMatch(/^Agentic RL/);
    user.mouseOver(chip('t2'));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(card()!.getAttribute('aria-label')).toMatch(/^Reinforcement Learning/);
    user.mouseOut(chip('t2'), document.body);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(card()).toBeNull();
  });

  it('opens no card on a page script’s hover or click', () => {
    vi.useFakeTimers();
    const { chip, card } = renderRow();
    act(() => {
      fireEvent.mouseOver(chip('t0'));
      chip('t1').click();
      vi.advanceTimersByTime(500);
    });
    expect(card()).toBeNull();
    user.click(chip('t1'));
    expect(card()!.getAttribute('aria-label')).toMatch(/^LLM Agents/);
  });
});

describe('compact rows', () => {
  it('show the chips that fit and put the rest behind "+N", which expands the row', () => {
    const { container, getByText } = renderRow({ compact: true, width: 330 });
    const shown = () => container.querySelectorAll('[data-topic-id]').length;
    expect(shown()).toBeGreaterThan(0);
    expect(shown()).toBeLessThan(5);
    const more = getByText(`+${5 - shown()}`);
    expect(more.getAttribute('aria-label')).toBe(`Show ${5 - shown()} more topics`);
    fireEvent.click(more); // a page script's
    expect(shown()).toBeLessThan(5);
    user.click(more);
    expect(shown()).toBe(5);
    expect(container.querySelector('.pp-row--expanded')).not.toBeNull();
  });

  it('open no card on the chip that "+N" brings under a still pointer; a hover after the pointer moved does', () => {
    vi.useFakeTimers();
    const { container, getByText, card } = renderRow({ compact: true, width: 330 });
    const at = { bubbles: true, cancelable: true, composed: true, clientX: 300, clientY: 12 };
    const more = getByText(/^\+\d$/);
    act(() => {
      more.dispatchEvent(trusted(new MouseEvent('click', at)));
    });
    const appeared = [...container.querySelectorAll<HTMLElement>('[data-topic-id]')].at(-1)!;
    // The browser's mouseover for the chip now under the pointer, which has not moved.
    act(() => {
      appeared.dispatchEvent(trusted(new MouseEvent('mouseover', at)));
      vi.advanceTimersByTime(500);
    });
    expect(card()).toBeNull();
    act(() => {
      appeared.dispatchEvent(trusted(new MouseEvent('mouseover', { ...at, clientX: 305 })));
      vi.advanceTimersByTime(500);
    });
    expect(card()).not.toBeNull();
  });

  it('show every chip when the width is unknown', () => {
    const { container } = renderRow({ compact: true });
    expect(container.querySelectorAll('[data-topic-id]')).toHaveLength(5);
    expect(container.querySelector('.pp-more')).toBeNull();
  });
});

describe('fitChips', () => {
  const models: ChipModel[] = TOPICS.map((t) => ({ topic: t, tag: { id: t.id, score: 1, evidence: [] } }));
  const badge = () => '+300%';
  it('fits by estimated width, keeping room for "+N" unless every chip fits', () => {
    const all = models.reduce((sum, m) => sum + estimateChipWidth(m.topic.name, '+300%'), 0);
    expect(fitChips(models, badge, all)).toBe(5);
    expect(fitChips(models, badge, all - 1)).toBe(4);
    expect(fitChips(models, badge, 10)).toBe(1);
    expect(fitChips(models, badge, undefined)).toBe(5);
    expect(fitChips(models, badge, Number.NaN)).toBe(5);
    expect(fitChips([], badge, 100)).toBe(0);
  });
});

describe('listing density', () => {
  it('draws fine topics first, at most four, categories after them, never the listing’s own category', () => {
    const fine = Array.from({ length: 8 }, (_, i) => topic(`f${i}`, { name: `Fine ${i}` }));
    const cats = [
      topic('cs.AI', { kind: 'category', name: 'Artificial Intelligence' }),
      topic('cs.CL', { kind: 'category', name: 'Computation and Language' }),
    ];
    const { env } = fakeEnv([...fine, ...cats], READY_INDEX);
    env.pageCategory = 'cs.AI';
    const annotation: Annotation = {
      tags: [
        { id: 'cs.AI', score: 10 },
        { id: 'cs.CL', score: 10 },
        ...fine.map((t, i) => ({ id: t.id, score: 9 - i })),
      ],
      inIndex: true,
      tracked: true,
      categories: ['cs.AI', 'cs.CL'],
    };
    const view = renderInEnv(<PaperChips view={{ status: 'ready', annotation }} compact />, env);
    const ids = [...view.container.querySelectorAll('[data-topic-id]')].map((c) =>
      c.getAttribute('data-topic-id'),
    );
    expect(ids).toEqual(['f0', 'f1', 'f2', 'f3', 'cs.CL']);
  });
});

describe('topics past the four strongest', () => {
  it('wait behind "+N" on a paper page too, and show when the reader asks', () => {
    const fine = Array.from({ length: 6 }, (_, i) => topic(`f${i}`, { name: `Fine ${i}` }));
    const { env } = fakeEnv(fine, READY_INDEX);
    const annotation: Annotation = {
      tags: fine.map((t, i) => ({ id: t.id, score: 9 - i })),
      inIndex: true,
      tracked: true,
      categories: [],
    };
    const view = renderInEnv(<PaperChips view={{ status: 'ready', annotation }} />, env);
    const ids = () =>
      [...view.container.querySelectorAll('[data-topic-id]')].map((c) => c.getAttribute('data-topic-id'));
    expect(ids()).toEqual(['f0', 'f1', 'f2', 'f3']);
    const more = view.getByText('+2');
    fireEvent.click(more); // a page script's
    expect(ids()).toHaveLength(4);
    user.click(more);
    expect(ids()).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5']);
  });
});

describe('one chip row, two ways of drawing it', () => {
  /** What a reader sees of a row: its classes, each chip (id, name, badge, state) and the "+N". */
  function seen(root: ParentNode) {
    const row = root.querySelector('.pp-row')!;
    return {
      row: row.className,
      chips: [...row.querySelectorAll<HTMLElement>('[data-topic-id]')].map((chip) => ({
        id: chip.getAttribute('data-topic-id'),
        text: chip.textContent,
        classes: chip.className,
        badge: chip.querySelector('.pp-badge')?.getAttribute('aria-label'),
      })),
      more: row.querySelector('.pp-more')?.textContent ?? null,
      note: row.querySelector('.pp-note')?.textContent ?? null,
    };
  }

  type Seen = ReturnType<typeof seen>;
  const cases: {
    name: string;
    tags: Annotation['tags'];
    width?: number;
    followed?: string;
    muted?: string;
    check(row: Seen): void;
  }[] = [
    { name: 'every chip fits', tags: ANNOTATION.tags, check: (r) => expect(r.chips).toHaveLength(5) },
    {
      name: 'a narrow entry puts chips behind +N',
      tags: ANNOTATION.tags,
      width: 330,
      check: (r) => expect(r.more).toBe(`+${5 - r.chips.length}`),
    },
    {
      name: 'a followed and a muted topic',
      tags: ANNOTATION.tags,
      followed: 't1',
      muted: 't3',
      check: (r) => expect(r.row).toContain('pp-row--followed'),
    },
    {
      name: 'categories after fine topics, the listing’s own left out',
      tags: [{ id: 'cs.AI', score: 10 }, { id: 'cs.CL', score: 10 }, ...ANNOTATION.tags.slice(0, 2)],
      check: (r) => expect(r.chips.map((x) => x.id)).toEqual(['t0', 't1', 'cs.CL']),
    },
    { name: 'no topics', tags: [], check: (r) => expect(r.note).toBe('no topics found') },
  ];
  for (const c of cases) {
    it(`draws the same chips live and static: ${c.name}`, () => {
      const topics = [
        ...TOPICS.map((t) => ({ ...t, followed: t.id === c.followed, muted: t.id === c.muted })),
        topic('cs.AI', { kind: 'category', name: 'Artificial Intelligence' }),
        topic('cs.CL', { kind: 'category', name: 'Computation and Language' }),
      ];
      const { env } = fakeEnv(topics, READY_INDEX);
      env.pageCategory = 'cs.AI';
      const annotation: Annotation = { ...ANNOTATION, tags: c.tags };
      const live = renderInEnv(
        <PaperChips
          view={{ status: 'ready', annotation }}
          compact
          {...(c.width ? { width: c.width } : {})}
        />,
        env,
      );
      const mount = document.createElement('div');
      drawStaticRow(mount, annotation, env.store, READY_INDEX, c.width, env.pageCategory);
      expect(seen(mount)).toEqual(seen(live.container));
      c.check(seen(mount));
    });
  }
});

describe('the most specific topics first', () => {
  // The paper: three fields and the narrow topics under them, strongest score on the broad ones.
  const fields = ['large-language-models', 'reinforcement-learning', 'natural-language-processing'];
  const SET = [
    topic('large-language-models', { name: 'Large Language Models', field: true }),
    topic('reinforcement-learning', { name: 'Reinforcement Learning', field: true }),
    topic('natural-language-processing', { name: 'NLP', field: true }),
    topic('grpo', { name: 'GRPO', broader: ['reinforcement-learning'] }),
    topic('agentic-rl', {
      name: 'Agentic RL',
      broader: ['reinforcement-learning', 'llm-agents', 'large-language-models'],
    }),
    topic('llm-agents', { name: 'LLM Agents', broader: ['large-language-models'] }),
    topic('llm-evaluation', { name: 'LLM Evaluation', broader: ['large-language-models'] }),
    topic('cs.LG', { kind: 'category', name: 'Machine Learning' }),
  ];
  const scores: Record<string, number> = {
    'large-language-models': 10,
    'reinforcement-learning': 9.5,
    'natural-language-processing': 9,
    'llm-agents': 8.5,
    grpo: 8,
    'agentic-rl': 7.5,
    'llm-evaluation': 6,
    'cs.LG': 1,
  };
  function row(ids: string[], options: { followed?: string; compact?: boolean } = {}) {
    const topics = SET.filter((t) => ids.includes(t.id)).map((t) => ({
      ...t,
      followed: t.id === options.followed,
    }));
    const { env } = fakeEnv(topics, READY_INDEX);
    const annotation: Annotation = {
      tags: ids.map((id) => ({ id, score: scores[id]! })),
      inIndex: true,
      tracked: true,
      categories: ['cs.LG'],
    };
    const live = renderInEnv(
      <PaperChips view={{ status: 'ready', annotation }} compact={options.compact} />,
      env,
    );
    const shown = [...live.container.querySelectorAll('[data-topic-id]')].map((c) =>
      c.getAttribute('data-topic-id'),
    );
    const more = live.container.querySelector('.pp-more')?.textContent ?? null;
    cleanup();
    // The static listing row draws the same chips (components/inpage/static-row.ts).
    const mount = document.createElement('div');
    drawStaticRow(mount, annotation, env.store, READY_INDEX, undefined);
    const drawn = [...mount.querySelectorAll('[data-topic-id]')].map((c) => c.getAttribute('data-topic-id'));
    expect(drawn).toEqual(shown);
    return { shown, more };
  }

  it('gives the visible slots to narrow topics, a field after them, and puts the parents they imply behind +N', () => {
    const { shown, more } = row(SET.map((t) => t.id));
    expect(shown).toEqual(['grpo', 'agentic-rl', 'llm-evaluation', 'natural-language-processing', 'cs.LG']);
    expect(more).toBe('+3');
  });

  it('shows a child before its parent, the parent behind +N even with slots free', () => {
    expect(row(['reinforcement-learning', 'agentic-rl', 'cs.LG'])).toEqual({
      shown: ['agentic-rl', 'cs.LG'],
      more: '+1',
    });
    expect(row(['llm-agents', 'agentic-rl', 'cs.LG']).shown).toEqual(['agentic-rl', 'cs.LG']);
  });

  it('shows a narrow topic before a field it is not under', () => {
    expect(row(['natural-language-processing', 'grpo', 'cs.LG']).shown).toEqual([
      'grpo',
      'natural-language-processing',
      'cs.LG',
    ]);
  });

  it('always shows a followed topic, broad or not', () => {
    const { shown } = row(
      SET.map((t) => t.id),
      { followed: 'reinforcement-learning' },
    );
    expect(shown).toContain('reinforcement-learning');
    expect(shown.slice(0, 3)).toEqual(['grpo', 'agentic-rl', 'llm-evaluation']);
    expect(fields.filter((f) => shown.includes(f))).toEqual([
      'reinforcement-learning',
      'natural-language-processing',
    ]);
  });
});

describe('a weak narrow topic', () => {
  /** The chips a row shows for these topics at these scores. */
  const shownFor = (topics: TopicSummary[]) => {
    const { env } = fakeEnv(topics, READY_INDEX);
    return (scores: Record<string, number>) => {
      const annotation: Annotation = {
        tags: Object.entries(scores).map(([id, score]) => ({ id, score })),
        inIndex: true,
        tracked: true,
        categories: [],
      };
      const view = renderInEnv(<PaperChips view={{ status: 'ready', annotation }} />, env);
      const ids = [...view.container.querySelectorAll('[data-topic-id]')].map((c) =>
        c.getAttribute('data-topic-id'),
      );
      cleanup();
      return ids;
    };
  };

  it('waits behind +N, unless it is the strongest narrow topic of the paper', () => {
    const rowOf = shownFor([
      topic('reinforcement-learning', { name: 'Reinforcement Learning', field: true }),
      topic('grpo', { name: 'GRPO', broader: ['reinforcement-learning'] }),
      topic('llm-evaluation', { name: 'LLM Evaluation' }),
    ]);
    // LLM Evaluation at 3 of the paper's 10 is less often right: behind +N, GRPO (9) shows.
    expect(rowOf({ 'reinforcement-learning': 10, grpo: 9, 'llm-evaluation': 3 })).toEqual(['grpo']);
    // The strongest narrow topic shows however weak: a row never shows only what its topics imply.
    expect(rowOf({ 'reinforcement-learning': 10, grpo: 2 })).toEqual(['grpo']);
  });

  it('hides no parent: a weak child behind +N leaves the slot to its confident parent', () => {
    const rowOf = shownFor([
      topic('reinforcement-learning', { name: 'Reinforcement Learning', field: true }),
      topic('agentic-rl', { name: 'Agentic RL', broader: ['reinforcement-learning'] }),
      topic('rl-for-tool-use', {
        name: 'RL for Tool Use',
        broader: ['agentic-rl', 'reinforcement-learning'],
      }),
      topic('long-horizon-llm-agents', { name: 'Long-Horizon LLM Agents' }),
    ]);
    // The e2e fixture's agentic RL paper: RL for Tool Use (3.5) is weak, so Agentic RL (9.75) shows, and
    // hides Reinforcement Learning; before, both waited and Long-Horizon LLM Agents (3.75) showed alone.
    expect(
      rowOf({
        'agentic-rl': 9.75,
        'reinforcement-learning': 9.06,
        'long-horizon-llm-agents': 3.75,
        'rl-for-tool-use': 3.5,
      }),
    ).toEqual(['agentic-rl']);
  });
});
