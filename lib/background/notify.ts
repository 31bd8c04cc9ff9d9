import { notifiedCounts } from '../store/db-settings';
import type { BackgroundContext } from './context';

/**
 * After a pass: if followed topics have more unseen papers than when we last told the user, say so once.
 * Counts already announced are remembered, so a worker restart never repeats a notification.
 */
export async function notifyNewPapers(
  ctx: BackgroundContext,
  notify: (title: string, message: string) => Promise<void>,
): Promise<void> {
  if (!(await ctx.settings()).notifications || ctx.follows.size === 0) return;
  const db = await ctx.db();
  const counts = Object.fromEntries(await ctx.follows.unseen());
  const told = await notifiedCounts.read(db);
  const grown = Object.entries(counts).filter(([id, n]) => n > (told[id] ?? 0));
  await notifiedCounts.write(db, counts);
  if (grown.length === 0) return;
  const fresh = grown.reduce((sum, [id, n]) => sum + n - (told[id] ?? 0), 0);
  const names = grown
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id]) => ctx.catalog.name(id));
  const more = grown.length > 3 ? ` and ${grown.length - 3} more` : '';
  await notify(
    `${fresh} new paper${fresh === 1 ? '' : 's'} in topics you follow`,
    `${names.join(', ')}${more}`,
  );
}
