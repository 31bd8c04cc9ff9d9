import { useEffect, useState } from 'preact/hooks';
import { errorText } from '@/lib/messages/client';
import type { ResponseOf } from '@/lib/messages/protocol';
import { parseTopicShareText } from '@/lib/share/topic-text';
import type { TopicScorer } from '@/lib/topics/scoring/topic-scorer';
import { useAction, useDebounced, useSend } from '../use-message';
import { QueryError } from './query-error';
import { TopicPreview } from './topic-preview';

export interface EditedTopic {
  id?: string;
  name: string;
  query: string;
}

interface QueryEditorProps {
  initial: EditedTopic;
  categories: string;
  onSaved: (id: string, name: string, query: string) => void;
  onCancel: () => void;
  debounceMs?: number;
}

export type Preview =
  | { state: 'idle' }
  | { state: 'checking'; query: string }
  | { state: 'done'; query: string; answer: ResponseOf<'userTopics.preview'> }
  | { state: 'failed'; query: string; error: string };

/**
 * Name and query of a custom topic. The query is checked as you type (a moment after you stop): an error
 * shows where it is; a valid query shows what it matches in the index and its momentum.
 */
export function QueryEditor({ initial, categories, onSaved, onCancel, debounceMs = 300 }: QueryEditorProps) {
  const send = useSend();
  const [name, setName] = useState(initial.name);
  const [query, setQuery] = useState(initial.query);
  const preview = useQueryPreview(query, debounceMs);
  const [saveError, setSaveError] = useState<{ position: number; message: string } | undefined>();
  /** A shared topic's text (Share on a custom topic) pasted into either field fills both. */
  const pasteShared = (event: ClipboardEvent) => {
    const shared = parseTopicShareText(event.clipboardData?.getData('text/plain') ?? '');
    if (!shared) return;
    event.preventDefault();
    setName(shared.name);
    setQuery(shared.query);
  };
  const saving = useAction();

  // Only an answer about the query as it is now is shown; typing on hides a stale error.
  const fresh = preview.state !== 'idle' && preview.query === query;
  const queryError =
    (fresh && preview.state === 'done' ? preview.answer.error : undefined) ??
    (saveError && !fresh ? saveError : undefined);

  const submit = (event: Event) => {
    event.preventDefault();
    setSaveError(undefined);
    void saving.run(async () => {
      const request = { ...(initial.id ? { id: initial.id } : {}), name: name.trim(), query: query.trim() };
      const answer = await send('userTopics.save', request);
      if (answer.ok) onSaved(answer.id, request.name, request.query);
      else setSaveError(answer.error);
    });
  };

  return (
    <form
      class="pp-query-editor"
      onSubmit={submit}
      aria-label={initial.id ? `Edit ${initial.name}` : 'New custom topic'}
    >
      <label for="pp-topic-name">Name</label>
      <input
        id="pp-topic-name"
        value={name}
        required
        maxLength={120}
        onInput={(event) => setName(event.currentTarget.value)}
        onPaste={pasteShared}
        data-topic-name
      />
      <QueryField query={query} invalid={queryError !== undefined} onQuery={setQuery} onPaste={pasteShared} />
      <QueryFeedback
        query={query}
        preview={preview}
        fresh={fresh}
        queryError={queryError}
        categories={categories}
      />
      {saving.error && (
        <p role="alert" class="pp-error">
          Could not save: {saving.error}
        </p>
      )}
      <div class="pp-actions">
        <button
          type="submit"
          class="pp-button pp-primary"
          disabled={saving.pending || !name.trim() || !query.trim()}
        >
          {initial.id ? 'Save changes' : 'Add topic'}
        </button>
        <button type="button" class="pp-link-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface QueryFieldProps {
  query: string;
  invalid: boolean;
  onQuery(query: string): void;
  onPaste(event: ClipboardEvent): void;
}

/** The query's text area, described by the syntax help and the feedback under it. */
function QueryField({ query, invalid, onQuery, onPaste }: QueryFieldProps) {
  return (
    <>
      <label for="pp-topic-query">Query</label>
      <textarea
        id="pp-topic-query"
        value={query}
        required
        maxLength={2000}
        rows={3}
        spellcheck={false}
        aria-invalid={invalid}
        aria-describedby="pp-query-help pp-query-feedback"
        onInput={(event) => onQuery(event.currentTarget.value)}
        onPaste={onPaste}
        data-topic-query
      />
      <p id="pp-query-help" class="pp-muted">
        Words, "quoted phrases", AND / OR / ANDNOT, parentheses, and the fields ti: abs: au: cat: topic: (a
        topic id, e.g. topic:llm-agents). Example: <code>abs:"world model" AND (cat:cs.RO OR robot)</code>
      </p>
    </>
  );
}

/**
 * The background's check of `query`, asked once typing has paused for `debounceMs`; with a learned topic's
 * `scorer`, what query and scorer match together.
 */
export function useQueryPreview(query: string, debounceMs: number, scorer?: TopicScorer): Preview {
  const send = useSend();
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const settled = useDebounced(query, debounceMs);

  useEffect(() => {
    if (!settled.trim()) {
      setPreview({ state: 'idle' });
      return;
    }
    let current = true;
    setPreview({ state: 'checking', query: settled });
    send('userTopics.preview', { query: settled, ...(scorer ? { scorer } : {}) }).then(
      (answer) => current && setPreview({ state: 'done', query: settled, answer }),
      (error: unknown) => current && setPreview({ state: 'failed', query: settled, error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [send, settled, scorer]);
  return preview;
}

interface QueryFeedbackProps {
  query: string;
  preview: Preview;
  /** The preview is about the query as it is now. */
  fresh: boolean;
  queryError: { position: number; message: string } | undefined;
  categories: string;
}

/** Under the query (announced politely): where it is wrong, that it is being checked, or what it matches. */
function QueryFeedback({ query, preview, fresh, queryError, categories }: QueryFeedbackProps) {
  return (
    <div id="pp-query-feedback" aria-live="polite">
      {queryError && <QueryError id="pp-query-error" query={query} error={queryError} />}
      {!queryError && preview.state === 'checking' && <p class="pp-muted">Checking the query…</p>}
      {!queryError && fresh && preview.state === 'failed' && (
        <p class="pp-error">Could not preview the query: {preview.error}</p>
      )}
      {!queryError && fresh && preview.state === 'done' && (
        <TopicPreview preview={preview.answer} categories={categories} />
      )}
    </div>
  );
}
