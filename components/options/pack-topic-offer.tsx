import { useState } from 'preact/hooks';
import type { LearnedTopicAnswer } from '@/lib/messages/areas/topics-learn';
import { topicHref } from '../paper-card';
import { useAction, useSend } from '../use-message';

/**
 * The examples are mostly one pack topic: say so, and follow it in one click. When the learned query only
 * copies it, this is all that is offered (never a renamed copy of an existing topic).
 */
export function PackTopicOffer({ topic }: { topic: NonNullable<LearnedTopicAnswer['packTopic']> }) {
  const send = useSend();
  const following = useAction();
  const [followed, setFollowed] = useState(false);
  const follow = () =>
    following.run(async () => {
      await send('topic.follow', { id: topic.id, follow: true });
      setFollowed(true);
    });
  return (
    <div class="pp-learn-pack-topic" data-learn-pack-topic={topic.id}>
      {followed ? (
        <p role="status" data-learn-pack-followed>
          Following <a href={topicHref(topic.id)}>{topic.name}</a>.
        </p>
      ) : (
        <p>
          These papers are <a href={topicHref(topic.id)}>{topic.name}</a>:{' '}
          <button
            type="button"
            class="pp-button pp-primary"
            disabled={following.pending}
            onClick={() => void follow()}
            data-follow-pack-topic={topic.id}
          >
            Follow it
          </button>
        </p>
      )}
      {following.error && (
        <p role="alert" class="pp-error">
          Could not follow it: {following.error}
        </p>
      )}
      <p class="pp-muted">
        {topic.copy
          ? 'The query learned from them would only repeat this topic, so there is nothing new to save.'
          : 'Or save the narrower topic learned from them, below.'}
      </p>
    </div>
  );
}
