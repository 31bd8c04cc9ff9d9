// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart } from '@/components/bar-chart';
import { withWeeks } from '@/lib/momentum/weekly-counts';

afterEach(cleanup);

const DAY = 86_400_000;

describe('BarChart: the four-week window', () => {
  it('marks every week a window that starts mid-week touches, and says the bars need not sum to it', () => {
    // T = end of Wednesday Oct 7, 2026: the 28 days run Thu Sep 10 - Wed Oct 7, touching five chart weeks.
    const T = Date.UTC(2026, 9, 7) + DAY - 1;
    const weeks = withWeeks([1, 2, 1, 3, 2, 4, 5, 3, 6, 7, 9, 4], T);
    const { container } = render(
      <BarChart
        weeks={weeks}
        label="Agentic RL papers per week"
        recent={{ from: T - 28 * DAY, to: T, count: 26 }}
      />,
    );
    const marked = [...container.querySelectorAll('[data-recent-window]')].map((li) =>
      li.getAttribute('data-week-start'),
    );
    expect(marked).toEqual(['2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05']);
    const caption = container.querySelector('figcaption')!.textContent!;
    expect(caption).toContain('Marked: the last four weeks, Sep 10 – Oct 7 (26 papers)');
    expect(caption).toContain('start mid-week');
  });

  it('marks nothing without a window', () => {
    const weeks = withWeeks([1, 2, 3], Date.UTC(2026, 9, 7));
    const { container } = render(<BarChart weeks={weeks} label="x" />);
    expect(container.querySelector('[data-recent-window]')).toBeNull();
    expect(container.querySelector('[data-chart-window]')).toBeNull();
  });
});
