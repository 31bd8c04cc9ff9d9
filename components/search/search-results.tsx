import { PaperActions } from '@/components/paper-actions';
import { PaperCard } from '@/components/paper-card';
import { useSavedIds } from '@/components/saved/use-saved-ids';
import type { SearchParams } from './search-params';
import type { SearchAnswer } from './use-search';

interface SearchResultsProps {
  answer: SearchAnswer;
  asked: SearchParams;
  /** The next page is being loaded. */
  more: boolean;
  onMore(): void;
  /** A topic chosen in the filter ('' for any topic). */
  onTopic(topic: string): void;
}

/** What the search found: a summary, the topic filter, the ranked papers and "More results". */
export function SearchResults({ answer, asked, more, onMore, onTopic }: SearchResultsProps) {
  const papers = answer.papers;
  const [saved, markSaved] = useSavedIds(papers.map((p) => p.id));
  return (
    <>
      <p class="pp-muted" aria-live="polite" data-search-summary>
        {answer.total.toLocaleString('en-US')} {answer.total === 1 ? 'paper matches' : 'papers match'} “
        {asked.q.trim()}”{asked.topic ? ` in ${topicName(answer, asked.topic)}` : ''}, best first (searched{' '}
        {answer.searched.toLocaleString('en-US')} papers).
      </p>
      {answer.topics.length > 0 && <TopicFilter answer={answer} topic={asked.topic} onTopic={onTopic} />}
      <ol class="pp-paper-list" aria-label="Search results">
        {papers.map((paper) => (
          <li key={paper.id} data-arxiv-id={paper.id}>
            <PaperCard
              paper={paper}
              headingLevel={3}
              actions={
                <PaperActions
                  paper={paper}
                  saved={saved.has(paper.id)}
                  onSavedChange={(isSaved) => markSaved(paper.id, isSaved)}
                />
              }
            />
          </li>
        ))}
      </ol>
      {papers.length < answer.total && (
        <button type="button" class="pp-button" disabled={more} onClick={onMore} data-search-more>
          {more
            ? 'Loading…'
            : `More results (${(answer.total - papers.length).toLocaleString('en-US')} left)`}
        </button>
      )}
    </>
  );
}

/** Narrows the results to one of the topics they have, with how many papers each. */
function TopicFilter({
  answer,
  topic,
  onTopic,
}: Pick<SearchResultsProps, 'answer' | 'onTopic'> & { topic: string }) {
  return (
    <label class="pp-search-topic">
      Topic{' '}
      <select value={topic} onChange={(e) => onTopic(e.currentTarget.value)} data-search-topic>
        <option value="">Any topic</option>
        {answer.topics.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({t.count})
          </option>
        ))}
      </select>
    </label>
  );
}

function topicName(answer: SearchAnswer, id: string): string {
  return answer.topics.find((t) => t.id === id)?.name ?? id;
}
