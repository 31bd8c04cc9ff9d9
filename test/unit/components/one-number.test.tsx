// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { sentenceFor } from '@/components/inpage/topic-card';
import { describeBadge, showsChange } from '@/components/momentum-badge';
import { TopicHeader } from '@/components/topic/topic-header';
import type { IndexInfo, TopicInfo, TopicSummary } from '@/lib/messages/schemas';
import { type CountIn, computeMomentum, WINDOW_MS } from '@/lib/momentum';

afterEach(cleanup);

const T = Date.UTC(2026, 2, 30) - 1;
const windows =
  (recent: number, previous: number): CountIn =>
  (from, to) =>
    from >= T - WINDOW_MS ? recent : to <= T - WINDOW_MS ? previous : recent + previous;

// The index grew 30% between the windows (2,400 papers, then 3,120).
const ALL = windows(3120, 2400);
const INDEX: IndexInfo = { categories: ['cs.AI', 'cs.LG', 'cs.CL'], cutoff: T, filling: false, progress: 1 };

function summary(id: string, recent: number, previous: number): TopicSummary {
  return {
    id,
    name: id,
    kind: 'fine',
    followed: false,
    muted: false,
    momentum: computeMomentum(windows(recent, previous), ALL, T),
    weekly: [],
  };
}

// The cases: counts up while the share fell, up exactly with the index, a big change on a handful,
// a real rise and a real fall.
const TOPICS = [
  summary('llm-agents', 46, 39), // +18%, share 1.6% -> 1.5%
  summary('large-language-models', 1300, 1000), // +30%, in step with the index
  summary('self-improving-agents', 5, 1), // +400% on 5 vs 1
  summary('agentic-rl', 90, 20), // a rise of the share
  summary('old-topic', 10, 60), // a fall of the share
];

describe('one trend, one number: badge and card agree on an index that grew 30%', () => {
  it.each(TOPICS.map((t) => [t.id, t] as const))('%s', (_id, topic) => {
    const card = sentenceFor(topic, INDEX);
    for (const compact of [true, false]) {
      const badge = describeBadge(topic, INDEX, compact);
      const trend = topic.momentum!.trend;
      if (trend === 'rising' || trend === 'cooling') {
        // The badge's number is the card's number, and the card calls it a trend (it is not "not a trend").
        const pct = badge.text.replace(/^[+-]/, '');
        expect(card).toContain(`${trend === 'rising' ? 'up' : 'down'} ${pct} on the four weeks before`);
        expect(card).not.toContain('Not a trend');
        expect(badge.label).toContain('last four weeks vs the four before');
      } else {
        expect(badge.text).not.toMatch(/%|\d/);
      }
    }
  });

  it('gives each case the trend its share says, not its count', () => {
    expect(Object.fromEntries(TOPICS.map((t) => [t.id, describeBadge(t, INDEX).text]))).toEqual({
      'llm-agents': 'steady',
      'large-language-models': 'steady',
      'self-improving-agents': 'steady',
      'agentic-rl': '+350%',
      'old-topic': '-83%',
    });
    expect(sentenceFor(TOPICS[1]!, INDEX)).toContain('Not a trend: in step with the whole index.');
    expect(sentenceFor(TOPICS[2]!, INDEX)).toContain('Not a trend: too few papers to call.');
  });

  it('the topic header says what a shown change compares, and shows no percentage for a steady topic', () => {
    const info = (t: TopicSummary): TopicInfo => ({
      id: t.id,
      name: t.id,
      kind: 'fine',
      aliases: [],
      parents: [],
      description: '',
    });
    for (const topic of TOPICS) {
      const { container } = render(
        <TopicHeader
          info={info(topic)}
          summary={topic}
          index={INDEX}
          onSummary={() => {}}
          onAsk={() => {}}
        />,
      );
      const badge = container.querySelector('[data-momentum]')!;
      const compared = container.querySelector('[data-compared]');
      expect(compared !== null).toBe(showsChange(topic, INDEX));
      if (compared) {
        expect(badge.textContent).toMatch(/^[+-]\d+%$/);
        expect(compared.textContent).toBe('papers, last four weeks vs the four before');
      } else {
        expect(badge.textContent).toBe('steady');
      }
      cleanup();
    }
  });
});
