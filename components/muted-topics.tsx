import type { TopicSummary } from '@/lib/messages/schemas';
import { LoadError } from './load-error';
import { topicHref } from './paper-card';
import { useAction, useMessage, useSend } from './use-message';

/**
 * The topics you muted (muted topics stay out of the popup's rising list and a listing can hide their
 * papers), each with Unmute. Mute itself lives in a chip's card and on the topic page.
 */
export function MutedTopics({ reloadKey = 0 }: { reloadKey?: number }) {
  const [answer, reload, update] = useMessage('mutes.list', {}, [reloadKey]);
  if (answer.state === 'loading') return <p class="pp-muted">Loading muted topics…</p>;
  if (answer.state === 'error')
    return <LoadError what="your muted topics" error={answer.error} retry={reload} />;
  const { topics } = answer.data;
  if (topics.length === 0)
    return (
      <p class="pp-empty" data-no-mutes>
        No muted topics. Mute a topic from a chip’s card or its topic page.
      </p>
    );
  return (
    <ul class="pp-related" data-muted-list>
      {topics.map((topic) => (
        <li key={topic.id} data-muted-topic-id={topic.id}>
          <a class="pp-tag" href={topicHref(topic.id)}>
            {topic.name}
          </a>{' '}
          <MuteButton
            topic={topic}
            onChange={(next) =>
              update((data) => ({ topics: data.topics.filter((t) => t.id !== next.id || next.muted) }))
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** Mute / Unmute toggle for one topic (`aria-pressed` says muted). */
export function MuteButton({ topic, onChange }: { topic: TopicSummary; onChange(next: TopicSummary): void }) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const toggle = async () => {
    const next = await run(() => send('topic.mute', { id: topic.id, mute: !topic.muted }));
    if (next) onChange(next);
  };
  return (
    <span>
      <button
        type="button"
        class="pp-button pp-follow-small"
        aria-pressed={topic.muted}
        disabled={pending}
        data-mute={topic.id}
        onClick={toggle}
      >
        {topic.muted ? 'Unmute' : 'Mute'}
        <span class="pp-visually-hidden"> {topic.name}</span>
      </button>
      {error && (
        <span role="alert" class="pp-error-inline">
          {error}
        </span>
      )}
    </span>
  );
}
