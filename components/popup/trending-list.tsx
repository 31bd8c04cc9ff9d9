import { FollowButton } from '@/components/follow-button';
import { ComparedNote, MomentumBadge } from '@/components/momentum-badge';
import { topicHref } from '@/components/paper-card';
import type { IndexInfo, TopicSummary, TrendingTopic } from '@/lib/messages/schemas';

interface TrendingListProps {
  topics: readonly TrendingTopic[];
  index: IndexInfo;
  onFollowChange: (topic: TopicSummary) => void;
}

/**
 * Rising (and new) topics in the background's order (lib/momentum/trending.ts: enough papers, ranked by a
 * cautious bound on the share's growth). Each shows its counts beside the change, and a rise that sits in one
 * week or comes from one author group says so.
 */
export function TrendingList({ topics: all, index, onFollowChange }: TrendingListProps) {
  const topics = all.filter((topic) => topic.momentum?.trend === 'rising' || topic.momentum?.trend === 'new');
  return (
    <section class="pp-section" aria-labelledby="pp-trending-heading">
      <h2 id="pp-trending-heading">Trending</h2>
      {topics.length === 0 ? (
        <p class="pp-empty" data-trending-empty>
          {index.filling
            ? 'Trending topics appear once the index holds eight weeks of papers.'
            : 'No topic is rising significantly in the last four weeks.'}
        </p>
      ) : (
        <ul class="pp-topic-list" aria-label="Rising topics">
          {topics.map((topic) => (
            <li key={topic.id} class="pp-topic-item" data-topic-id={topic.id}>
              <a href={topicHref(topic.id)} target="_blank" rel="noopener" class="pp-topic-link">
                {topic.name}
              </a>
              <MomentumBadge summary={topic} index={index} compact />
              <span class="pp-counts" data-counts>
                {topic.momentum!.recent} vs {topic.momentum!.previous} papers
              </span>
              <FollowButton topic={topic} onChange={onFollowChange} />
              {topic.burst && (
                <span class="pp-burst" data-burst={topic.burst.kind}>
                  {burstText(topic.burst, topic.momentum!.recent)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ComparedNote topics={topics} index={index} />
    </section>
  );
}

function burstText(burst: NonNullable<TrendingTopic['burst']>, recent: number): string {
  return burst.kind === 'week'
    ? `${burst.count} of ${recent} in one week`
    : `${burst.count} of ${recent} share an author (${burst.author})`;
}
