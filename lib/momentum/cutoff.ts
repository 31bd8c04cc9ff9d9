import { DAY_MS } from './count-in';

/**
 * T for the extension: the last ms of the UTC day of the newest indexed paper. Never "now": arXiv
 * announces once a day, so between announcements "now" would count a half-empty day as a slump. Ending on a
 * day boundary also makes per-day counts (`countInDaily`) exact.
 */
export function pickCutoff(newestPublished: number): number {
  return (Math.floor(newestPublished / DAY_MS) + 1) * DAY_MS - 1;
}
