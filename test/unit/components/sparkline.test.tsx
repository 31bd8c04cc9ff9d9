// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { describeWeeks, Sparkline } from '@/components/sparkline';
import { weeks } from '../helpers/inpage/make-topic';

afterEach(cleanup);

describe('Sparkline', () => {
  it('draws one bar per week, tallest for the largest count, with an accessible name', () => {
    const { container } = render(<Sparkline weeks={weeks([0, 2, 4, 8])} label="Agentic RL" height={30} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe(
      'Agentic RL, papers per week over 4 weeks: 0, 2, 4, 8 (last week partial)',
    );
    const bars = [...svg.querySelectorAll('rect[data-week]')];
    expect(bars).toHaveLength(4);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[0]).toBe(0);
    expect(heights[3]).toBe(28);
    expect(heights[1]! < heights[2]! && heights[2]! < heights[3]!).toBe(true);
    expect(bars[3]!.getAttribute('opacity')).toBe('0.45');
  });

  it('labels the axis with the first and last week apart from the peak, on a line of its own', () => {
    const { container } = render(<Sparkline weeks={weeks([1, 4, 2])} label="ZSA" width={240} axis />);
    const axis = container.querySelector('[data-spark-axis]')!;
    expect([...axis.children].map((s) => s.textContent)).toEqual(['Apr 6', 'Apr 20 (partial)']);
    // Not inside the dates' row, where it ran into them ("Dec 15peak 4/week").
    const peak = container.querySelector('[data-spark-peak]')!;
    expect(axis.contains(peak)).toBe(false);
    expect(peak.textContent).toBe('peak 4/week · 3 weeks');
    expect(axis.textContent).not.toContain('peak');
  });

  it('survives empty and nonsense counts', () => {
    const { container } = render(
      <Sparkline weeks={[...weeks([3]), { weekStart: 'x', count: Number.NaN, partial: false }]} label="T" />,
    );
    expect(container.querySelectorAll('rect[data-week]')).toHaveLength(2);
    expect(describeWeeks([], 'T')).toBe('T: no weekly counts yet');
  });
});
