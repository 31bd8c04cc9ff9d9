import type { TopicSummary } from '@/lib/messages/schemas';
import { useAction, useSend } from './use-message';

interface FollowButtonProps {
  topic: Pick<TopicSummary, 'id' | 'name' | 'followed'>;
  /** Called with the background's answer (the topic as it now is). */
  onChange?: (topic: TopicSummary) => void;
  size?: 'small' | 'large';
}

/** Follow / Following toggle for one topic (`aria-pressed`), asking the background to change it. */
export function FollowButton({ topic, onChange, size = 'small' }: FollowButtonProps) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const toggle = () =>
    run(async () => {
      const updated = await send('topic.follow', { id: topic.id, follow: !topic.followed });
      onChange?.(updated);
    });
  return (
    <span class="pp-follow">
      <button
        type="button"
        class={`pp-button pp-follow-button pp-follow-${size}${topic.followed ? ' pp-following' : ''}`}
        aria-pressed={topic.followed}
        disabled={pending}
        data-follow={topic.id}
        onClick={toggle}
      >
        {topic.followed ? 'Following' : size === 'large' ? 'Follow this topic' : 'Follow'}
        {/* The visible word is short; the topic's name makes the button's name unique in a list. */}
        <span class="pp-visually-hidden"> {topic.name}</span>
      </button>
      {error && (
        <span role="alert" class="pp-error-inline">
          Could not {topic.followed ? 'unfollow' : 'follow'}: {error}
        </span>
      )}
    </span>
  );
}
