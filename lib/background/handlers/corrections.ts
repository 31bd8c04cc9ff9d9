import type { Handlers } from '../../messages/protocol';
import { readPapers } from '../../store/papers';
import type { CorrectionRecord } from '../../store/schema';
import type { BackgroundContext } from '../context';

/** What the handlers need of the index to apply a correction (lib/background/correcting.ts). */
export interface Correcting {
  correct(change: { paperId: string; topicId: string; notThis: boolean }): Promise<CorrectionRecord>;
}

/** "Not this topic" on a paper and its undo, and the list of them the options page shows. */
export function correctionHandlers(
  ctx: BackgroundContext,
  correcting: Correcting,
): Pick<Handlers, 'paper.correct' | 'corrections.list'> {
  return {
    'paper.correct': async ({ id, topic, notThis }) => {
      ctx.catalog.require(topic);
      const record = await correcting.correct({ paperId: id, topicId: topic, notThis });
      ctx.corrections.committed([record]);
      // Counts of followed topics changed: the toolbar badge follows.
      ctx.changed();
      return { notThis: record.topics };
    },
    'corrections.list': async () => {
      const records = ctx.corrections.all().sort((a, b) => b.at - a.at);
      const rows = await readPapers(
        await ctx.db(),
        records.map((r) => r.paperId),
      );
      return {
        corrections: records.map((record, i) => ({
          id: record.paperId,
          title: rows[i]?.title ?? '',
          topics: record.topics.map((t) => ({ id: t, name: ctx.catalog.name(t) })),
          at: record.at,
        })),
      };
    },
  };
}
