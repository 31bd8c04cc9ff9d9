import { RECENT_WEEKS, weekStart } from '../../discover/weekly';
import type { Handlers } from '../../messages/protocol';
import type { PaperRow, RisingPhraseData } from '../../messages/schemas';
import { emergingDismissed } from '../../store/emerging';
import { withoutAncestors } from '../../topics/scoring/hierarchy';
import type { BackgroundContext } from '../context';
import type { RisingInside, RisingInsideAnswer } from '../rising-inside';
import { paperRow } from '../views';

/**
 * The phrases rising inside a topic (an alias or renamed id resolved), as the protocol words them: the
 * phrases dismissed as not interesting left out, as on Emerging, and covering topics named.
 */
export async function risingPhrases(
  ctx: BackgroundContext,
  risingInside: RisingInside,
  asked: string,
): Promise<{ answer: RisingInsideAnswer | undefined; phrases: RisingPhraseData[] }> {
  const id = ctx.catalog.resolve(asked) ?? asked;
  const topic = ctx.catalog.require(id);
  const [answer, dismissed] = await Promise.all([
    risingInside.answer({ id, names: [topic.name, ...topic.aliases] }),
    ctx.db().then((db) => emergingDismissed.read(db)),
  ]);
  const hidden = new Set(dismissed);
  const phrases = (answer?.phrases ?? [])
    .filter((e) => !hidden.has(e.key))
    .map((e) => ({
      ...e,
      coveredBy: withoutAncestors(e.coveredBy, (t) => ctx.catalog.get(t)?.parents).map((t) => ({
        id: t,
        name: ctx.catalog.name(t),
      })),
    }));
  return { answer, phrases };
}

async function rowsOf(ctx: BackgroundContext, phrases: readonly RisingPhraseData[], each: number) {
  const ids = [...new Set(phrases.flatMap((e) => e.papers.slice(0, each)))];
  const db = await ctx.db();
  const papers = await Promise.all(ids.map((id) => db.get('papers', id)));
  return papers.flatMap((paper): PaperRow[] => (paper ? [paperRow(ctx, paper)] : []));
}

export function risingHandlers(
  ctx: BackgroundContext,
  risingInside: RisingInside,
): Pick<Handlers, 'topic.rising'> {
  return {
    'topic.rising': async ({ id, rows }) => {
      const { answer, phrases } = await risingPhrases(ctx, risingInside, id);
      return {
        phrases,
        weeks: answer
          ? {
              firstWeek: weekStart(answer.firstWeek),
              baselineWeeks: answer.lastWeek - RECENT_WEEKS + 1 - answer.firstWeek,
              recentPapers: answer.recentPapers,
              baselinePapers: answer.baselinePapers,
            }
          : null,
        rows: rows > 0 ? await rowsOf(ctx, phrases, rows) : [],
      };
    },
  };
}
