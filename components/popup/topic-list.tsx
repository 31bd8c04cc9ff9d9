import { FollowButton } from '@/components/follow-button';
import { ComparedNote, MomentumBadge } from '@/components/momentum-badge';
import { topicHref } from '@/components/paper-card';
import type { IndexInfo, TopicSummary } from '@/lib/messages/schemas';

const KIND_LABEL: Record<TopicSummary['kind'], string | undefined> = {
  category: 'arXiv category',
  fine: undefined,
  user: 'your topic',
};

interface TopicListProps {
  topics: readonly TopicSummary[];
  index: IndexInfo;
  onChange: (topic: TopicSummary) => void;
  label: string;
}

/** Topics with a link to their page, their badge and a Follow toggle (search results, trending, a tab's paper). */
export function TopicList({ topics, index, onChange, label }: TopicListProps) {
  return (
    <>
      <ul class="pp-topic-list" aria-label={label}>
        {topics.map((topic) => (
          <li key={topic.id} class="pp-topic-item" data-topic-id={topic.id}>
            <a href={topicHref(topic.id)} target="_blank" rel="noopener" class="pp-topic-link">
              {topic.name}
            </a>
            {KIND_LABEL[topic.kind] && <span class="pp-kind">{KIND_LABEL[topic.kind]}</span>}
            <MomentumBadge summary={topic} index={index} compact />
            <FollowButton topic={topic} onChange={onChange} />
          </li>
        ))}
      </ul>
      <ComparedNote topics={topics} index={index} />
    </>
  );
}
