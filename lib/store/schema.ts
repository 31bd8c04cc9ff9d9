import type { DBSchema, IDBPDatabase } from 'idb';
import type { Paper } from '../paper';
import type { DocBlockRecord } from '../search/doc-blocks';
import type { PostingBucket } from '../search/postings';
import type { PairBlockRecord } from '../search/word-pairs';
import type { TopicScorer } from '../topics/scoring/topic-scorer';

/**
 * A paper as the index keeps it: the compact `Paper` plus what the tagger said. Which pack said it is kept
 * once for the whole index (the re-tagging cursor's target), not per row: a pack update would otherwise
 * change every row. Rows written before may still carry a `packVersion`; nothing reads it.
 */
export interface StoredPaper extends Paper {
  /** Topic ids (fine, category and user topics) from the tagger. */
  topics: string[];
  /** In a tracked category when stored: only tracked papers count for momentum and topic pages. */
  tracked: boolean;
  /** Index keys `topic|published` (tracked papers only): topic pages page through them newest first. */
  topicKeys: string[];
  /** Its number in the search index (lib/search/), when indexed there. */
  doc?: number;
}

/**
 * A tag as the index keeps it: topic and score (orders the chips). Its evidence ("why this tag") is not
 * kept: a page asks for it for one paper at a time, and the background works it out again from the
 * paper's stored text (a third of a paper's bytes saved). Entries written before may still carry some.
 */
export interface StoredTag {
  id: string;
  score: number;
}

/** A paper as it is written: the stored row plus its tags, which go to `annotations`. */
export interface IndexedPaper extends StoredPaper {
  tags?: StoredTag[];
}

/** What a page needs about one indexed paper, without reading (and deserialising) its abstract. */
export interface AnnotationEntry {
  title: string;
  categories: string[];
  tracked: boolean;
  tags: StoredTag[];
}

/**
 * Annotations of the papers whose ids share a prefix (`2609.1` for 2609.10000-2609.19999): a listing's
 * 2000 papers are answered from a handful of records, read once and kept in memory.
 */
export interface AnnotationShard {
  shard: string;
  papers: Record<string, AnnotationEntry>;
}

/** Papers per UTC day for one topic ('*' = every tracked paper, the denominator of "share"). */
export interface DailyCountRecord {
  topic: string;
  days: Record<number, number>;
}

export interface FollowRecord {
  topicId: string;
  followedAt: number;
  /** Papers of the topic published after this instant are "new" (set to the index cut-off when seen). */
  seenUntil: number;
  /**
   * How many tracked papers of the topic the index holds published after `seenUntil`: kept by every write
   * in its own transaction, so the popup and the badge never count the papers store. Absent in records of
   * a backup file (they are counted when merged).
   */
  unseen?: number;
}

export interface MuteRecord {
  topicId: string;
  mutedAt: number;
}

export interface UserTopicRecord {
  /** 'user-<slug>' */
  id: string;
  name: string;
  query: string;
  /** A topic learned from example papers may keep its learned scorer (lib/topics/scoring/topic-scorer.ts). */
  scorer?: TopicScorer;
  createdAt: number;
  updatedAt: number;
}

/**
 * A paper on the reading list. A copy of what the index (or the page) knew when it was saved, so it stays
 * when the index drops old papers or is reset; `read` is the reader's own mark.
 */
export interface SavedRecord {
  /** arXiv id without version. */
  id: string;
  title: string;
  /** As many authors as were known (a page often shows all; the index keeps the first ten). */
  authors: string[];
  authorCount: number;
  primary: string;
  categories: string[];
  /** First-version time (ms); 0 when not known yet. */
  published: number;
  /** Latest-version time (ms); arXiv's BibTeX `year` is this version's year. 0 when not known. */
  updated: number;
  doi?: string;
  /** Topic ids when saved (the Saved page filters by them). */
  topics: string[];
  savedAt: number;
  read: boolean;
}

/**
 * One week's phrase counts for emerging phrases (lib/discover/weekly.ts): papers per phrase key for phrases
 * two or more of the week's papers use, the others as bits. `stored` and `tracked` are how many papers, and
 * tracked papers, the index held in the week when it was counted: a different number now means papers were
 * written since or a category was tracked or untracked, and the week is counted again.
 */
export interface EmergingWeekRecord {
  /** Weeks since 1970-01-05 (Mondays, UTC). */
  week: number;
  /** The word splitting the week was counted with (lib/text/words.ts TOKENIZER_VERSION). */
  tokenizer: number;
  stored: number;
  tracked: number;
  /** Tracked papers counted. */
  papers: number;
  phrases: Record<string, number>;
  /** A bit filter of the phrases one paper used (lib/discover/weekly.ts). */
  once: Uint8Array;
  /** Acronym definitions (`acronym<TAB>expansion`): how many, and papers giving each. */
  definitions: Record<string, number>;
  defining: Record<string, number>;
}

/**
 * A reader's "Not this topic" on one paper: the topics they took off it. The paper's stored topics, tags,
 * topic keys and counts leave these out (lib/store/corrections.ts), whoever writes it; export carries them.
 */
export interface CorrectionRecord {
  /** arXiv id without version (the paper need not be in the index). */
  paperId: string;
  topics: string[];
  /** When last changed. */
  at: number;
}

/** One `meta` value; `version` of the key's schema when written (records written before versions: 1). */
export interface MetaRecord {
  key: string;
  value: unknown;
  version?: number;
}

export interface PaperPulseDB extends DBSchema {
  papers: { key: string; value: StoredPaper; indexes: { published: number; byTopic: string } };
  counts: { key: string; value: DailyCountRecord };
  annotations: { key: string; value: AnnotationShard };
  follows: { key: string; value: FollowRecord };
  mutes: { key: string; value: MuteRecord };
  userTopics: { key: string; value: UserTopicRecord };
  saved: { key: string; value: SavedRecord; indexes: { savedAt: number } };
  meta: { key: string; value: MetaRecord };
  emergingWeeks: { key: number; value: EmergingWeekRecord };
  /** The search index's postings, by [posting block, bucket] (lib/search/postings.ts). */
  searchPostings: { key: [number, string]; value: PostingBucket };
  /** The search index's documents, by block (lib/search/doc-blocks.ts). */
  searchDocs: { key: number; value: DocBlockRecord };
  /** Which words stand side by side in each document, by document block (lib/search/word-pairs.ts). */
  searchPairs: { key: number; value: PairBlockRecord };
  corrections: { key: string; value: CorrectionRecord };
}

export const DB_NAME = 'paperpulse';
/** The count record of all tracked papers. */
export const ALL_TOPICS = '*';

/** The open index database. */
export type IndexDb = IDBPDatabase<PaperPulseDB>;
