import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import { PaperCard } from '@/components/paper-card';
import { useAction, useSend } from '@/components/use-message';
import type { ResponseOf } from '@/lib/messages/protocol';

interface AskTopicProps {
  topicId: string;
  topicName: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * "Ask about this topic": full-text search over the topic's papers in the index, ranked by relevance.
 * It says plainly that it is a search: the answer is papers, not generated text.
 */
export function AskTopic({ topicId, topicName, inputRef }: AskTopicProps) {
  const send = useSend();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<(ResponseOf<'topic.ask'> & { question: string }) | undefined>();
  const ask = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    const asked = question.trim().slice(0, 500);
    if (!asked) return;
    void ask.run(async () => {
      const result = await send('topic.ask', { id: topicId, question: asked, limit: 10 });
      setAnswer({ ...result, question: asked });
    });
  };

  return (
    <section class="pp-section" id="ask" aria-labelledby="pp-ask-heading">
      <h2 id="pp-ask-heading">Ask about this topic</h2>
      <p class="pp-muted">
        A keyword search over the {topicName} papers in your index, ranked by how well their title and
        abstract match your words. It finds papers; it does not write answers.
      </p>
      <search>
        <form class="pp-ask-form" onSubmit={submit}>
          <label for="pp-ask-input">Search {topicName} papers</label>
          <input
            id="pp-ask-input"
            ref={inputRef}
            type="search"
            maxLength={500}
            value={question}
            placeholder="e.g. credit assignment for long-horizon tasks"
            onInput={(event) => setQuestion(event.currentTarget.value)}
            data-ask-input
          />
          <button type="submit" class="pp-button" disabled={ask.pending || !question.trim()}>
            {ask.pending ? 'Searching…' : 'Search'}
          </button>
        </form>
      </search>
      {ask.error && (
        <p role="alert" class="pp-error">
          Search failed: {ask.error}
        </p>
      )}
      <div aria-live="polite" data-ask-results>
        {answer && (
          <p class="pp-muted" data-ask-summary>
            {answer.papers.length === 0
              ? `No paper among the ${answer.searched.toLocaleString('en-US')} searched matches “${answer.question}”.`
              : `${answer.papers.length} best matches for “${answer.question}” among ${answer.searched.toLocaleString('en-US')} papers, most relevant first.`}
          </p>
        )}
        {answer && answer.papers.length > 0 && (
          <ol class="pp-paper-list">
            {answer.papers.map((paper) => (
              <li key={paper.id}>
                <PaperCard paper={paper} currentTopicId={topicId} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
