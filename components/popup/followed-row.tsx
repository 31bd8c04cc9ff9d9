import { useState } from 'preact/hooks';
import { formatDay } from '@/components/format-date';
import { MomentumBadge } from '@/components/momentum-badge';
import { abstractHref, topicHref } from '@/components/paper-card';
import { Sparkline } from '@/components/sparkline';
import { type Loadable, useAction, useSend } from '@/components/use-message';
import { isoTime } from '@/lib/dates';
import { errorText } from '@/lib/messages/client';
import type { IndexInfo, PaperRow, TopicSummary } from '@/lib/messages/schemas';
import { withWeeks } from '@/lib/momentum/weekly-counts';

export type FollowedTopic = TopicSummary & { newCount: number };

interface FollowedRowProps {
  topic: FollowedTopic;
  index: IndexInfo;
  /** After "mark seen" (newCount now 0) or "unfollow" (followed now false). */
  onChange: (topic: FollowedTopic) => void;
}

type FollowedPapersData = { papers: PaperRow[]; fresh: boolean };

/** One followed topic: name, badge, sparkline, new-paper count; expands to its newest papers. */
export function FollowedRow({ topic, index, onChange }: FollowedRowProps) {
  const send = useSend();
  const { expanded, papers, toggle } = useFollowedPapers(topic.id);
  const action = useAction();
  const listId = `pp-new-${topic.id}`;

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
        {/* The count says what it counts: "0 new", never a bare number. */}
        <span class={topic.newCount > 0 ? 'pp-new pp-new-some' : 'pp-new'} data-new-label>
          <span data-new-count={topic.newCount}>{topic.newCount}</span> new
          <span class="pp-visually-hidden"> {topic.newCount === 1 ? 'paper' : 'papers'}</span>
        </span>
      </div>
      {expanded && (
        <div id={listId} class="pp-followed-papers">
          <FollowedPapers papers={papers} topicId={topic.id} />
          <div class="pp-row-actions">
            {/* Nothing new: nothing to mark seen. */}
            {topic.newCount > 0 && (
              <button
                type="button"
                class="pp-button"
                onClick={markSeen}
                disabled={action.pending}
                data-mark-seen={topic.id}
              >
                Mark seen<span class="pp-visually-hidden"> for {topic.name}</span>
              </button>
            )}
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

/** Whether the row is open, and the papers it shows, asked for each time it opens. */
function useFollowedPapers(topicId: string) {
  const send = useSend();
  const [expanded, setExpanded] = useState(false);
  const [papers, setPapers] = useState<Loadable<FollowedPapersData>>({ state: 'loading' });

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (!next) return;
    setPapers({ state: 'loading' });
    // Nothing new: the topic's latest papers instead, so the row still shows what the topic is about.
    send('follows.newPapers', { id: topicId, limit: 10 })
      .then(async (answer) => {
        if (answer.papers.length > 0) return { papers: answer.papers, fresh: true };
        const latest = await send('topic.get', { id: topicId, offset: 0, limit: 5 });
        return { papers: latest.papers, fresh: false };
      })
      .then(
        (data) => setPapers({ state: 'ready', data }),
        (error: unknown) => setPapers({ state: 'error', error: errorText(error) }),
      );
  };
  return { expanded, papers, toggle };
}

/** The new papers as links; when there are none, the topic's latest, with their dates and other topics. */
function FollowedPapers({ papers, topicId }: { papers: Loadable<FollowedPapersData>; topicId: string }) {
  if (papers.state === 'loading') return <p class="pp-muted">Loading papers…</p>;
  if (papers.state === 'error')
    return (
      <p role="alert" class="pp-error">
        Could not load papers: {papers.error}
      </p>
    );
  const { data } = papers;
  return (
    <>
      {!data.fresh && (
        <p class="pp-empty">
          No new papers since you last looked.
          {data.papers.length > 0 ? ' Its latest papers:' : ''}
        </p>
      )}
      {data.papers.length > 0 && (
        <ul class="pp-paper-links" data-latest={data.fresh ? undefined : ''}>
          {data.papers.map((paper) => (
            <li key={paper.id} data-paper-id={paper.id}>
              <a href={abstractHref(paper.id)} target="_blank" rel="noopener">
                {paper.title || paper.id}
              </a>
              {!data.fresh && (
                // Its own line under the title: inline, the title ran into the date ("EnvironmentsMar 30").
                <span class="pp-paper-meta pp-paper-meta-line" data-paper-meta>
                  <time dateTime={isoTime(paper.published) ?? ''}>{formatDay(paper.published)}</time>
                  {paper.topics
                    .filter((t) => t.id !== topicId)
                    .slice(0, 3)
                    .map((t) => (
                      <a key={t.id} class="pp-tag" href={topicHref(t.id)} target="_blank" rel="noopener">
                        {t.name}
                      </a>
                    ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
