import { useState } from 'preact/hooks';
import { MomentumBadge } from '@/components/momentum-badge';
import { abstractHref, topicHref } from '@/components/paper-card';
import { Sparkline } from '@/components/sparkline';
import { errorText, type Loadable, useAction, useSend } from '@/components/use-message';
import type { IndexInfo, PaperRow, TopicSummary } from '@/lib/message-schemas';
import { withWeeks } from '@/lib/momentum/weekly-counts';

export type FollowedTopic = TopicSummary & { newCount: number };

interface FollowedRowProps {
  topic: FollowedTopic;
  index: IndexInfo;
  /** After "mark seen" (newCount now 0) or "unfollow" (followed now false). */
  onChange: (topic: FollowedTopic) => void;
}

/** One followed topic: name, badge, sparkline, new-paper count; expands to its newest papers. */
export function FollowedRow({ topic, index, onChange }: FollowedRowProps) {
  const send = useSend();
  const [expanded, setExpanded] = useState(false);
  const [papers, setPapers] = useState<Loadable<PaperRow[]>>({ state: 'loading' });
  const action = useAction();
  const listId = `pp-new-${topic.id}`;

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (!next) return;
    setPapers({ state: 'loading' });
    send('follows.newPapers', { id: topic.id, limit: 10 }).then(
      (answer) => setPapers({ state: 'ready', data: answer.papers }),
      (error: unknown) => setPapers({ state: 'error', error: errorText(error) }),
    );
  };
  const markSeen = () =>
    action.run(async () => {
      await send('follows.markSeen', { id: topic.id });
      onChange({ ...topic, newCount: 0 });
    });
  const unfollow = () =>
    action.run(async () => {
      const updated = await send('topic.follow', { id: topic.id, follow: false });
      onChange({ ...updated, newCount: 0 });
    });

  return (
    <li class="pp-followed" data-followed-topic-id={topic.id} data-expanded={expanded ? '' : undefined}>
      <div class="pp-followed-line">
        <button
          type="button"
          class="pp-expand"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={toggle}
          data-expand={topic.id}
        >
          <span class="pp-visually-hidden">{expanded ? 'Hide' : 'Show'} newest papers of </span>
          <span class="pp-followed-name">{topic.name}</span>
        </button>
        <MomentumBadge summary={topic} index={index} compact />
        <Sparkline weeks={withWeeks(topic.weekly, index.cutoff)} label={topic.name} width={60} height={18} />
        <span class={topic.newCount > 0 ? 'pp-new pp-new-some' : 'pp-new'}>
          <span data-new-count={topic.newCount}>{topic.newCount}</span>
          <span class="pp-visually-hidden"> new {topic.newCount === 1 ? 'paper' : 'papers'}</span>
        </span>
      </div>
      {expanded && (
        <div id={listId} class="pp-followed-papers">
          {papers.state === 'loading' && <p class="pp-muted">Loading papers…</p>}
          {papers.state === 'error' && (
            <p role="alert" class="pp-error">
              Could not load papers: {papers.error}
            </p>
          )}
          {papers.state === 'ready' && papers.data.length === 0 && (
            <p class="pp-empty">No new papers since you last looked.</p>
          )}
          {papers.state === 'ready' && papers.data.length > 0 && (
            <ul class="pp-paper-links">
              {papers.data.map((paper) => (
                <li key={paper.id} data-paper-id={paper.id}>
                  <a href={abstractHref(paper.id)} target="_blank" rel="noopener">
                    {paper.title || paper.id}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <div class="pp-row-actions">
            <button
              type="button"
              class="pp-button"
              onClick={markSeen}
              disabled={action.pending}
              data-mark-seen={topic.id}
            >
              Mark seen<span class="pp-visually-hidden"> for {topic.name}</span>
            </button>
            <a href={topicHref(topic.id)} target="_blank" rel="noopener">
              All papers<span class="pp-visually-hidden"> on {topic.name}</span>
            </a>
            <button type="button" class="pp-link-button" onClick={unfollow} disabled={action.pending}>
              Unfollow<span class="pp-visually-hidden"> {topic.name}</span>
            </button>
          </div>
          {action.error && (
            <p role="alert" class="pp-error">
              {action.error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
