import { z } from 'zod';

/** Pieces the areas' message schemas share, and what a message is. */
export const empty = z.object({});
export const topicId = z.string().min(1).max(120);
export const limit = (max: number) => z.number().int().min(1).max(max);

/**
 * `pagesOnly`: only the extension's own pages may send it. `userAction`: it changes what is tracked or opens
 * a tab, so a web page's content script must send it with the user's gesture (`Gesture` in ../envelope.ts).
 */
export interface MessageSpec {
  request: z.ZodType;
  response: z.ZodType;
  pagesOnly?: true;
  userAction?: true;
}
