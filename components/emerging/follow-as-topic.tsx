import { useState } from 'preact/hooks';
import { QueryEditor } from '@/components/options/query-editor';
import { topicHref } from '@/components/paper-card';
import { useAction, useSend } from '@/components/use-message';
import type { EmergingPhraseData } from '@/lib/messages/schemas';

interface FollowAsTopicProps {
  phrase: Pick<EmergingPhraseData, 'phrase' | 'query'>;
  /** The tracked categories, for the editor's preview wording. */
  categories: string;
}

interface Followed {
  id: string;
  name: string;
  query: string;
}

/**
 * One click makes the phrase a custom topic (named after it, its query from its spellings) through the same
 * path as Settings' custom topics (`userTopics.save`), and follows it (`topic.follow`). The query stays
 * editable right there: the editor opens on the saved topic.
 */
export function FollowAsTopic({ phrase, categories }: FollowAsTopicProps) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const [followed, setFollowed] = useState<Followed | undefined>();
  const [editing, setEditing] = useState(false);

  const follow = () =>
    run(async () => {
      const name = phrase.phrase.slice(0, 120);
      const saved = await send('userTopics.save', { name, query: phrase.query });
      if (!saved.ok) throw new Error(saved.error.message);
      await send('topic.follow', { id: saved.id, follow: true });
      setFollowed({ id: saved.id, name, query: phrase.query });
    });

  if (!followed)
    return (
      <span class="pp-follow">
        <button type="button" class="pp-button" disabled={pending} onClick={follow} data-follow-phrase>
          Follow as a topic<span class="pp-visually-hidden"> {phrase.phrase}</span>
        </button>
        {error && (
          <span role="alert" class="pp-error-inline">
            Could not follow: {error}
          </span>
        )}
      </span>
    );
  return (
    <div class="pp-followed-phrase" data-followed-topic={followed.id}>
      <p role="status">
        Following <a href={topicHref(followed.id)}>{followed.name}</a> as a custom topic.{' '}
        {!editing && (
          <button type="button" class="pp-link-button" onClick={() => setEditing(true)} data-edit-query>
            Edit its query
          </button>
        )}
      </p>
      {editing && (
        <QueryEditor
          initial={followed}
          categories={categories}
          onSaved={(id, name, query) => {
            setFollowed({ id, name, query });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </div>
  );
}
