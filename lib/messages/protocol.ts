import { z } from 'zod';
import { ExactAnswerSchema, ExactRequestSchema } from '../ask/ask-schemas';
import { PaperRefSchema } from '../paper';
import { TopicScorerSchema } from '../topics/scoring/topic-scorer';
import {
  AnnotateRequestSchema,
  AnnotationSchema,
  ArxivIdSchema,
  CompactAnswerSchema,
  EmergingPhraseSchema,
  IndexInfoSchema,
  IndexStatusSchema,
  LearnedTopicSchema,
  LearnRequestSchema,
  MomentumSchema,
  PaperRowSchema,
  QueryErrorSchema,
  RisingPhraseSchema,
  SavedPaperSchema,
  TopicInfoSchema,
  TopicSummarySchema,
  TrendingTopicSchema,
  UserTopicSchema,
  WeekSchema,
} from './schemas';

/**
 * The one protocol between the content script / extension pages and the background.
 * name -> request schema -> response schema. Both ends validate: the background every request
 * (and its sender), callers every response.
 */

const empty = z.object({});
const topicId = z.string().min(1).max(120);
const limit = (max: number) => z.number().int().min(1).max(max);

export const PROTOCOL = {
  'status.get': { request: empty, response: IndexStatusSchema },
  /** Topics and momentum for every paper on a page, in one round trip. */
  'papers.annotate': {
    request: AnnotateRequestSchema,
    response: z.object({
      results: z.array(AnnotationSchema),
      topics: z.record(z.string(), TopicSummarySchema),
      index: IndexInfoSchema,
    }),
  },
  /**
   * The same for a long listing, without evidence, in the compact wire form (./annotate-compact.ts):
   * a third of the bytes Chrome has to serialise and copy.
   */
  'papers.annotateCompact': {
    request: AnnotateRequestSchema.omit({ evidence: true }),
    response: CompactAnswerSchema,
  },
  'topic.get': {
    request: z.object({
      id: topicId,
      offset: z.number().int().min(0).default(0),
      limit: limit(100).default(20),
    }),
    response: z.object({
      info: TopicInfoSchema,
      summary: TopicSummarySchema,
      papers: z.array(PaperRowSchema),
      total: z.number(),
      /**
       * How `total` splits around the data cut-off T: papers in the chart's weeks (through T), papers newer
       * than T (their days are still coming in), and older ones (looked up for a page, before the chart).
       */
      spans: z.object({ inChart: z.number(), newer: z.number(), older: z.number() }),
      related: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })),
      index: IndexInfoSchema,
    }),
  },
  /** "Ask about this topic": full-text search over the topic's papers, ranked by relevance. */
  'topic.ask': {
    request: z.object({ id: topicId, question: z.string().min(1).max(500), limit: limit(50).default(10) }),
    response: z.object({
      papers: z.array(PaperRowSchema.extend({ score: z.number() })),
      searched: z.number(),
    }),
  },
  /** Ask's exact questions (lib/ask/): counts over the topic's papers, each with its papers. */
  'topic.askExact': { request: ExactRequestSchema, response: ExactAnswerSchema, pagesOnly: true },
  /**
   * Search over the whole index (title, abstract, authors), ranked; filtered by topic and first-version
   * date. `topics` counts the matches' topics before the topic filter (the page's "refine by topic").
   */
  'search.papers': {
    request: z.object({
      query: z.string().min(1).max(500),
      topic: topicId.optional(),
      from: z.number().optional(),
      to: z.number().optional(),
      offset: z.number().int().min(0).default(0),
      limit: limit(100).default(20),
    }),
    response: z.object({
      papers: z.array(PaperRowSchema.extend({ score: z.number() })),
      total: z.number(),
      topics: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })),
      searched: z.number(),
    }),
    pagesOnly: true,
  },
  /** The whole catalog for the topic tree: every topic with its parents, aliases and momentum. */
  'topics.tree': {
    request: empty,
    response: z.object({
      topics: z.array(
        TopicSummarySchema.extend({ parents: z.array(z.string()), aliases: z.array(z.string()) }),
      ),
      /** Papers per chart week over the whole index: the denominator of the compare chart's shares. */
      all: z.array(z.number()),
      index: IndexInfoSchema,
    }),
    pagesOnly: true,
  },
  /** The muted topics, by name, so the options and topic pages can show and undo them. */
  'mutes.list': {
    request: empty,
    response: z.object({ topics: z.array(TopicSummarySchema) }),
    pagesOnly: true,
  },
  /** Follow an author: a user topic `au:"Name"` named after them (made once), followed. */
  'author.follow': {
    request: z.object({ name: z.string().trim().min(1).max(200) }),
    response: TopicSummarySchema,
    pagesOnly: true,
  },
  /**
   * A topic's papers per week over a longer view (12, 26 or 52 weeks, as far as the index's history
   * goes); `historyWeeks` says how far that is. Momentum stays on four-week windows.
   */
  'topic.weekly': {
    request: z.object({ id: topicId, weeks: z.union([z.literal(12), z.literal(26), z.literal(52)]) }),
    response: z.object({ weeks: z.array(WeekSchema), historyWeeks: z.number() }),
    pagesOnly: true,
  },
  /** A web page cannot link to an extension page in Chrome: the in-page card asks the background to open it. */
  'topic.open': {
    /** `ask`: open it at "Ask about this topic", the question box focused. */
    request: z.object({ id: topicId, ask: z.boolean().optional() }),
    response: empty,
    userAction: true,
  },
  'topics.find': {
    request: z.object({ query: z.string().max(200), limit: limit(50).default(10) }),
    response: z.object({ topics: z.array(TopicSummarySchema) }),
  },
  /** First run: the largest and the rising fine topics of the tracked categories, to follow. */
  'topics.suggested': {
    request: z.object({ limit: limit(20).default(6) }),
    response: z.object({ topics: z.array(TopicSummarySchema), index: IndexInfoSchema }),
    pagesOnly: true,
  },
  'topics.trending': {
    request: z.object({ limit: limit(50).default(8) }),
    response: z.object({ topics: z.array(TrendingTopicSchema), index: IndexInfoSchema }),
  },
  'follows.list': {
    request: empty,
    response: z.object({
      follows: z.array(TopicSummarySchema.extend({ newCount: z.number() })),
      index: IndexInfoSchema,
    }),
  },
  'follows.newPapers': {
    request: z.object({ id: topicId, limit: limit(50).default(10) }),
    response: z.object({ papers: z.array(PaperRowSchema) }),
  },
  /** The popup's "mark seen": no content script needs it, so none may send it. */
  'follows.markSeen': { request: z.object({ id: topicId.optional() }), response: empty, pagesOnly: true },
  'topic.follow': {
    request: z.object({ id: topicId, follow: z.boolean() }),
    response: TopicSummarySchema,
    userAction: true,
  },
  'topic.mute': {
    request: z.object({ id: topicId, mute: z.boolean() }),
    response: TopicSummarySchema,
    userAction: true,
  },
  /** From a chip on a paper outside the tracked categories: "track cs.CV". */
  'category.track': {
    request: z.object({ category: z.string().regex(/^[a-z-]+(\.[A-Za-z-]+)?$/) }),
    response: z.object({ categories: z.array(z.string()) }),
    userAction: true,
  },
  'index.refresh': { request: empty, response: IndexStatusSchema, pagesOnly: true },
  'index.reset': { request: empty, response: IndexStatusSchema, pagesOnly: true },
  'userTopics.list': {
    request: empty,
    response: z.object({ topics: z.array(UserTopicSchema.extend({ error: QueryErrorSchema.optional() })) }),
    pagesOnly: true,
  },
  /** What a query (with a learned topic's scorer, when it has one) would match, before it is saved. */
  'userTopics.preview': {
    request: z.object({ query: z.string().max(2000), scorer: TopicScorerSchema.optional() }),
    response: z.object({
      error: QueryErrorSchema.optional(),
      matches: z.number(),
      papers: z.array(PaperRowSchema),
      /** The papers shown that only the scorer matches. */
      scorerOnly: z.array(z.string()).optional(),
      momentum: MomentumSchema.nullable(),
      weekly: z.array(WeekSchema),
    }),
    pagesOnly: true,
  },
  /** `scorer`: a learned topic's (stored with it); null drops the stored one; absent keeps it (an edit). */
  'userTopics.save': {
    request: UserTopicSchema.partial({ id: true }).extend({
      scorer: TopicScorerSchema.nullable().optional(),
    }),
    response: z.union([
      z.object({ ok: z.literal(true), id: z.string() }),
      z.object({ ok: z.literal(false), error: QueryErrorSchema }),
    ]),
    pagesOnly: true,
  },
  /**
   * A topic learned from example papers of the index (an id it lacks is an error naming it): a query in the
   * query language from what they share and the rest of the index does not, refined by "not this" marks.
   */
  'topics.learn': { request: LearnRequestSchema, response: LearnedTopicSchema, pagesOnly: true },
  /**
   * Opens "Learn a topic from papers" on the options page with papers picked on a web page (a web page
   * cannot link to an extension page, so the background opens the tab).
   */
  'topics.openLearn': {
    request: LearnRequestSchema.pick({ examples: true }),
    response: empty,
    userAction: true,
  },
  'userTopics.delete': { request: z.object({ id: topicId }), response: empty, pagesOnly: true },
  /** The backup file; `note` when something had to be shortened for it to fit (lib/backup-file.ts). */
  'data.export': {
    request: empty,
    response: z.object({ file: z.unknown(), note: z.string().optional() }),
    pagesOnly: true,
  },
  /** Validates an import and says what it would change; `apply` then does it (all or nothing). */
  'data.import': {
    request: z.object({ file: z.unknown(), apply: z.boolean() }),
    response: z.union([
      z.object({
        ok: z.literal(true),
        changes: z.array(z.string()),
        /** Entries of the file left out: topics or categories this version does not know. */
        skipped: z.array(z.string()),
        applied: z.boolean(),
      }),
      z.object({ ok: z.literal(false), error: z.string() }),
    ]),
    pagesOnly: true,
  },
  /**
   * Save (or unsave) a paper to the reading list. Content scripts may send it: the in-page button acts only
   * on a trusted click. `paper` is what the page showed, used when the index does not have the paper yet.
   */
  'paper.save': {
    request: z.object({ id: ArxivIdSchema, save: z.boolean(), paper: PaperRefSchema.optional() }),
    response: z.object({ saved: z.boolean() }),
    userAction: true,
  },
  /**
   * "Not this topic" on one paper (`notThis: false` takes it back): the paper leaves the topic's counts,
   * lists and chips for this reader. Content scripts may send it with the user's gesture (the chip card).
   * Answers the topics now taken off the paper.
   */
  'paper.correct': {
    request: z.object({ id: ArxivIdSchema, topic: topicId, notThis: z.boolean() }),
    response: z.object({ notThis: z.array(z.string()) }),
    userAction: true,
  },
  /** Every "Not this topic" the reader made, newest first, for the options page to list and undo. */
  'corrections.list': {
    request: empty,
    response: z.object({
      corrections: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          topics: z.array(z.object({ id: z.string(), name: z.string() })),
          at: z.number(),
        }),
      ),
    }),
    pagesOnly: true,
  },
  /** Which of these papers are on the reading list (a card or a paper list shows Save or Saved). */
  'saved.status': {
    request: z.object({ ids: z.array(ArxivIdSchema).max(500) }),
    response: z.object({ saved: z.array(z.string()) }),
  },
  'saved.list': {
    request: empty,
    response: z.object({ papers: z.array(SavedPaperSchema) }),
    pagesOnly: true,
  },
  'saved.mark': {
    request: z.object({ id: ArxivIdSchema, read: z.boolean() }),
    response: SavedPaperSchema,
    pagesOnly: true,
  },
  /**
   * Emerging phrases of the index, best first, from the kept per-week counts. `papers`: also the rows of
   * each phrase's first few papers (the Emerging page; the popup lists phrases only).
   */
  'discover.emerging': {
    request: z.object({ limit: limit(100), papers: z.boolean().optional() }),
    response: z.object({
      phrases: z.array(EmergingPhraseSchema),
      /** Start (ms) of the first week of `weekly`; null while the index is empty. */
      firstWeek: z.number().nullable(),
      rows: z.array(PaperRowSchema),
      index: IndexInfoSchema,
    }),
  },
  /**
   * The phrases rising inside a topic (its papers' Emerging, over Emerging's weeks), best first, phrases
   * dismissed as not interesting left out; `rows`: each phrase's papers (up to `rows` a phrase). `weeks`
   * is null while the index holds too short a history (as Emerging's).
   */
  'topic.rising': {
    request: z.object({ id: topicId, rows: z.number().int().min(0).max(50).default(0) }),
    response: z.object({
      phrases: z.array(RisingPhraseSchema),
      weeks: z
        .object({
          /** Start (ms) of the first baseline week, and how many baseline weeks there are (up to 12). */
          firstWeek: z.number(),
          baselineWeeks: z.number(),
          /** The topic's papers in the last four weeks and in the baseline weeks. */
          recentPapers: z.number(),
          baselinePapers: z.number(),
        })
        .nullable(),
      rows: z.array(PaperRowSchema),
    }),
    pagesOnly: true,
  },
  /** "Not interesting": the phrase (its key) is hidden from the Emerging list from now on, and kept so. */
  'discover.dismiss': {
    request: z.object({ key: z.string().min(1).max(200) }),
    response: z.object({ dismissed: z.array(z.string()) }),
    userAction: true,
  },
} satisfies Record<string, MessageSpec>;

/**
 * `pagesOnly`: only the extension's own pages may send it. `userAction`: it changes what is tracked or opens
 * a tab, so a web page's content script must send it with the user's gesture (`Gesture` in ./envelope.ts).
 */
export interface MessageSpec {
  request: z.ZodType;
  response: z.ZodType;
  pagesOnly?: true;
  userAction?: true;
}

export type MessageName = keyof typeof PROTOCOL;
export type RequestOf<N extends MessageName> = z.input<(typeof PROTOCOL)[N]['request']>;
export type ResponseOf<N extends MessageName> = z.output<(typeof PROTOCOL)[N]['response']>;
export type Handlers = {
  [N in MessageName]: (
    request: z.output<(typeof PROTOCOL)[N]['request']>,
    sender: MessageSender,
  ) => Promise<ResponseOf<N>>;
};

/** Who sent a message, as the browser reports it. */
export interface MessageSender {
  id?: string;
  url?: string;
  tab?: { id?: number; url?: string };
}
