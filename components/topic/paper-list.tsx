import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDay } from '@/components/format-date';
import { PaperActions } from '@/components/paper-actions';
import { PaperCard } from '@/components/paper-card';
import { useSavedIds } from '@/components/saved/use-saved-ids';
import { useSend } from '@/components/use-message';
import { MAX_LEARN_EXAMPLES } from '@/lib/discover/learn-page';
import { errorText } from '@/lib/messages/client';
import type { PaperRow } from '@/lib/messages/schemas';
import { LearnFromSelected, SelectPaper, useSelection } from './learn-selection';
import { PAGE_SIZE } from './topic-asks';

interface PaperListProps {
  topicId: string;
  /** The first page, from the page's own topic.get. */
  first: { papers: PaperRow[]; total: number; spans: { inChart: number; newer: number; older: number } };
  /** The data cut-off: papers after it are listed, and labelled, but not yet in any count above. */
  cutoff: number | null;
  pageSize?: number;
}

type Page = { offset: number; papers: PaperRow[]; total: number };

/** The topic's papers, newest first, a page at a time through all of them in the index. */
export function PaperList({ topicId, first, cutoff, pageSize = PAGE_SIZE }: PaperListProps) {
  const { page, pending, error, go, heading } = useTopicPages(topicId, first, pageSize);
  const selection = useSelection();
  const from = page.offset + 1;
  const to = page.offset + page.papers.length;
  const hasNewer = page.offset > 0;
  const hasOlder = to < page.total;
  return (
    <section class="pp-section" aria-labelledby="pp-papers-heading">
      <h2 id="pp-papers-heading" ref={heading} tabIndex={-1}>
        Latest papers{' '}
        <span class="pp-count" data-paper-total>
          {page.total.toLocaleString('en-US')}
        </span>
      </h2>
      {first.total > 0 && (
        <p class="pp-muted" data-paper-spans>
          {spansText(first.spans, cutoff)}
        </p>
      )}
      {page.papers.length === 0 ? (
        <p class="pp-empty" data-papers-empty>
          No papers of this topic in your index yet. Papers appear as the index fills; the topic may also be
          outside the categories you track.
        </p>
      ) : (
        <>
          <p class="pp-muted" data-page-range aria-live="polite">
            Papers {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')} of{' '}
            {page.total.toLocaleString('en-US')}, newest first
          </p>
          <LearnFromSelected ids={selection.ids} onClear={selection.clear} />
          <TopicPapers
            topicId={topicId}
            papers={page.papers}
            start={from}
            cutoff={cutoff}
            selection={selection}
          />
        </>
      )}
      {error && (
        <p role="alert" class="pp-error">
          Could not load more papers: {error}
        </p>
      )}
      {(hasNewer || hasOlder) && (
        <nav class="pp-pager" aria-label="Pages of papers">
          <button
            type="button"
            class="pp-button"
            disabled={!hasNewer || pending !== undefined}
            onClick={() => go(Math.max(0, page.offset - pageSize))}
            data-page-newer
          >
            ← Newer
          </button>
          <button
            type="button"
            class="pp-button"
            disabled={!hasOlder || pending !== undefined}
            onClick={() => go(page.offset + pageSize)}
            data-page-older
          >
            {pending !== undefined ? 'Loading…' : 'Older →'}
          </button>
        </nav>
      )}
    </section>
  );
}

/**
 * The page of the topic's papers on show, and `go(offset)` to another page (through topic.get). After a
 * page change the reader continues at `heading`, the top of the list (keyboard and screen reader too).
 */
function useTopicPages(topicId: string, first: PaperListProps['first'], pageSize: number) {
  const send = useSend();
  const [page, setPage] = useState<Page>({ offset: 0, ...first });
  const [pending, setPending] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A new first page (another topic, a reload) starts over; the same papers in a new answer object do not.
  useEffect(
    () => setPage({ offset: 0, papers: first.papers, total: first.total }),
    [first.papers, first.total],
  );
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);

  const go = async (offset: number) => {
    setPending(offset);
    setError(undefined);
    try {
      const answer = await send('topic.get', { id: topicId, offset, limit: pageSize });
      moved.current = true;
      setPage({ offset, papers: answer.papers, total: answer.total });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setPending(undefined);
    }
  };
  return { page, pending, error, go, heading };
}

interface TopicPapersProps {
  topicId: string;
  papers: PaperRow[];
  /** The number of the first paper in the whole list. */
  start: number;
  cutoff: number | null;
  /** Papers selected to learn a topic from. */
  selection: ReturnType<typeof useSelection>;
}

/**
 * One page of papers, each with Save, "Follow an author" and a box to select it for "Learn a topic from
 * these"; those after the cut-off are labelled.
 */
function TopicPapers({ topicId, papers, start, cutoff, selection }: TopicPapersProps) {
  const [saved, markSaved] = useSavedIds(papers.map((p) => p.id));
  const after = (paper: PaperRow) => cutoff !== null && paper.published > cutoff;
  const newer = papers.filter(after).length;
  return (
    <>
      {/* Said once for the page, not above every paper: the newest come first, so they are the first ones. */}
      {newer > 0 && cutoff !== null && (
        <p class="pp-after-cutoff" data-after-cutoff-note>
          {newer === papers.length ? 'These papers are' : `The first ${newer} below are`} newer than{' '}
          {formatDay(cutoff)}: not counted in the momentum yet.
        </p>
      )}
      <ol class="pp-paper-list" start={start}>
        {papers.map((paper) => (
          <li key={paper.id} data-after-cutoff={after(paper) ? '' : undefined}>
            <PaperCard
              paper={paper}
              currentTopicId={topicId}
              actions={
                <>
                  <PaperActions
                    paper={paper}
                    saved={saved.has(paper.id)}
                    onSavedChange={(isSaved) => markSaved(paper.id, isSaved)}
                  />
                  <SelectPaper
                    id={paper.id}
                    title={paper.title}
                    selected={selection.ids.includes(paper.id)}
                    full={selection.ids.length >= MAX_LEARN_EXAMPLES}
                    onToggle={selection.toggle}
                  />
                </>
              }
            />
          </li>
        ))}
      </ol>
    </>
  );
}

/** "142 in the chart's 12 weeks (through Nov 30) + 18 newer, still coming in + 2 older, looked up for pages". */
function spansText(spans: PaperListProps['first']['spans'], cutoff: number | null): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const parts = [
    `${n(spans.inChart)} in the chart's weeks${cutoff === null ? '' : ` (through ${formatDay(cutoff)})`}`,
  ];
  if (spans.newer > 0) parts.push(`${n(spans.newer)} newer, whose days are still coming in`);
  if (spans.older > 0) parts.push(`${n(spans.older)} older, looked up for pages you visited`);
  return `${parts.join(', ')}.`;
}
