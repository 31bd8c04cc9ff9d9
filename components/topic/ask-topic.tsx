import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { abstractHref } from '@/components/paper-card';
import { useAction, useSend } from '@/components/use-message';
import type { ExactAnswerWire } from '@/lib/ask/ask-schemas';
import { exactQuestion, relateQuestion, SUGGESTED_QUESTIONS } from '@/lib/ask/exact-question';
import { type ExtractiveAnswer, extractAnswer } from '@/lib/ask/extractive';
import { RERANK_FROM } from '@/lib/ask/rerank';
import type { PaperRow } from '@/lib/messages/schemas';
import { ExactAnswerView } from './ask-exact';
import { FreeAnswer } from './ask-free';

/**
 * Papers a free question retrieves: reranked by their best sentence for it (lib/ask/rerank.ts), then read by
 * the model as many as fit its window, best first.
 */
export const RETRIEVED = RERANK_FROM;
/** Of those, the first of the reranked order, shown under the answer as "papers searched". */
const SHOWN = 5;
/** Typing wakes the background at most this often (Chrome stops a worker idle for 30 s). */
export const WAKE_EVERY_MS = 20_000;

type Answer =
  | { mode: 'exact'; answer: ExactAnswerWire }
  | {
      mode: 'free';
      question: string;
      /** Reranked for the question (extractive.ranked). */
      papers: PaperRow[];
      extractive: ExtractiveAnswer;
      searched: number;
    };

interface AskTopicProps {
  topicId: string;
  topicName: string;
  /** Topics sharing papers with this one: "How does it relate to X?" is offered for the first two. */
  related: readonly { id: string; name: string }[];
  /** From the page's `ask=` parameter: asked at once when not empty. */
  initialQuestion?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** Where the Prompt API is looked for (tests pass a fake). */
  scope?: object;
}

/**
 * "Ask about this topic": suggested questions answered exactly from counts over the topic's papers, and
 * free questions answered from the papers the search index retrieves for them (DESIGN.md, Ask contract).
 */
export function AskTopic({ topicId, topicName, related, initialQuestion, inputRef, scope }: AskTopicProps) {
  const [question, setQuestion] = useState(initialQuestion ?? '');
  const { answer, ask, run: answerQuestion } = useAsk(topicId);
  const wake = useWake();
  const run = (text: string) => {
    const asked = answerQuestion(text);
    if (asked) setQuestion(asked);
  };
  // Asked once, when the page opens with ask=QUESTION.
  useEffect(() => {
    if (initialQuestion?.trim()) run(initialQuestion);
  }, []);

  const suggested = [
    ...SUGGESTED_QUESTIONS.map((q) => q.question),
    ...related.slice(0, 2).map((t) => relateQuestion(t.name)),
  ];
  return (
    <section class="pp-section" id="ask" aria-labelledby="pp-ask-heading">
      <h2 id="pp-ask-heading">Ask about this topic</h2>
      <p class="pp-muted">
        Answers come from the {topicName} papers in your index, each pointing at its papers; nothing leaves
        this computer.
      </p>
      <SuggestedQuestions questions={suggested} onAsk={run} />
      <search>
        <form
          class="pp-ask-form"
          onSubmit={(event) => {
            event.preventDefault();
            run(question);
          }}
          data-ask
        >
          <label for="pp-ask-input">Your question about {topicName}</label>
          <input
            id="pp-ask-input"
            name="question"
            ref={inputRef}
            type="search"
            maxLength={500}
            value={question}
            placeholder="e.g. how do agents handle credit assignment over long horizons?"
            onInput={(event) => {
              setQuestion(event.currentTarget.value);
              wake();
            }}
          />
          <button type="submit" class="pp-button" disabled={ask.pending || !question.trim()}>
            {ask.pending ? 'Asking…' : 'Ask'}
          </button>
        </form>
      </search>
      {ask.error && (
        <p role="alert" class="pp-error">
          Could not answer: {ask.error}
        </p>
      )}
      <div aria-live="polite" aria-busy={ask.pending}>
        {answer?.mode === 'exact' && <ExactAnswerView answer={answer.answer} />}
        {answer?.mode === 'free' && (
          <>
            <FreeAnswer
              question={answer.question}
              papers={answer.papers}
              extractive={answer.extractive}
              {...(scope ? { scope } : {})}
            />
            <Searched papers={answer.papers} searched={answer.searched} />
          </>
        )}
      </div>
    </section>
  );
}

/** Asks the background: an exact question for its counts, a free one for the papers that answer it. */
function useAsk(topicId: string) {
  const send = useSend();
  const [answer, setAnswer] = useState<Answer | undefined>();
  const ask = useAction();
  const run = (text: string): string | undefined => {
    const asked = text.trim().slice(0, 500);
    if (!asked) return undefined;
    void ask.run(async () => {
      const exact = exactQuestion(asked);
      if (exact) {
        const request = exact.other
          ? { id: topicId, kind: exact.kind, other: exact.other }
          : { id: topicId, kind: exact.kind };
        setAnswer({ mode: 'exact', answer: await send('topic.askExact', request) });
      } else {
        const found = await send('topic.ask', { id: topicId, question: asked, limit: RETRIEVED });
        const extractive = extractAnswer(asked, found.papers);
        const byId = new Map(found.papers.map((p) => [p.id, p]));
        const papers = extractive.ranked.flatMap((id) => byId.get(id) ?? []);
        setAnswer({ mode: 'free', question: asked, papers, extractive, searched: found.searched });
      }
    });
    return asked;
  };
  return { answer, ask, run };
}

/**
 * Wakes the background while the reader types a question: a worker the browser stopped while the page sat
 * open starts and loads the index as the question is typed, not after it is asked (100-300 ms at a year's
 * index). At most once per WAKE_EVERY_MS; the answer to the wake-up is not needed.
 */
function useWake() {
  const send = useSend();
  const last = useRef(Number.NEGATIVE_INFINITY);
  return () => {
    const now = Date.now();
    if (now - last.current < WAKE_EVERY_MS) return;
    last.current = now;
    void send('status.get', {}).catch(() => undefined);
  };
}

function SuggestedQuestions({
  questions,
  onAsk,
}: {
  questions: readonly string[];
  onAsk: (q: string) => void;
}) {
  return (
    <ul class="pp-ask-suggested" aria-label="Suggested questions">
      {questions.map((q) => (
        <li key={q}>
          <button type="button" class="pp-chip-button" onClick={() => onAsk(q)} data-ask-suggested>
            {q}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Searched({ papers, searched }: { papers: readonly PaperRow[]; searched: number }) {
  if (papers.length === 0)
    return (
      <p class="pp-muted">
        No paper among the {searched.toLocaleString('en-US')} of this topic shares a word with the question.
      </p>
    );
  return (
    <details class="pp-ask-searched">
      <summary>
        The {Math.min(SHOWN, papers.length)} papers that match the question best, of{' '}
        {searched.toLocaleString('en-US')}
      </summary>
      <ol>
        {papers.slice(0, SHOWN).map((p) => (
          <li key={p.id} data-ask-retrieved={p.id}>
            <a href={abstractHref(p.id)} target="_blank" rel="noopener noreferrer">
              {p.title}
            </a>
          </li>
        ))}
      </ol>
    </details>
  );
}
