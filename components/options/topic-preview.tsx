import { Sparkline } from '@/components/sparkline';
import type { ResponseOf } from '@/lib/messages/protocol';
import { momentumSentence } from '@/lib/momentum/wording';
import { abstractHref } from '../paper-card';

const SHOWN = 5;

/** What a query matches in the index now: how many papers, their momentum, the newest few. */
export function TopicPreview({
  preview,
  categories,
}: {
  preview: ResponseOf<'userTopics.preview'>;
  categories: string;
}) {
  return (
    <div class="pp-topic-preview" data-query-preview>
      <p data-preview-matches>
        <strong>{preview.matches.toLocaleString('en-US')}</strong>{' '}
        {preview.matches === 1 ? 'paper' : 'papers'} in your index match this query.
      </p>
      {preview.momentum && <p>{momentumSentence(preview.momentum, categories || undefined)}</p>}
      {preview.weekly.length > 0 && (
        <Sparkline weeks={preview.weekly} label="Matching papers" width={180} height={32} />
      )}
      {preview.papers.length > 0 && (
        <ul class="pp-paper-links" aria-label="Newest matching papers">
          {preview.papers.slice(0, SHOWN).map((paper) => (
            <li key={paper.id}>
              <a href={abstractHref(paper.id)} target="_blank" rel="noopener">
                {paper.title || paper.id}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
