import type { Send } from '../messages/client';
import type { FoundPaper, SiteAdapter } from '../sites/types';
import type { AnswerIntake } from './answer-intake';
import type { DrawScheduler } from './draw-scheduler';
import type { HeadRows } from './head-rows';
import type { HostRecord, HostRecords, PageLayout } from './host-records';
import type { ListingSlot } from './listing-slot';
import type { HeadFound, HeadWatch } from './near-head';
import type { NearRows } from './near-rows';
import type { ReadAhead } from './read-ahead';
import type { SliceOptions } from './slice-work';

/** What a page session's run (page-session.ts) shares between its steps (session-steps.ts). */

/** A page's papers as one run found them: keyed, in viewport order, and how their rows are laid out. */
export interface FoundPage {
  ordered: { key: string; paper: FoundPaper }[];
  layout: PageLayout;
  /** A listing's rows near the viewport, asked for and placed while the rest was read. */
  head?: HeadRows;
  /** The rows below the head, asked for as reading passed them. */
  ahead?: ReadAhead;
}

/** What the steps of a run share. */
export interface Run {
  doc: Document;
  send: Send;
  hosts: HostRecords;
  listing: ListingSlot;
  intake: AnswerIntake;
  drawing: DrawScheduler;
  near: NearRows;
  /** Puts a row's host in the page (made then for a lazy layout). */
  place(rec: HostRecord): void;
  headWatch(adapter: SiteAdapter | undefined, url: URL): HeadWatch | null;
  startHead(found: HeadFound, adapter: SiteAdapter | undefined, stopped: () => boolean): HeadRows | undefined;
  readAhead(stopped: () => boolean): ReadAhead;
  betweenTasks(): Promise<void>;
  /** A pause behind the tasks already queued (a reply that came in runs first). */
  behindQueued(): Promise<void>;
  betweenFrames(): Promise<void>;
  sliced(stopped: () => boolean): SliceOptions;
  updateListing(): void;
}
