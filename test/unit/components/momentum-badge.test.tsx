// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import type { VNode } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { describeBadge, MomentumBadge } from '@/components/momentum-badge';
import { FILLING_INDEX, momentum, READY_INDEX, topic } from '../helpers/inpage/make-topic';

afterEach(cleanup);

function badgeOf(ui: VNode) {
  const { container } = render(ui);
  const badge = container.querySelector('[data-momentum]');
  if (!badge) throw new Error('no badge rendered');
  return badge;
}

describe('MomentumBadge', () => {
  it('shows a rising topic with its change and says it in words', () => {
    const badge = badgeOf(<MomentumBadge summary={topic('agentic-rl')} index={READY_INDEX} />);
    expect(badge.getAttribute('data-momentum')).toBe('rising');
    expect(badge.textContent).toBe('+300%');
    expect(badge.getAttribute('aria-label')).toBe(
      'Rising: up 300%, 28 vs 7 papers, last four weeks vs the four before',
    );
  });

  it('shows a cooling topic as a negative change', () => {
    const summary = topic('x', { momentum: momentum(6, 10, 'cooling') });
    const badge = badgeOf(<MomentumBadge summary={summary} index={READY_INDEX} />);
    expect(badge.getAttribute('data-momentum')).toBe('cooling');
    expect(badge.textContent).toBe('-40%');
    expect(badge.getAttribute('aria-label')).toContain('down 40%');
  });

  it('shows "new" when there were no papers in the four weeks before', () => {
    const summary = topic('x', { momentum: momentum(5, 0, 'new') });
    const badge = badgeOf(<MomentumBadge summary={summary} index={READY_INDEX} />);
    expect(badge.getAttribute('data-momentum')).toBe('new');
    expect(badge.textContent).toBe('new');
    expect(badge.getAttribute('aria-label')).toBe(
      'New: 5 papers in the last four weeks, none in the four before',
    );
  });

  it('shows a steady topic without a percentage, whatever its count change', () => {
    const up = badgeOf(
      <MomentumBadge summary={topic('x', { momentum: momentum(11, 10, 'steady') })} index={READY_INDEX} />,
    );
    expect(up.getAttribute('data-momentum')).toBe('steady');
    expect(up.textContent).toBe('steady');
    cleanup();
    const flat = badgeOf(
      <MomentumBadge summary={topic('x', { momentum: momentum(4, 4, 'steady') })} index={READY_INDEX} />,
    );
    expect(flat.textContent).toBe('steady');
    expect(flat.getAttribute('aria-label')).toContain('no change');
  });

  it('shows no number for an arXiv category that is not tracked', () => {
    const summary = topic('cs.DL', { kind: 'category', momentum: momentum(2, 3, 'steady') });
    const badge = badgeOf(<MomentumBadge summary={summary} index={READY_INDEX} />);
    expect(badge.getAttribute('data-momentum')).toBe('unknown');
    expect(badge.textContent).toBe('not tracked');
    expect(badge.textContent).not.toMatch(/\d/);
    cleanup();
    const tracked = badgeOf(
      <MomentumBadge
        summary={topic('cs.AI', { kind: 'category', momentum: momentum(2, 3, 'steady') })}
        index={READY_INDEX}
      />,
    );
    expect(tracked.textContent).toBe('steady');
  });

  it('a large change that is not significant is steady and says why, with its counts', () => {
    const badge = badgeOf(
      <MomentumBadge summary={topic('x', { momentum: momentum(5, 2, 'steady') })} index={READY_INDEX} />,
    );
    expect(badge.getAttribute('data-momentum')).toBe('steady');
    expect(badge.textContent).toBe('steady');
    expect(badge.getAttribute('aria-label')).toBe(
      'Steady: 5 vs 2 papers, last four weeks vs the four before: too few papers to call',
    );
  });

  it('says momentum is unknown while the index fills, never a made-up 0%', () => {
    const badge = badgeOf(<MomentumBadge summary={topic('x')} index={FILLING_INDEX} />);
    expect(badge.getAttribute('data-momentum')).toBe('unknown');
    expect(badge.textContent).toBe('index filling');
    expect(badge.getAttribute('aria-label')).toBe('Momentum not known yet: the index is filling (40%)');
    cleanup();
    const compact = badgeOf(<MomentumBadge summary={topic('x')} index={FILLING_INDEX} compact />);
    expect(compact.textContent).toBe('filling');
    expect(compact.getAttribute('aria-label')).toContain('not known yet');
  });

  it('says momentum is unknown when the index has no figure for the topic', () => {
    const badge = badgeOf(<MomentumBadge summary={topic('x', { momentum: null })} index={READY_INDEX} />);
    expect(badge.getAttribute('data-momentum')).toBe('unknown');
    expect(badge.textContent).toBe('no data');
  });
});

describe('describeBadge', () => {
  it('clamps a nonsense progress instead of printing it', () => {
    expect(describeBadge(topic('x'), { ...FILLING_INDEX, progress: 7 }).label).toContain('(100%)');
    expect(describeBadge(topic('x'), { ...FILLING_INDEX, progress: -1 }).label).toContain('(0%)');
  });
});

describe('a topic with no papers in either window', () => {
  it('says "no papers" rather than a change', () => {
    const view = describeBadge(topic('x', { momentum: momentum(0, 0, 'steady') }), READY_INDEX);
    expect(view).toEqual({ trend: 'steady', text: 'no papers', label: 'No papers in the last eight weeks' });
  });
});
