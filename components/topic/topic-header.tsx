import { FollowButton } from '@/components/follow-button';
import { MomentumBadge, showsChange } from '@/components/momentum-badge';
import { topicHref } from '@/components/paper-card';
import { describeExpansion } from '@/components/topic-expansion';
import type { IndexInfo, TopicInfo, TopicSummary } from '@/lib/messages/schemas';
import { COMPARED_WITH } from '@/lib/momentum/wording';

const KIND: Record<TopicInfo['kind'], string> = {
  category: 'arXiv category',
  fine: 'Research topic',
  user: 'Your topic',
};

interface TopicHeaderProps {
  info: TopicInfo;
  summary: TopicSummary;
  index: IndexInfo;
  onSummary: (summary: TopicSummary) => void;
  onAsk: () => void;
}

/** Name, acronym expansion, what kind of topic, broader topics; Follow and "Ask about this topic". */
export function TopicHeader({ info, summary, index, onSummary, onAsk }: TopicHeaderProps) {
  return (
    <header class="pp-topic-header">
      <p class="pp-kind">
        {KIND[info.kind]}
        {info.parents.length > 0 && (
          <>
            {' in '}
            {info.parents.map((parent, i) => (
              <span key={parent.id}>
                {i > 0 && ', '}
                <a href={topicHref(parent.id)}>{parent.name}</a>
              </span>
            ))}
          </>
        )}
      </p>
      {/* The badge sits beside the heading, not in it: the heading is the topic's name alone. */}
      <div class="pp-title-row">
        <h1>{info.name}</h1>
        <MomentumBadge summary={summary} index={index} />
        {showsChange(summary, index) && (
          <span class="pp-muted pp-compared" data-compared>
            {COMPARED_WITH}
          </span>
        )}
      </div>
      {info.expansion && (
        <p class="pp-expansion" data-expansion>
          {describeExpansion(info.name, info.expansion)}
        </p>
      )}
      <div class="pp-header-actions">
        <FollowButton topic={summary} onChange={onSummary} size="large" />
        <button type="button" class="pp-button" onClick={onAsk} data-ask-open>
          Ask about this topic
        </button>
      </div>
    </header>
  );
}
