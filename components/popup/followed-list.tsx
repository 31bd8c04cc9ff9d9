import { ComparedNote } from '@/components/momentum-badge';
import { useAction, useSend } from '@/components/use-message';
import type { IndexInfo } from '@/lib/messages/schemas';
import { FollowedRow, type FollowedTopic } from './followed-row';

/**
 * What is new first; then the busiest topics; then by name. Applied when the list arrives, not on every
 * change, so a row does not jump away from the keyboard focus when it is marked seen.
 */
export function sortFollowed(topics: readonly FollowedTopic[]): FollowedTopic[] {
  return [...topics].sort(
    (a, b) =>
      b.newCount - a.newCount ||
      (b.momentum?.recent ?? 0) - (a.momentum?.recent ?? 0) ||
      a.name.localeCompare(b.name),
  );
}

interface FollowedListProps {
  follows: readonly FollowedTopic[];
  index: IndexInfo;
  onChange: (follows: FollowedTopic[]) => void;
}

export function FollowedList({ follows, index, onChange }: FollowedListProps) {
  const send = useSend();
  const markAll = useAction();
  const totalNew = follows.reduce((sum, topic) => sum + topic.newCount, 0);
  const replace = (changed: FollowedTopic) =>
    onChange(
      changed.followed
        ? follows.map((topic) => (topic.id === changed.id ? changed : topic))
        : follows.filter((topic) => topic.id !== changed.id),
    );
  const markAllSeen = () =>
    markAll.run(async () => {
      await send('follows.markSeen', {});
      onChange(follows.map((topic) => ({ ...topic, newCount: 0 })));
    });
  return (
    <section class="pp-section" aria-labelledby="pp-followed-heading">
      <div class="pp-section-head">
        <h2 id="pp-followed-heading">
          Followed topics
          {totalNew > 0 && <span class="pp-muted"> · {totalNew.toLocaleString('en-US')} new</span>}
        </h2>
        {totalNew > 0 && (
          <button
            type="button"
            class="pp-link-button"
            onClick={markAllSeen}
            disabled={markAll.pending}
            data-mark-all-seen
          >
            Mark all seen
          </button>
        )}
      </div>
      {markAll.error && (
        <p role="alert" class="pp-error">
          {markAll.error}
        </p>
      )}
      {follows.length === 0 ? (
        <p class="pp-empty" data-followed-empty>
          You follow no topics yet. Find one below, or follow a topic from its tag on an arXiv page.
        </p>
      ) : (
        <ul class="pp-followed-list">
          {follows.map((topic) => (
            <FollowedRow key={topic.id} topic={topic} index={index} onChange={replace} />
          ))}
        </ul>
      )}
      <ComparedNote topics={follows} index={index} />
    </section>
  );
}
