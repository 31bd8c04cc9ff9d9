import { formatDay } from '@/components/format-date';
import { abstractHref, authorLine, topicHref } from '@/components/paper-card';
import { useAction, useSend } from '@/components/use-message';
import type { SavedPaper } from '@/lib/messages/schemas';
import { SaveButton } from './save-button';

interface SavedItemProps {
  paper: SavedPaper;
  onChange(paper: SavedPaper): void;
  onRemove(paper: SavedPaper): void;
}

/** One saved paper: what was known of it, its topics, Mark read and Remove (the Save toggle). */
export function SavedItem({ paper, onChange, onRemove }: SavedItemProps) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const title = paper.title || `arXiv:${paper.id}`;
  const toggleRead = async () => {
    const next = await run(() => send('saved.mark', { id: paper.id, read: !paper.read }));
    if (next) onChange(next);
  };
  return (
    <li
      class={`pp-saved-item${paper.read ? ' pp-is-read' : ''}`}
      data-saved-arxiv-id={paper.id}
      data-read={paper.read ? 'true' : 'false'}
    >
      <article aria-label={title}>
        <p class="pp-paper-meta">
          {paper.published ? formatDay(paper.published) : 'date not known yet'}
          {paper.primary && ` · ${paper.primary}`}
          {` · saved ${formatDay(paper.savedAt)}`}
          {paper.read && ' · read'}
        </p>
        <h2 class="pp-paper-title">
          <a href={abstractHref(paper.id)} target="_blank" rel="noopener">
            {title}
          </a>
        </h2>
        {paper.authors.length > 0 && (
          <p class="pp-paper-authors">{authorLine(paper.authors, paper.authorCount)}</p>
        )}
        {paper.topics.length > 0 && (
          <ul class="pp-tags" aria-label="Topics">
            {paper.topics.map((t) => (
              <li key={t.id}>
                <a class="pp-tag" href={topicHref(t.id)} data-topic-tag={t.id}>
                  {t.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        <div class="pp-paper-actions">
          <button
            type="button"
            class="pp-button pp-follow-small"
            data-action="mark-read"
            aria-pressed={paper.read}
            aria-label={`Read: ${title}`}
            disabled={pending}
            onClick={toggleRead}
          >
            {paper.read ? '✓ Read' : 'Mark read'}
          </button>
          <SaveButton
            id={paper.id}
            title={title}
            saved
            onChange={(saved) => !saved && onRemove(paper)}
            small
          />
          {error && (
            <span class="pp-error-inline" role="alert">
              {error}
            </span>
          )}
        </div>
      </article>
    </li>
  );
}
