import type { Send } from '../messages/client';
import type { Gesture } from '../messages/envelope';
import type { IndexInfo } from '../messages/schemas';
import type { PaperRef } from '../paper';
import type { FilterCounts, FilterMode } from './listing-filter';
import type { PaperSelection } from './paper-selection';
import type { PaperView } from './paper-view';
import type { TopicStore } from './topic-store';

/** What every in-page component needs from its surroundings; tests pass fakes. */
export interface InpageEnv {
  send: Send;
  store: TopicStore;
  /** The extension's topic page for a topic id. */
  topicUrl(id: string): string;
  /**
   * Opens the topic page from a web page. Chrome refuses a web page's link to an extension page that is
   * not web-accessible, so the background has to open the tab; without this the link is a plain link.
   */
  openTopic?(id: string, gesture: Gesture, ask?: boolean): Promise<void>;
  /** Papers picked on this page as examples for a learned topic; without it cards offer no picking. */
  selection?: PaperSelection;
  /** Opens "Learn a topic from papers" with the picked papers (the background opens the tab). */
  openLearn?(ids: readonly string[], gesture: Gesture): Promise<void>;
  /** Ask the background again (after tracking a category, say). */
  refresh?(): void;
  /** The arXiv category a listing page lists (`cs.AI` on /list/cs.AI/new): its rows leave that chip out. */
  pageCategory?: string;
}

export interface RowOptions {
  /** Listings: one line of smaller chips. */
  compact: boolean;
  /** Compact rows: the width an entry gives the row (measured once per page). */
  width?: number;
  /** The paper the row is for (its card asks about it again for evidence a listing went without). */
  paper?: PaperRef;
  onRetry?(): void;
}

export interface FilterBarState {
  counts: FilterCounts;
  mode: FilterMode;
  onChange(mode: FilterMode): void;
  index: IndexInfo | null;
  pending: boolean;
  error?: string;
}

/**
 * How the page session draws, kept apart from the session's logic: the extension passes the Preact
 * components (components/inpage/render-inpage.tsx), tests can pass those or a recorder.
 */
export interface InpageRenderer {
  /** Puts the in-page stylesheet into a fresh shadow root. */
  styleRoot(root: ShadowRoot): void;
  row(mount: HTMLElement, view: PaperView, options: RowOptions): void;
  bar(mount: HTMLElement, state: FilterBarState): void;
  /** Unmounts whatever was rendered into `mount`. */
  clear(mount: HTMLElement): void;
  /** The page is torn down: drop whatever the renderer keeps page-wide (listeners). */
  destroy?(): void;
}
