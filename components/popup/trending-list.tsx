import type { IndexInfo, TopicSummary } from '@/lib/message-schemas';
import { TopicList } from './topic-list';

interface TrendingListProps {
  topics: readonly TopicSummary[];
  index: IndexInfo;
  onFollowChange: (topic: TopicSummary) => void;
}

/** Rising (and new) topics, in the background's order (most significant first); steady ones are not trends. */
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
        <TopicList topics={topics} index={index} onChange={onFollowChange} label="Rising topics" />
      )}
    </section>
  );
}
