// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart } from '@/components/bar-chart';
import { formatDay, formatRelative, weekLabel } from '@/components/format-date';
import { authorLine, PaperCard } from '@/components/paper-card';
import { paper, weeks } from '../helpers/pages/builders';

afterEach(cleanup);

describe('authorLine', () => {
  it('shows three authors, then how many more from the full count', () => {
    expect(authorLine(['A', 'B', 'C', 'D', 'E'], 5)).toBe('A, B, C +2');
    expect(authorLine(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'], 1200)).toBe('A, B, C +1197');
    expect(authorLine(['A', 'B'], 2)).toBe('A, B');
    expect(authorLine(['A', 'B', 'C'], 3)).toBe('A, B, C');
    expect(authorLine([], 0)).toBe('');
    // A count below the list (bad data) never gives a negative "+N".
    expect(authorLine(['A', 'B', 'C', 'D'], 1)).toBe('A, B, C +1');
  });
});

describe('dates', () => {
  it('formats paper days and weeks in UTC', () => {
    expect(formatDay(Date.UTC(2026, 8, 10, 23, 30))).toBe('Sep 10, 2026');
    expect(weekLabel('2026-09-28')).toBe('Week of Sep 28');
    expect(weekLabel('garbage')).toBe('Week of garbage');
    expect(formatDay(Number.NaN)).toBe('unknown date');
  });

  it('says how long ago or how soon', () => {
    const now = Date.UTC(2026, 9, 5, 12);
    expect(formatRelative(now - 10_000, now)).toBe('just now');
    expect(formatRelative(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(formatRelative(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatRelative(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(formatRelative(now + 20 * 60_000, now)).toBe('in 20 min');
  });
});

describe('PaperCard', () => {
  it('shows a paper whose date is out of range as of an unknown date, never throwing (issue 33, item 7)', () => {
    render(<PaperCard paper={paper('2609.01235', 'Odd date', { published: 1e20 })} />);
    const card = screen.getByRole('article', { name: 'Odd date' });
    expect(card.querySelector('time')?.textContent).toBe('unknown date');
  });

  it('links the title, shows a long abstract by its first lines with "more", and links other topics', () => {
    const abstract = `${'We plan cities with agents. '.repeat(20)}The end.`;
    render(
      <PaperCard paper={paper('2609.01234', 'CityPlanner', { abstract })} currentTopicId="urban-planning" />,
    );
    const card = screen.getByRole('article', { name: 'CityPlanner' });
    expect(within(card).getByRole('link', { name: 'CityPlanner' }).getAttribute('href')).toBe(
      'https://arxiv.org/abs/2609.01234',
    );
    const body = card.querySelector<HTMLElement>('[data-abstract]')!;
    expect(body.dataset.abstract).toBe('preview');
    expect(body.textContent).toMatch(/^We plan cities with agents\..*…/);
    expect(body.textContent).not.toContain('The end.');
    const more = within(card).getByRole('button', { name: 'more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(body.dataset.abstract).toBe('full');
    expect(body.textContent).toContain('The end.');
    expect(within(card).getByRole('button', { name: 'less' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(card).getByRole('link', { name: 'Agentic RL' }).getAttribute('href')).toBe(
      '/topic.html?id=agentic-rl',
    );
    expect(within(card).queryByRole('link', { name: 'Urban Planning' })).toBeNull();
  });

  it('reads LaTeX in titles and abstracts as text', () => {
    render(
      <PaperCard
        paper={paper('2609.01235', '\\textit{Agentic} RL with $\\alpha$-divergence', {
          abstract: 'A 95\\% gain with \\textbf{GRPO}.',
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Agentic RL with α-divergence' })).toBeTruthy();
    expect(document.querySelector('[data-abstract]')?.textContent).toBe('A 95% gain with GRPO.');
  });

  it('shows page text as text, and an untitled paper by its id', () => {
    const evil = '<script>alert(1)</script>';
    render(
      <PaperCard
        paper={paper('2609.00002', '', { abstract: evil, authors: [evil], authorCount: 1, topics: [] })}
      />,
    );
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: '2609.00002' })).toBeTruthy();
    expect(document.body.textContent).toContain(evil);
    expect(screen.queryByRole('list', { name: 'Topics' })).toBeNull();
  });
});

describe('BarChart', () => {
  it('scales bars to the busiest week and labels each week', () => {
    render(<BarChart weeks={weeks([0, 5, 10])} label="X papers per week" />);
    const bars = [...document.querySelectorAll<HTMLElement>('.pp-bar')];
    expect(bars.map((bar) => bar.style.height)).toEqual(['0%', '50%', '100%']);
    expect(document.querySelector('figcaption')?.textContent).toBe(
      'X papers per week, last 3 weeks (15 papers)',
    );
    expect(document.querySelectorAll('[data-partial]')).toHaveLength(1);
  });

  it('has an empty state', () => {
    render(<BarChart weeks={[]} label="X" />);
    expect(screen.getByText(/No weekly counts yet/)).toBeTruthy();
  });
});
