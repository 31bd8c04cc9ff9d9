import { MomentumBadge } from '@/components/momentum-badge';
import { topicHref } from '@/components/paper-card';
import type { IndexInfo, TopicSummary } from '@/lib/messages/schemas';
import { paperTotal } from './tree-order';

interface TreeRowProps {
  topic: TopicSummary;
  index: IndexInfo;
  compared: boolean;
  /** False when five topics are already chosen (and this is not one of them). */
  canCompare: boolean;
  onCompare(id: string, on: boolean): void;
  alsoIn?: string[];
  childCount?: number;
}

/** One topic in the tree: link, momentum badge, papers in the chart weeks, compare checkbox. */
export function TreeRow({
  topic,
  index,
  compared,
  canCompare,
  onCompare,
  alsoIn = [],
  childCount = 0,
}: TreeRowProps) {
  const total = paperTotal(topic);
  return (
    <span class="pp-tree-row">
      <a href={topicHref(topic.id)}>{topic.name}</a>
      <MomentumBadge summary={topic} index={index} compact />
      <span class="pp-tree-count" data-tree-count>
        {total.toLocaleString('en-US')} paper{total === 1 ? '' : 's'} in {topic.weekly.length || 12} weeks
        {childCount > 0 && ` · ${childCount} subtopic${childCount === 1 ? '' : 's'}`}
        {alsoIn.length > 0 && ` · also under ${alsoIn.join(', ')}`}
        {topic.muted && ' · muted'}
      </span>
      <label class="pp-tree-count">
        <input
          type="checkbox"
          checked={compared}
          disabled={!compared && !canCompare}
          onChange={(e) => onCompare(topic.id, e.currentTarget.checked)}
          data-compare={topic.id}
        />{' '}
        <span class="pp-visually-hidden">Compare {topic.name}</span>
        <span aria-hidden="true">compare</span>
      </label>
    </span>
  );
}
