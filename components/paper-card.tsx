import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { latexToText } from '@/lib/latex-text';
import type { PaperRow } from '@/lib/messages/schemas';
import { formatDay, isoDay } from './format-date';

/** The extension's own page for a topic (DESIGN.md contract: `topic.html?id=TOPIC_ID`). */
export function topicHref(id: string): string {
  return `/topic.html?id=${encodeURIComponent(id)}`;
}

export function abstractHref(arxivId: string): string {
  return `https://arxiv.org/abs/${arxivId}`;
}

const SHOWN_AUTHORS = 3;

/** "A, B, C +2": the first three authors, then how many more (from the full count, not the stored list). */
export function authorLine(authors: readonly string[], authorCount: number): string {
  const shown = authors.slice(0, SHOWN_AUTHORS);
  const more = Math.max(authorCount, authors.length) - shown.length;
  return more > 0 ? `${shown.join(', ')} +${more}` : shown.join(', ');
}

interface PaperCardProps {
  paper: PaperRow;
  /** The topic of the page the card is on: its tag is marked, not linked to itself. */
  currentTopicId?: string;
  /** Heading level of the title inside the list it sits in. */
  headingLevel?: 3 | 4;
  /** Opens links in a new tab (the popup, where following a link would close it). */
  newTab?: boolean;
  /** Controls for this paper (Save), shown under it. */
  actions?: ComponentChildren;
}

/** One paper: date, primary category, linked title, collapsible abstract, authors, topic tags. */
export function PaperCard({
  paper,
  currentTopicId,
  headingLevel = 3,
  newTab = false,
  actions,
}: PaperCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const target = newTab ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <article class="pp-paper" data-paper-id={paper.id} aria-label={paper.title}>
      <p class="pp-paper-meta">
        <time dateTime={isoDay(paper.published)}>{formatDay(paper.published)}</time>
        {paper.primary && (
          <>
            {' · '}
            <span class="pp-paper-category">{paper.primary}</span>
          </>
        )}
      </p>
      <Heading class="pp-paper-title">
        <a href={abstractHref(paper.id)} {...target}>
          {latexToText(paper.title) || paper.id}
        </a>
      </Heading>
      {paper.abstract && <PaperAbstract id={paper.id} text={latexToText(paper.abstract)} />}
      {paper.authors.length > 0 && (
        <p class="pp-paper-authors">{authorLine(paper.authors, paper.authorCount)}</p>
      )}
      {paper.topics.length > 0 && (
        <PaperTags topics={paper.topics} {...(currentTopicId ? { currentTopicId } : {})} newTab={newTab} />
      )}
      {actions && <div class="pp-paper-actions">{actions}</div>}
    </article>
  );
}

/**
 * Tags a paper shows before "+N more": its topics come most specific first (lib/background/views.ts), and a
 * paper can carry fifteen, which made a topic page's list a wall of chips.
 */
export const SHOWN_TAGS = 6;

/** A paper's topic tags: the first SHOWN_TAGS (and the page's own topic), the others on "+N more". */
function PaperTags(props: { topics: PaperRow['topics']; currentTopicId?: string; newTab: boolean }) {
  const [all, setAll] = useState(false);
  const target = props.newTab ? { target: '_blank', rel: 'noopener' } : {};
  const shown = all
    ? props.topics
    : props.topics.filter((t, i) => i < SHOWN_TAGS || t.id === props.currentTopicId);
  return (
    <ul class="pp-tags" aria-label="Topics">
      {shown.map((topic) => (
        <li key={topic.id}>
          {topic.id === props.currentTopicId ? (
            <span class="pp-tag pp-tag-current" aria-current="page" data-topic-tag={topic.id}>
              {topic.name}
            </span>
          ) : (
            <a class="pp-tag" href={topicHref(topic.id)} data-topic-tag={topic.id} {...target}>
              {topic.name}
            </a>
          )}
        </li>
      ))}
      {shown.length < props.topics.length && (
        <li>
          <button type="button" class="pp-link-button" data-more-tags onClick={() => setAll(true)}>
            +{props.topics.length - shown.length} more
          </button>
        </li>
      )}
    </ul>
  );
}

/** Abstracts longer than this show their first lines and a "more" button, as the reference page does. */
const ABSTRACT_PREVIEW = 280;

/** The abstract's first lines, expandable in place. */
function PaperAbstract({ id, text }: { id: string; text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > ABSTRACT_PREVIEW;
  const shown =
    open || !long
      ? text
      : `${text.slice(0, text.lastIndexOf(' ', ABSTRACT_PREVIEW) + 1 || ABSTRACT_PREVIEW).trimEnd()}…`;
  const bodyId = `pp-abstract-${id.replace(/[^\w-]/g, '-')}`;
  return (
    <p class="pp-paper-abstract" id={bodyId} data-abstract={open ? 'full' : 'preview'}>
      {shown}
      {long && (
        <>
          {' '}
          <button
            type="button"
            class="pp-link-button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'less' : 'more'}
          </button>
        </>
      )}
    </p>
  );
}
