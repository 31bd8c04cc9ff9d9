import { useEffect, useRef, useState } from 'preact/hooks';
import type { LearnedTopicAnswer } from '@/lib/messages/areas/topics-learn';
import type { RequestOf } from '@/lib/messages/protocol';
import { MAX_ID_LIST_LENGTH, parseArxivIdList } from '@/lib/sites/arxiv-id';
import { topicHref } from '../paper-card';
import { useAction, useSend } from '../use-message';
import { LearnedMatches, matchesShown } from './learned-matches';
import { PackTopicOffer } from './pack-topic-offer';
import { useQueryPreview } from './query-editor';
import { QueryError } from './query-error';

/** The most examples one topic is learned from (the protocol's bound). */
const MAX_EXAMPLES = 50;

interface LearnTopicProps {
  /** Ids to learn from at once (the topic page's "Learn a topic from these", options.html?learn=…). */
  initialIds?: readonly string[];
  /** A learned topic was saved and followed. */
  onSaved?: (id: string, name: string) => void;
  debounceMs?: number;
}

/**
 * "Learn a topic from papers": paste arXiv ids, get a query learned from what they share (editable, checked
 * as you type), its matches in the index, "not this" on a match to re-learn, then Save & follow.
 */
export function LearnTopic({ initialIds = [], onSaved, debounceMs = 300 }: LearnTopicProps) {
  const send = useSend();
  const [text, setText] = useState(initialIds.join('\n'));
  const [inputError, setInputError] = useState<string | undefined>();
  const [learned, setLearned] = useState<LearnedTopicAnswer | undefined>();
  const [saved, setSaved] = useState<{ id: string; name: string } | undefined>();
  const learning = useAction();
  const learn = (request: RequestOf<'topics.learn'>) =>
    learning.run(async () => {
      setSaved(undefined);
      setLearned(await send('topics.learn', request));
    });
  // Ids handed over in the URL are learned from at once, one time.
  const handedOver = useRef(initialIds);
  useEffect(() => {
    if (handedOver.current.length > 0) void learn({ examples: [...handedOver.current], notThis: [] });
  }, []);

  const submit = (event: Event) => {
    event.preventDefault();
    const error = idListError(text);
    setInputError(error);
    if (!error) void learn({ examples: parseArxivIdList(text).ids, notThis: [] });
  };
  return (
    <div class="pp-learn-topic" data-learn-topic>
      <p class="pp-muted">
        Give a few papers of a niche: PaperPulse writes a query from what they share and the rest of your
        index does not. Mark a match “yes, this” or “not this” to refine it, edit the query if you like, then
        save and follow it as a custom topic.
      </p>
      <form onSubmit={submit} aria-label="Learn a topic from papers">
        <label for="pp-learn-ids">arXiv ids of example papers (one a line, or separated by spaces)</label>
        <textarea
          id="pp-learn-ids"
          rows={4}
          value={text}
          spellcheck={false}
          aria-invalid={inputError !== undefined}
          aria-describedby="pp-learn-ids-error"
          onInput={(event) => setText(event.currentTarget.value)}
          data-learn-ids
        />
        {(inputError || learning.error) && (
          <p id="pp-learn-ids-error" class="pp-error" role="alert">
            {inputError ?? `Could not learn a topic: ${learning.error}`}
          </p>
        )}
        <button type="submit" class="pp-button" disabled={learning.pending} data-learn-submit>
          {learning.pending ? 'Learning…' : 'Learn a topic'}
        </button>
      </form>
      {saved && (
        <p role="status" data-learn-saved>
          Saved and following <a href={topicHref(saved.id)}>{saved.name}</a>.
        </p>
      )}
      {learned && !saved && learned.packTopic && (
        <PackTopicOffer key={learned.packTopic.id} topic={learned.packTopic} />
      )}
      {learned && !saved && !learned.packTopic?.copy && (
        <LearnedEditor
          key={learned.examples.join(' ')}
          learned={learned}
          busy={learning.pending}
          debounceMs={debounceMs}
          onNotThis={(id) => void learn(markRequest(learned, id, false))}
          onYes={(id) => void learn(markRequest(learned, id, true))}
          onSaved={(id, name) => {
            setSaved({ id, name });
            onSaved?.(id, name);
          }}
        />
      )}
    </div>
  );
}

/**
 * What a mark ("yes, this" or "not this" on `id`) re-learns from: the topic's examples and marks, one more,
 * and the scorer shown, so the scorer is re-learned near it and papers nobody marked keep their place.
 */
export function markRequest(
  learned: LearnedTopicAnswer,
  id: string,
  yes: boolean,
): RequestOf<'topics.learn'> {
  return {
    examples: yes ? [...learned.examples, id] : learned.examples,
    notThis: yes ? learned.notThis : [...learned.notThis, id],
    ...(learned.scorer ? { shown: learned.scorer } : {}),
  };
}

/** What is wrong with a pasted id list, or undefined when it can be learned from. */
export function idListError(text: string): string | undefined {
  if (text.length > MAX_ID_LIST_LENGTH) {
    const [limit, length] = [MAX_ID_LIST_LENGTH, text.length].map((n) => n.toLocaleString('en-US'));
    return `The list is too long: at most ${limit} characters (this one has ${length}); paste the ids of at most ${MAX_EXAMPLES} papers`;
  }
  const { ids, invalid } = parseArxivIdList(text);
  if (invalid.length > 0) return `Not arXiv ids: ${invalid.slice(0, 5).join(', ')}`;
  if (ids.length === 0) return 'Paste the arXiv ids of at least one paper';
  if (ids.length > MAX_EXAMPLES) return `At most ${MAX_EXAMPLES} papers (you gave ${ids.length})`;
  return undefined;
}

interface LearnedEditorProps {
  learned: LearnedTopicAnswer;
  /** A re-learn is under way. */
  busy: boolean;
  debounceMs: number;
  onNotThis(id: string): void;
  /** "Yes, this": the match joins the examples. */
  onYes(id: string): void;
  onSaved(id: string, name: string): void;
}

/** The learned topic: its name and query (editable, checked live), its matches, Save & follow. */
function LearnedEditor({ learned, busy, debounceMs, onNotThis, onYes, onSaved }: LearnedEditorProps) {
  const send = useSend();
  const [name, setName] = useState(learned.name);
  const [query, setQuery] = useState(learned.query);
  // Each "not this" re-learns the query; the name the user gave stays.
  useEffect(() => setQuery(learned.query), [learned.query]);
  const preview = useQueryPreview(query, debounceMs, learned.scorer);
  const [saveError, setSaveError] = useState<{ position: number; message: string } | undefined>();
  const saving = useAction();
  const fresh = preview.state === 'done' && preview.query === query ? preview.answer : undefined;
  const queryError = fresh?.error ?? saveError;

  const save = (event: Event) => {
    event.preventDefault();
    void saving.run(async () => {
      const topic = { name: name.trim(), query: query.trim() };
      // The scorer learned beside the query is saved with it, whatever the query has become.
      const scorer = learned.scorer ? { scorer: learned.scorer } : {};
      const answer = await send('userTopics.save', { ...topic, ...scorer });
      if (!answer.ok) return setSaveError(answer.error);
      await send('topic.follow', { id: answer.id, follow: true });
      onSaved(answer.id, topic.name);
    });
  };
  return (
    <form class="pp-query-editor" onSubmit={save} aria-label="Learned topic" data-learned-topic>
      <label for="pp-learn-name">Name</label>
      <input
        id="pp-learn-name"
        value={name}
        required
        maxLength={120}
        onInput={(event) => setName(event.currentTarget.value)}
        data-learn-name
      />
      <label for="pp-learn-query">Learned query (edit it as you like)</label>
      <textarea
        id="pp-learn-query"
        value={query}
        required
        maxLength={2000}
        rows={3}
        spellcheck={false}
        aria-invalid={queryError !== undefined}
        aria-describedby="pp-learn-feedback"
        onInput={(event) => {
          setSaveError(undefined);
          setQuery(event.currentTarget.value);
        }}
        data-learn-query
      />
      <div id="pp-learn-feedback" aria-live="polite">
        {queryError && <QueryError id="pp-learn-query-error" query={query} error={queryError} />}
        {!queryError && (
          <LearnedMatches
            learned={learned}
            matches={matchesShown(learned, query, preview)}
            busy={busy}
            onNotThis={onNotThis}
            onYes={onYes}
          />
        )}
      </div>
      {saving.error && (
        <p role="alert" class="pp-error">
          Could not save: {saving.error}
        </p>
      )}
      <button
        type="submit"
        class="pp-button pp-primary"
        disabled={saving.pending || busy || !name.trim() || !query.trim()}
        data-learn-save
      >
        Save &amp; follow
      </button>
    </form>
  );
}
