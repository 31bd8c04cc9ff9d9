import type { ExactAnswerWire } from '../../ask/ask-schemas';
import {
  type AskPaper,
  authorsAnswer,
  benchmarksAnswer,
  type CountedItem,
  type ExactAnswer,
  ITEMS,
  methodsAnswer,
  relateAnswer,
} from '../../ask/exact-answers';
import { relateQuestion, SUGGESTED_QUESTIONS } from '../../ask/exact-question';
import { whatsNewAnswer } from '../../ask/whats-new';
import { RECENT_WEEKS } from '../../discover/weekly';
import type { Handlers } from '../../messages/protocol';
import { startOfNewest } from '../../momentum/daily-spans';
import { topicPapersIn } from '../../store/papers';
import type { BackgroundContext } from '../context';
import type { RisingInside } from '../rising-inside';
import { risingPhrases } from './rising';

/**
 * Exact answers are counted over at most this many of the topic's newest papers (an arXiv category holds
 * tens of thousands; reading them all would take seconds). The answer says how many it counted, of how many.
 */
export const EXACT_PAPERS = 3000;
/** Papers listed per counted item (its count is all of them). */
export const ITEM_PAPERS = 50;

/**
 * The phrases rising inside the topic as "what's new" items (undefined: too short a history for them), and
 * their papers as read for the answer's titles.
 */
async function risingItems(
  ctx: BackgroundContext,
  risingInside: RisingInside,
  id: string,
): Promise<{ items: CountedItem[]; papers: AskPaper[] } | undefined> {
  const { answer, phrases } = await risingPhrases(ctx, risingInside, id);
  if (!answer) return undefined;
  const previousWeeks = answer.lastWeek - RECENT_WEEKS + 1 - answer.firstWeek;
  const items = phrases.slice(0, ITEMS).map((e) => ({
    key: e.key,
    label: e.phrase,
    count: e.recent,
    previous: e.previous,
    previousWeeks,
    papers: e.papers,
  }));
  const ids = [...new Set(items.flatMap((i) => i.papers.slice(0, ITEM_PAPERS)))];
  const db = await ctx.db();
  const read = await Promise.all(ids.map((paper) => db.get('papers', paper)));
  return { items, papers: read.flatMap((p) => (p ? [p] : [])) };
}

export function askHandlers(
  ctx: BackgroundContext,
  risingInside: RisingInside,
): Pick<Handlers, 'topic.askExact'> {
  return {
    'topic.askExact': async ({ id: asked, kind, other }) => {
      const id = ctx.catalog.resolve(asked) ?? asked;
      const topic = ctx.catalog.require(id);
      const daily = ctx.momentum.daily(id);
      let of = 0;
      for (const n of daily.values()) of += n;
      const read = await topicPapersIn(
        await ctx.db(),
        id,
        startOfNewest(daily, EXACT_PAPERS) - 1,
        Number.MAX_SAFE_INTEGER,
      );
      const papers: AskPaper[] = read.slice(-EXACT_PAPERS);
      const names = [topic.name, ...topic.aliases, topic.expansion ?? ''].join(' ');
      const T = ctx.momentum.cutoff();
      let answer: ExactAnswer;
      let question = SUGGESTED_QUESTIONS.find((q) => q.kind === kind)?.question ?? '';
      if (kind === 'relate') {
        const otherId = resolveTopic(ctx, other ?? '');
        if (!otherId || otherId === id) throw new Error(`No other topic is called “${other ?? ''}”.`);
        const otherName = ctx.catalog.name(otherId);
        answer = relateAnswer(papers, { id: otherId, name: otherName });
        question = relateQuestion(otherName);
      } else if (kind === 'new') {
        const topicName = (t: string) =>
          t === id || ctx.catalog.get(t)?.kind === 'category' ? undefined : ctx.catalog.get(t)?.name;
        const rising = await risingItems(ctx, risingInside, id);
        answer = whatsNewAnswer(papers, T ?? 0, topicName, names, rising?.items);
        // A rising phrase's papers may be older than the newest EXACT_PAPERS (a busy category).
        const have = new Set(papers.map((p) => p.id));
        papers.push(...(rising?.papers ?? []).filter((p) => !have.has(p.id)));
      } else {
        answer = { authors: authorsAnswer, benchmarks: benchmarksAnswer, methods: methodsAnswer }[kind](
          papers,
          names,
        );
      }
      return wire(answer, question, of, T, papers);
    },
  };
}

function resolveTopic(ctx: BackgroundContext, other: string): string | undefined {
  return ctx.catalog.resolve(other) ?? ctx.catalog.find(other, 1)[0]?.id;
}

function wire(
  answer: ExactAnswer,
  question: string,
  of: number,
  asOf: number | null,
  papers: readonly AskPaper[],
): ExactAnswerWire {
  const sections = answer.sections.map((s) => ({
    title: s.title,
    items: s.items.map((item) => ({ ...item, papers: item.papers.slice(0, ITEM_PAPERS) })),
  }));
  const named = new Set(sections.flatMap((s) => s.items.flatMap((i) => i.papers)));
  const briefs = papers
    .filter((p) => named.has(p.id))
    .map((p) => ({ id: p.id, title: p.title, published: p.published, authors: [...p.authors] }));
  return {
    kind: answer.kind,
    question,
    counted: answer.counted,
    of: Math.max(of, papers.length),
    asOf,
    sections,
    papers: briefs,
  };
}
