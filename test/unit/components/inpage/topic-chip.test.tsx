// @vitest-environment happy-dom
import { cleanup } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChipModel } from '@/components/inpage/chip-row';
import { TopicChip } from '@/components/inpage/topic-chip';
import { fakeEnv, renderInEnv } from '../../helpers/inpage/fake-env';
import { READY_INDEX, topic } from '../../helpers/inpage/make-topic';

afterEach(cleanup);

function model(overrides: Parameters<typeof topic>[1] = {}): ChipModel {
  return {
    topic: topic('agentic-rl', { name: 'Agentic RL', ...overrides }),
    tag: { id: 'agentic-rl', score: 2, evidence: [{ phrase: 'agentic RL', where: 'title' }] },
  };
}

function renderChip(m: ChipModel, compact = false) {
  const { env } = fakeEnv([m.topic], READY_INDEX);
  const view = renderInEnv(<TopicChip model={m} index={READY_INDEX} compact={compact} />, env);
  // Stateless: a listing draws thousands, so no chip carries listeners of its own.
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
    expect(chip.getAttribute('aria-controls')).toBeNull();
  });

  it('makes a followed topic stand out, still starting with its name', () => {
    const { chip } = renderChip(model({ followed: true }));
    expect(chip.classList.contains('pp-chip--followed')).toBe(true);
    expect(chip.hasAttribute('data-followed')).toBe(true);
    expect(chip.textContent!.startsWith('Agentic RL★')).toBe(true);
    expect(chip.querySelector('[aria-label="followed"]')).not.toBeNull();
  });

  it('renders a hostile topic name as text', () => {
    const { chip } = renderChip(model({ name: '<img src=x onerror=alert(1)>' }));
    expect(chip.querySelector('img')).toBeNull();
    expect(chip.textContent!.startsWith('<img src=x onerror=alert(1)>')).toBe(true);
  });
});
