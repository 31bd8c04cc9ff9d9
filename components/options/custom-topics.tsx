import { useState } from 'preact/hooks';
import type { ResponseOf } from '@/lib/messages/protocol';
import { LoadError } from '../load-error';
import { topicHref } from '../paper-card';
import { useAction, useMessage, useSend } from '../use-message';
import { type EditedTopic, QueryEditor } from './query-editor';
import { ShareTopic } from './share-topic';

/** The user's own topics: each a named query, listed with its errors, editable, deletable; and a new one. */
export function CustomTopics({ categories, reloadKey = 0 }: { categories: string; reloadKey?: number }) {
  const send = useSend();
  const [list, reload] = useMessage('userTopics.list', {}, [reloadKey]);
  const [editing, setEditing] = useState<EditedTopic | undefined>();
  const [confirmDelete, setConfirmDelete] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const removal = useAction();

  const saved = (_id: string, name: string) => {
    setMessage(`Saved “${name}”. Papers in the index are being tagged with it.`);
    setEditing(undefined);
    void reload();
  };
  const remove = (id: string, name: string) =>
    removal.run(async () => {
      await send('userTopics.delete', { id });
      setConfirmDelete(undefined);
      setMessage(`Deleted “${name}”.`);
      void reload();
    });

  return (
    <div class="pp-custom-topics">
      {list.state === 'loading' && <p class="pp-muted">Loading your topics…</p>}
      {list.state === 'error' && <LoadError what="your topics" error={list.error} retry={reload} />}
      {list.state === 'ready' && list.data.topics.length === 0 && (
        <p class="pp-empty" data-custom-empty>
          You have no custom topics. A custom topic is a query over titles, abstracts, authors and categories;
          it gets chips, momentum and a page like any other topic.
        </p>
      )}
      {list.state === 'ready' && list.data.topics.length > 0 && (
        <ul class="pp-custom-list" aria-label="Your topics">
          {list.data.topics.map((topic) => (
            <CustomTopicRow
              key={topic.id}
              topic={topic}
              confirming={confirmDelete === topic.id}
              deleting={removal.pending}
              onEdit={() => setEditing({ id: topic.id, name: topic.name, query: topic.query })}
              onConfirm={(confirming) => setConfirmDelete(confirming ? topic.id : undefined)}
              onDelete={() => remove(topic.id, topic.name)}
            />
          ))}
        </ul>
      )}
      {removal.error && (
        <p role="alert" class="pp-error">
          Could not delete: {removal.error}
        </p>
      )}
      <p role="status" class="pp-muted">
        {message}
      </p>
      {editing ? (
        <QueryEditor
          key={editing.id ?? 'new'}
          initial={editing}
          categories={categories}
          onSaved={saved}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <button
          type="button"
          class="pp-button"
          onClick={() => {
            setMessage(undefined);
            setEditing({ name: '', query: '' });
          }}
          data-new-topic
        >
          New custom topic
        </button>
      )}
    </div>
  );
}

type UserTopic = ResponseOf<'userTopics.list'>['topics'][number];

interface CustomTopicRowProps {
  topic: UserTopic;
  /** Delete was pressed: the row asks to confirm. */
  confirming: boolean;
  deleting: boolean;
  onEdit(): void;
  /** Delete pressed (true) or "Keep it" (false). */
  onConfirm(confirming: boolean): void;
  onDelete(): void;
}

/** One custom topic: its link, query and any parse error; Share, Edit and a two-step Delete. */
function CustomTopicRow({ topic, confirming, deleting, onEdit, onConfirm, onDelete }: CustomTopicRowProps) {
  return (
    <li data-user-topic-id={topic.id}>
      <a href={topicHref(topic.id)} class="pp-custom-name">
        {topic.name}
      </a>
      <code class="pp-custom-query">{topic.query}</code>
      {topic.error && (
        <p class="pp-error">
          This query no longer parses: {topic.error.message} (at character {topic.error.position + 1})
        </p>
      )}
      {topic.scorerNote && (
        <p class="pp-muted" data-scorer-stale>
          {topic.scorerNote}
        </p>
      )}
      <div class="pp-actions">
        <ShareTopic topic={topic} />
        <button type="button" class="pp-link-button" onClick={onEdit}>
          Edit<span class="pp-visually-hidden"> {topic.name}</span>
        </button>
        {confirming ? (
          <>
            <button type="button" class="pp-button pp-danger" disabled={deleting} onClick={onDelete}>
              Delete “{topic.name}” for good
            </button>
            <button type="button" class="pp-link-button" onClick={() => onConfirm(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" class="pp-link-button" onClick={() => onConfirm(true)}>
            Delete<span class="pp-visually-hidden"> {topic.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
