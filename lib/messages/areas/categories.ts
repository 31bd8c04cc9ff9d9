import { z } from 'zod';
import type { MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/categories.ts. */
export const CATEGORIES_MESSAGES = {
  /** From a chip on a paper outside the tracked categories: "track cs.CV". */
  'category.track': {
    request: z.object({ category: z.string().regex(/^[a-z-]+(\.[A-Za-z-]+)?$/) }),
    response: z.object({ categories: z.array(z.string()) }),
    userAction: true,
  },
} satisfies Record<string, MessageSpec>;
