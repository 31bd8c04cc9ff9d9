import { abstractHref } from '@/components/paper-card';
import { answerText } from '@/lib/ask/answer-text';
import type { ExtractiveAnswer, SourcePaper } from '@/lib/ask/extractive';
import type { ModelProgress } from '@/lib/ask/model-answer';
import { CopyAnswer } from './copy-answer';
import { ModelStatus } from './model-status';
import { useModelAnswer } from './use-model-answer';

export const NOT_ANSWERED = "These papers don't answer that.";

/**
 * A free question's answer from the retrieved papers (reranked, best first): written by the on-device model
 * where there is one and it cited the papers, else the abstracts' own sentences that answer best (extractive,
 * computed with the reranking).
 */
export function FreeAnswer({
  question,
  papers,
  extractive,
  scope,
}: {
  question: string;
  papers: readonly SourcePaper[];
  extractive: ExtractiveAnswer;
  scope?: object;
}) {
  const model = useModelAnswer(question, papers, scope);
  const written = model.answer && model.answer.sentences.length > 0 ? model.answer : undefined;
  return (
    <>
      {written ? (
        <ModelAnswerView question={question} answer={written} />
      ) : (
        <ExtractiveView question={question} papers={papers} groups={extractive.groups} />
      )}
      <ModelStatus model={model} />
    </>
  );
}

function ExtractiveView({
  question,
  papers,
  groups,
}: {
  question: string;
  papers: readonly SourcePaper[];
  groups: ExtractiveAnswer['groups'];
}) {
  const byId = new Map(papers.map((p) => [p.id, p]));
  const text = () =>
    answerText(
      question,
      groups.flatMap((g, i) => g.sentences.map((s) => `${s} [${i + 1}]`)),
      groups.map((g) => ({ id: g.paper, title: byId.get(g.paper)?.title ?? g.paper })),
    );
  return (
    <div class="pp-ask-answer" data-ask-answer data-ask-mode="extractive">
      {groups.length === 0 ? (
        <p data-ask-none>{NOT_ANSWERED}</p>
      ) : (
        <>
          <p class="pp-muted">
            {groups.length === 1 && groups[0]!.sentences.length === 1
              ? 'The sentence of the papers that answers best, as its authors wrote it:'
              : 'The sentences of the papers that answer best, as they wrote them:'}
          </p>
          {groups.map((g) => (
            <figure key={g.paper} class="pp-ask-group">
              <blockquote>
                {g.sentences.map((s) => (
                  <p key={s}>{s}</p>
                ))}
              </blockquote>
              <figcaption>
                <a
                  href={abstractHref(g.paper)}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-arxiv-id={g.paper}
                >
                  {byId.get(g.paper)?.title ?? g.paper}
                </a>{' '}
                <span class="pp-muted">arXiv:{g.paper}</span>
              </figcaption>
            </figure>
          ))}
          <CopyAnswer text={text} />
        </>
      )}
    </div>
  );
}

function ModelAnswerView({ question, answer }: { question: string; answer: ModelProgress }) {
  const cited = [...new Set(answer.sentences.flatMap((s) => s.cites))].sort((a, b) => a - b);
  const text = () =>
    answerText(
      question,
      answer.sentences.map((s) => s.text),
      answer.sources.map((p) => ({ id: p.id, title: p.title })),
    );
  return (
    <div class="pp-ask-answer" data-ask-answer data-ask-mode="model">
      <p>
        {answer.sentences.map((s) => (
          <span key={s.text}>{s.text} </span>
        ))}
      </p>
      <ol class="pp-ask-refs" aria-label="References">
        {cited.map((n) => {
          const paper = answer.sources[n - 1]!;
          return (
            <li key={n} value={n}>
              <a
                href={abstractHref(paper.id)}
                target="_blank"
                rel="noopener noreferrer"
                data-arxiv-id={paper.id}
              >
                {paper.title}
              </a>{' '}
              <span class="pp-muted">arXiv:{paper.id}</span>
            </li>
          );
        })}
      </ol>
      {answer.done && <CopyAnswer text={text} />}
    </div>
  );
}
