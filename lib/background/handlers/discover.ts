import { emergingQuery } from '../../discover/emerging-query';
import { weekStart } from '../../discover/weekly';
import type { Handlers } from '../../messages/protocol';
import type { EmergingPhraseData, PaperRow } from '../../messages/schemas';
import { type EmergingAnswer, emergingDismissed } from '../../store/emerging';
import { withoutAncestors } from '../../topics/scoring/hierarchy';
import type { BackgroundContext } from '../context';
import type { Emerging } from '../emerging';
import { indexInfo, paperRow } from '../views';

/** The Emerging page shows this many papers under each phrase (the others are counted). */
export const PAGE_PAPERS = 5;

/** The kept answer's phrases as the protocol words them: topic names, and a query to follow each by. */
export function emergingPhrases(
  ctx: BackgroundContext,
  answer: EmergingAnswer | undefined,
  limit: number,
  dismissed: readonly string[] = [],
): EmergingPhraseData[] {
  const hidden = new Set(dismissed);
  const shown = (answer?.phrases ?? []).filter((e) => !hidden.has(e.key));
  return shown.slice(0, limit).map((e) => ({
    ...e,
    coveredBy: withoutAncestors(e.coveredBy, (id) => ctx.catalog.get(id)?.parents).map((id) => ({
      id,
      name: ctx.catalog.name(id),
    })),
    query: emergingQuery(e.phrase, e.variants),
  }));
}

async function pageRows(ctx: BackgroundContext, phrases: readonly EmergingPhraseData[]): Promise<PaperRow[]> {
  const ids = [...new Set(phrases.flatMap((e) => e.papers.slice(0, PAGE_PAPERS)))];
  const db = await ctx.db();
  const papers = await Promise.all(ids.map((id) => db.get('papers', id)));
  return papers.flatMap((paper) => (paper ? [paperRow(ctx, paper)] : []));
}

export function discoverHandlers(
  ctx: BackgroundContext,
  emerging: Emerging,
): Pick<Handlers, 'discover.emerging' | 'discover.dismiss'> {
  return {
    'discover.emerging': async ({ limit, papers }) => {
      const [answer, index, dismissed] = await Promise.all([
        emerging.shown(),
        indexInfo(ctx),
        ctx.db().then((db) => emergingDismissed.read(db)),
      ]);
      const phrases = emergingPhrases(ctx, answer, limit, dismissed);
      return {
        phrases,
        firstWeek: answer ? weekStart(answer.firstWeek) : null,
        rows: papers ? await pageRows(ctx, phrases) : [],
        index,
      };
    },
    'discover.dismiss': async ({ key }) => ({
      dismissed: await emergingDismissed.update(await ctx.db(), (keys) => [...new Set([...keys, key])]),
    }),
  };
}
