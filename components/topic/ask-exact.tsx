import { abstractHref } from '@/components/paper-card';
import { answerText } from '@/lib/ask/answer-text';
import type { ExactAnswerWire } from '@/lib/ask/ask-schemas';
import { CopyAnswer } from './copy-answer';

type Item = ExactAnswerWire['sections'][number]['items'][number];

/** An exact answer: counted items, each opening onto its papers (one click on the item). */
export function ExactAnswerView({ answer }: { answer: ExactAnswerWire }) {
  const titles = new Map(answer.papers.map((p) => [p.id, p]));
  const counted =
    answer.counted < answer.of && answer.kind !== 'new'
      ? `Counted over the newest ${answer.counted.toLocaleString('en-US')} of the topic's ${answer.of.toLocaleString('en-US')} papers.`
      : `Counted over ${answer.counted.toLocaleString('en-US')} papers of this topic${answer.kind === 'new' ? ' in the last eight weeks' : ''}.`;
  return (
    <div class="pp-ask-answer" data-ask-answer data-ask-mode="exact">
      <p class="pp-muted" data-ask-counted>
        {answer.question} {counted} Open an item for its papers.
      </p>
      {answer.sections.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <h3>{section.title}</h3>
          {section.items.length === 0 ? (
            <p class="pp-muted">None in these papers.</p>
          ) : (
            <ol class="pp-ask-items">
              {section.items.map((item) => (
                <ExactItem key={item.key} item={item} titles={titles} />
              ))}
            </ol>
          )}
        </section>
      ))}
      <CopyAnswer text={() => exactText(answer)} />
    </div>
  );
}

function ExactItem({
  item,
  titles,
}: {
  item: Item;
  titles: Map<string, { title: string; published: number }>;
}) {
  const papers = `${item.count} paper${item.count === 1 ? '' : 's'}`;
  const weeks = item.previousWeeks === undefined ? 'four' : String(item.previousWeeks);
  const before = item.previous === undefined ? '' : `, ${item.previous} in the ${weeks} weeks before`;
  return (
    <li data-ask-item={item.key} data-count={item.count}>
      <details>
        <summary>
          <span data-ask-label>{item.label}</span>: {papers}
          {before}
        </summary>
        <ul class="pp-ask-papers">
          {item.papers.map((id) => (
            <li key={id}>
              <a href={abstractHref(id)} target="_blank" rel="noopener noreferrer" data-arxiv-id={id}>
                {titles.get(id)?.title ?? id}
              </a>{' '}
              <span class="pp-muted">arXiv:{id}</span>
            </li>
          ))}
          {item.count > item.papers.length && (
            <li class="pp-muted">and {item.count - item.papers.length} older ones</li>
          )}
        </ul>
      </details>
    </li>
  );
}

export function exactText(answer: ExactAnswerWire): string {
  const refs: { id: string; title: string }[] = [];
  const number = (id: string) => {
    let at = refs.findIndex((r) => r.id === id);
    if (at < 0) at = refs.push({ id, title: answer.papers.find((p) => p.id === id)?.title ?? id }) - 1;
    return at + 1;
  };
  const lines = answer.sections.flatMap((s) => [
    `${s.title}:`,
    ...s.items.map(
      (i) =>
        `- ${i.label}: ${i.count} papers ${i.papers
          .slice(0, 5)
          .map((id) => `[${number(id)}]`)
          .join('')}`,
    ),
  ]);
  return answerText(answer.question, lines, refs);
}
