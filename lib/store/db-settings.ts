import { z } from 'zod';
import { defineMetaKey, entriesOf } from './meta';

/**
 * What the background remembers in the `meta` store besides the ingestion's state: the rate limiter's
 * times (a restarted worker keeps arXiv's spacing and Retry-After) and the unseen counts last announced.
 */

/** When the last arXiv request started (ms). */
export const lastRequest = defineMetaKey<number | undefined>('arxiv.lastRequest', 1, z.number(), undefined);

/** arXiv's Retry-After, kept apart from the sync state: a reset of the index must not forget it. */
export const arxivHold = defineMetaKey<number | undefined>('arxiv.notBefore', 1, z.number(), undefined);

/** Unseen papers per followed topic when the user was last told (a restart never repeats a notification). */
export const notifiedCounts = defineMetaKey<Record<string, number>>('notified', 1, entriesOf(z.number()), {});
