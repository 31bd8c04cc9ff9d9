import { z } from 'zod';
import { PaperRefSchema } from '../../paper';
import { ArxivIdSchema, SavedPaperSchema } from '../schemas';
import { empty, type MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/saved.ts. */
export const SAVED_MESSAGES = {
  /**
   * Save (or unsave) a paper to the reading list. Content scripts may send it: the in-page button acts only
   * on a trusted click. `paper` is what the page showed, used when the index does not have the paper yet.
   */
  'paper.save': {
    request: z.object({ id: ArxivIdSchema, save: z.boolean(), paper: PaperRefSchema.optional() }),
    response: z.object({ saved: z.boolean() }),
    userAction: true,
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
} satisfies Record<string, MessageSpec>;
