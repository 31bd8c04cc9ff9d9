import type { PackTopicNames } from '../../discover/learn';
import { learnMarked } from '../../discover/learn-marked';
import { copiesPackTopic, examplesPackTopic } from '../../discover/learn-pack';
import { LEARN_PREVIEW_ROWS, learnPagePath } from '../../discover/learn-page';
import { type Background, encodeBackground, type LearnPaper } from '../../discover/learn-topic';
import {
  drawScorerPool,
  type IndexPaper,
  learnTopicScorer,
  type ScorerPool,
  TOPIC_SCORER,
} from '../../discover/learn-topic-scorer';
import type { Handlers, ResponseOf } from '../../messages/protocol';
import { countPapers, newestPublished, readPapers, scanNewest } from '../../store/papers';
import type { StoredPaper } from '../../store/schema';
import { carriedTopics, compileQuery, prepareText } from '../../topics/query';
import {
  compileScorer,
  type Features,
  scorerFeatures,
  staleScorerReason,
} from '../../topics/scoring/topic-scorer';
import { userTopicMatcher } from '../../topics/scoring/user-topic-match';
import { userTopicId } from '../../topics/tagger';
import type { BackgroundContext } from '../context';
import { fineName, previewMatches } from './user-topics';

/** The background a topic is learned against: the newest papers of the index, as many as previews scan. */
const BACKGROUND_PAPERS = 60_000;
type LearnRequest = Parameters<Handlers['topics.learn']>[0];

/**
 * `topics.learn`. The encoded background is kept while the index holds the same papers: each "not this"
 * mark re-learns, and encoding tens of thousands of abstracts again each time would make marking slow.
 */
export function learnHandlers(
  ctx: BackgroundContext,
  openPage: (path: string) => Promise<void>,
): Pick<Handlers, 'topics.learn' | 'topics.openLearn'> {
  let kept: (LearnIndex & { key: string }) | undefined;
  const index = async (): Promise<LearnIndex> => {
    const db = await ctx.db();
    const key = `${await countPapers(db)}|${await newestPublished(db)}`;
    if (kept?.key !== key) {
      const papers: StoredPaper[] = [];
      await scanNewest(db, BACKGROUND_PAPERS, (paper) => void papers.push(paper));
      kept = { key, background: encodeBackground(papers), pool: drawScorerPool(papers), features: new Map() };
    }
    return kept;
  };
  return {
    'topics.learn': async (request) => learnFromIndex(ctx, request, await index()),
    'topics.openLearn': async ({ examples }) => {
      await openPage(learnPagePath(examples));
      return {};
    },
  };
}

/** What topics are learned against, kept between marks: the encoded background, the scorer's pool. */
interface LearnIndex {
  background: Background;
  pool: ScorerPool;
  /** The scorer's features of the pool's papers and of the examples, by id. */
  features: Map<string, Features>;
}

async function learnFromIndex(
  ctx: BackgroundContext,
  request: LearnRequest,
  index: LearnIndex,
): Promise<ResponseOf<'topics.learn'>> {
  const exampleIds = [...new Set(request.examples)];
  const notThis = [...new Set(request.notThis)].filter((id) => !exampleIds.includes(id));
  const [examples, negatives] = await readExamples(ctx, exampleIds, notThis);
  const packTopicsOf = (paper: LearnPaper) => fineTopics(ctx, paper);
  const options = request.name ? { name: request.name } : {};
  const learned = learnMarked(examples, negatives, index.background, packTopicsOf, userTopicId, options);
  const query = learned.query;
  const compiled = compileQuery(query);
  // learnTopic writes only phrases and acronyms: a query that does not compile is a bug, not the user's.
  if (!compiled.ok) throw new Error(`Learned a query that does not compile: ${compiled.error.message}`);
  const featuresOf = (paper: IndexPaper) => {
    let f = index.features.get(paper.id);
    if (!f) {
      f = scorerFeatures(paper);
      index.features.set(paper.id, f);
    }
    return f;
  };
  // The scorer shown when the mark was made, if learned over the words as split now.
  const shown = request.shown && staleScorerReason(request.shown) === undefined ? request.shown : undefined;
  const scorer = learnTopicScorer(examples, negatives, index.pool, featuresOf, TOPIC_SCORER, shown);
  const topic = { query: compiled.query, ...(scorer ? { scorer: compileScorer(scorer) } : {}) };
  // The rows leave the taught papers out (untaughtRows): each row shown can be marked.
  const rows = { count: LEARN_PREVIEW_ROWS, exclude: new Set([...exampleIds, ...notThis]) };
  const { times, papers, scorerOnly } = await previewMatches(ctx, topic, rows);
  const common = examplesPackTopic(examples.map(packTopicsOf));
  const matches = (paper: StoredPaper) =>
    userTopicMatcher(
      paper,
      prepareText(
        paper,
        undefined,
        carriedTopics(paper.topics, (id) => fineName(ctx, id)),
      ),
    )(topic) !== undefined;
  return {
    name: learned.name,
    query,
    examples: exampleIds,
    notThis,
    packTopics: learned.packTopics,
    matchedExamples: examples.filter(matches).length,
    preview: { count: times.length, papers, scorerOnly },
    ...(scorer ? { scorer } : {}),
    ...(common
      ? { packTopic: { id: common.id, name: common.name, copy: copiesPackTopic(query, common) } }
      : {}),
  };
}

/** The example and "not this" papers from the index; ids it lacks are one error naming them all. */
async function readExamples(
  ctx: BackgroundContext,
  exampleIds: readonly string[],
  notThis: readonly string[],
): Promise<[StoredPaper[], StoredPaper[]]> {
  const ids = [...exampleIds, ...notThis];
  const rows = await readPapers(await ctx.db(), ids);
  const missing = ids.filter((_, i) => rows[i] === undefined);
  if (missing.length > 0) {
    const list = missing.join(', ');
    throw new Error(
      `Not in your index: ${list}. Learn from papers the index holds (track their category, or open them on arXiv first).`,
    );
  }
  const present = rows.filter((row): row is StoredPaper => row !== undefined);
  return [present.slice(0, exampleIds.length), present.slice(exampleIds.length)];
}

/** The fine pack topics the tagger gives a paper (as the CLI's `learn` reads them). */
function fineTopics(ctx: BackgroundContext, paper: LearnPaper): PackTopicNames[] {
  return ctx.catalog.tag(paper).flatMap((tag) => {
    const topic = ctx.catalog.get(tag.topicId);
    return topic?.kind === 'fine' ? [topic] : [];
  });
}
