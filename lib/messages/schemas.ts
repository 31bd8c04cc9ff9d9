import { z } from 'zod';
import { PaperRefSchema } from '../paper';

/** Shapes that several messages share. Types derived here are what the UI renders. */

export const TrendSchema = z.enum(['rising', 'cooling', 'steady', 'new']);

export const MomentumSchema = z.object({
  recent: z.number(),
  previous: z.number(),
  change: z.number().nullable(),
  share: z.number().nullable(),
  trend: TrendSchema,
  p: z.number().nullable(),
  allRecent: z.number(),
  allPrevious: z.number(),
  /** False when the index did not hold the previous window for the topic's categories (no baseline). */
  previousIndexed: z.boolean().optional(),
});
export type MomentumData = z.infer<typeof MomentumSchema>;

export const WeekSchema = z.object({ weekStart: z.string(), count: z.number(), partial: z.boolean() });
export type Week = z.infer<typeof WeekSchema>;

export const TopicKindSchema = z.enum(['category', 'fine', 'user']);

/** Everything a chip, a popup row or a topic page header needs about a topic. */
export const TopicSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: TopicKindSchema,
  expansion: z.string().optional(),
  followed: z.boolean(),
  muted: z.boolean(),
  /** Every broader topic (ancestor) in the pack; absent when none: a row shows narrower topics first. */
  broader: z.array(z.string()).optional(),
  /** A root of the pack with subtopics (Reinforcement Learning): shown after narrower topics. */
  field: z.boolean().optional(),
  /** null while the index cannot say yet (filling, or no data for the window). */
  momentum: MomentumSchema.nullable(),
  /**
   * Papers per chart week, oldest first. Numbers only: the weeks follow from the index's cutoff
   * (`withWeeks` in lib/momentum/weekly-counts.ts), and a listing's answer carries hundreds of topics.
   */
  weekly: z.array(z.number()),
});
export type TopicSummary = z.infer<typeof TopicSummarySchema>;

/** A trending topic, with a flag when its rise is a burst in one week or from one author group. */
export const TrendingTopicSchema = TopicSummarySchema.extend({
  burst: z
    .object({ kind: z.enum(['week', 'authors']), count: z.number(), author: z.string().optional() })
    .optional(),
});
export type TrendingTopic = z.infer<typeof TrendingTopicSchema>;

export const TopicInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: TopicKindSchema,
  aliases: z.array(z.string()),
  expansion: z.string().optional(),
  parents: z.array(z.object({ id: z.string(), name: z.string() })),
  description: z.string(),
  rule: z.string().optional(),
});
export type TopicInfo = z.infer<typeof TopicInfoSchema>;

/** How much the index knows: the UI says "index filling: 40%" and "data through Sep 28" from this. */
export const IndexInfoSchema = z.object({
  categories: z.array(z.string()),
  /** End of the newest complete day of data (ms), the T of every momentum figure; null when empty. */
  cutoff: z.number().nullable(),
  filling: z.boolean(),
  progress: z.number(),
});
export type IndexInfo = z.infer<typeof IndexInfoSchema>;

export const EvidenceSchema = z.object({
  phrase: z.string(),
  where: z.enum(['title', 'abstract', 'category', 'author', 'topic']),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const PaperTagSchema = z.object({
  id: z.string(),
  score: z.number(),
  /** Absent when not asked for (a listing): the card asks for this one paper's when it opens. */
  evidence: z.array(EvidenceSchema).optional(),
});
export type PaperTag = z.infer<typeof PaperTagSchema>;

export const PaperRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  abstract: z.string(),
  authors: z.array(z.string()),
  authorCount: z.number(),
  primary: z.string(),
  categories: z.array(z.string()),
  published: z.number(),
  topics: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PaperRow = z.infer<typeof PaperRowSchema>;

export const AnnotationSchema = z.object({
  tags: z.array(PaperTagSchema),
  /** The paper is in the index (its topics come from arXiv's metadata, not only the page). */
  inIndex: z.boolean(),
  /** In a tracked category (or unknown categories): momentum applies. */
  tracked: z.boolean(),
  categories: z.array(z.string()),
  /** The index's title of a paper asked about without one. */
  title: z.string().optional(),
});
export type Annotation = z.infer<typeof AnnotationSchema>;

export const AnnotateRequestSchema = z.object({
  papers: z.array(PaperRefSchema).max(2500),
  /**
   * Include "why this tag" evidence. A long listing asks without it (the answer is a fifth of the size)
   * and asks again for one paper when its card opens.
   */
  evidence: z.boolean().default(true),
});

export const UserTopicSchema = z.object({
  id: z.string().max(80),
  name: z.string().min(1).max(120),
  query: z.string().min(1).max(2000),
});

export const QueryErrorSchema = z.object({ position: z.number(), message: z.string() });

export const IndexStatusSchema = z.object({
  papers: z.number(),
  categories: z.array(z.string()),
  cutoff: z.number().nullable(),
  running: z.boolean(),
  progress: z.number(),
  lastCompleteAt: z.number().optional(),
  lastError: z.object({ message: z.string(), kind: z.string(), at: z.number() }).optional(),
  nextRetryAt: z.number().optional(),
  /** Ids seen on pages that arXiv kept failing to answer, given up on (the latest few ids). */
  lookupsGivenUp: z.object({ count: z.number(), ids: z.array(z.string()) }).optional(),
  /**
   * Work on the stored papers under way in the background: re-tagging them after the topics changed, or
   * building the search index (after the upgrade that brought it): papers done of all.
   */
  upkeep: z.object({ kind: z.enum(['retag', 'search']), done: z.number(), total: z.number() }).optional(),
});
export type IndexStatus = z.infer<typeof IndexStatusSchema>;

/** A paper on the reading list, as the Saved page and the exports show it. */
export const SavedPaperSchema = z.object({
  id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  authorCount: z.number(),
  primary: z.string(),
  categories: z.array(z.string()),
  /** 0 while not known (saved from a page the index has not fetched yet). */
  published: z.number(),
  updated: z.number(),
  doi: z.string().optional(),
  topics: z.array(z.object({ id: z.string(), name: z.string() })),
  savedAt: z.number(),
  read: z.boolean(),
});
export type SavedPaper = z.infer<typeof SavedPaperSchema>;

/** arXiv id without version: new style `2509.01234`, old style `hep-th/9901001` (lib/sites/arxiv-id.ts writes
 * them so: archive in lower case, no subject class). */
export const ArxivIdSchema = z
  .string()
  .max(40)
  .regex(/^(\d{4}\.\d{4,5}|[a-z-]+\/\d{7})$/);

/**
 * A listing's annotate answer in a compact form for the wire: each topic id once (`topicIds`), a paper's
 * tags as a flat list of [topic index, score] pairs, its categories only when they differ from what the
 * page sent, its two flags in one number. For 2000 papers this is about a third of the answer's bytes,
 * and Chrome's messaging time grows with the bytes it serialises and copies.
 */
export const CompactAnnotationSchema = z.object({
  /** Tags without evidence: topic index into `topicIds`, score; repeated. */
  t: z.array(z.number()),
  /** 1 = in the index, 2 = tracked. */
  f: z.number().int().min(0).max(3),
  /** The index's categories when they differ from the request's. */
  c: z.array(z.string()).optional(),
  title: z.string().optional(),
});
export type CompactAnnotation = z.infer<typeof CompactAnnotationSchema>;

export const CompactAnswerSchema = z.object({
  topicIds: z.array(z.string()),
  results: z.array(CompactAnnotationSchema),
  topics: z.record(z.string(), TopicSummarySchema),
  index: IndexInfoSchema,
});
export type CompactAnswer = z.infer<typeof CompactAnswerSchema>;

/** One emerging phrase: its counts and test (lib/discover), the topics it is rising inside, its weeks. */
/** What an emerging phrase is counted as: kept so by the background (lib/store/emerging.ts) and answered. */
export const EmergingCountsSchema = z.object({
  phrase: z.string(),
  variants: z.array(z.string()),
  /** Papers in the four weeks of the recent window, and in the twelve before them. */
  recent: z.number(),
  previous: z.number(),
  /** Change in share of all papers; null when the phrase was absent before. */
  change: z.number().nullable(),
  p: z.number(),
  /** Ids of its recent papers, newest first. */
  papers: z.array(z.string()),
  /** Papers per week, oldest first, from `firstWeek`. */
  weekly: z.array(z.number()),
});

export const EmergingPhraseSchema = EmergingCountsSchema.extend({
  /** The folded words its counts are kept under: what "Not interesting" dismisses. */
  key: z.string(),
  /** Pack topics most of its papers carry ("rising inside"), with names; empty: new. */
  coveredBy: z.array(z.object({ id: z.string(), name: z.string() })),
  /** A query in the user-topic language that finds its papers (pre-filled, editable, when followed). */
  query: z.string(),
});
export type EmergingPhraseData = z.infer<typeof EmergingPhraseSchema>;

/**
 * A phrase rising inside one topic (lib/discover/rising-inside.ts): Emerging's counts over the topic's
 * papers (`previous`: the baseline weeks before the last four), the other topics covering it.
 */
export const RisingPhraseSchema = EmergingCountsSchema.omit({ weekly: true }).extend({
  key: z.string(),
  coveredBy: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type RisingPhraseData = z.infer<typeof RisingPhraseSchema>;
