// @vitest-environment happy-dom
import { act, cleanup, fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopicChip } from '@/components/inpage/topic-chip';
import type { ChipModel } from '@/lib/content/order-tags';
import { fakeEnv, renderInEnv } from './fake-env';
import { READY_INDEX, topic } from './make-topic';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function model(overrides: Parameters<typeof topic>[1] = {}): ChipModel {
  return {
    topic: topic('agentic-rl', { name: 'Agentic RL', ...overrides }),
    tag: { id: 'agentic-rl', score: 2, evidence: [{ phrase: 'agentic RL', where: 'title' }] },
  };
}

function renderChip(m: ChipModel, compact = false) {
  const { env } = fakeEnv([m.topic], READY_INDEX);
  const view = renderInEnv(<TopicChip model={m} index={READY_INDEX} compact={compact} />, env);
  const chip = view.container.querySelector<HTMLElement>('[data-topic-id]')!;
  return { ...view, chip };
}

describe('TopicChip', () => {
  it('carries the contract: data-topic-id, text starting with the name, a badge with data-momentum', () => {
    const { chip } = renderChip(model());
    expect(chip.getAttribute('data-topic-id')).toBe('agentic-rl');
    expect(chip.textContent!.startsWith('Agentic RL')).toBe(true);
    const badge = chip.querySelector('[data-momentum]')!;
    expect(badge.getAttribute('data-momentum')).toBe('rising');
    expect(badge.textContent).toBe('+300%');
    expect(chip.tagName).toBe('BUTTON');
    expect(chip.getAttribute('aria-expanded')).toBe('false');
  });

  it('makes a followed topic stand out, still starting with its name', () => {
    const { chip } = renderChip(model({ followed: true }));
    expect(chip.classList.contains('pp-chip--followed')).toBe(true);
    expect(chip.hasAttribute('data-followed')).toBe(true);
    expect(chip.textContent!.startsWith('Agentic RL★')).toBe(true);
    expect(chip.querySelector('[aria-label="followed"]')).not.toBeNull();
  });

  it('opens its card on keyboard focus and closes it with Escape, focus back on the chip', () => {
    const { chip, container } = renderChip(model());
    act(() => chip.focus());
    const card = container.querySelector('[role="dialog"]')!;
    expect(card).not.toBeNull();
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    expect(chip.getAttribute('aria-controls')).toBe(card.id);
    act(() => {
      fireEvent.keyDown(card.querySelector('button')!, { key: 'Escape' });
    });
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    expect(chip.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the card open while focus moves into it and closes it when focus leaves', () => {
    const { chip, container } = renderChip(model());
    act(() => chip.focus());
    const follow = container.querySelector<HTMLElement>('[data-action="follow"]')!;
    act(() => {
      fireEvent.focusOut(chip, { relatedTarget: follow });
    });
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    act(() => {
      fireEvent.focusOut(follow, { relatedTarget: null });
    });
    expect(container.querySelector('[role="dialog"]')).toBeNull();
  });

  it('opens on hover after a short delay and closes after the pointer leaves', () => {
    vi.useFakeTimers();
    const { chip, container } = renderChip(model(), true);
    act(() => {
      fireEvent.mouseEnter(chip);
    });
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    act(() => {
      fireEvent.mouseLeave(chip);
      vi.advanceTimersByTime(400);
    });
    expect(container.querySelector('[role="dialog"]')).toBeNull();
  });

  it('renders a hostile topic name as text', () => {
    const { chip } = renderChip(model({ name: '<img src=x onerror=alert(1)>' }));
    expect(chip.querySelector('img')).toBeNull();
    expect(chip.textContent!.startsWith('<img src=x onerror=alert(1)>')).toBe(true);
  });
});
