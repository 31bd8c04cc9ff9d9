import type { Annotation } from '../messages/schemas';

/** What one paper's chip row shows: waiting for the background, its topics, or why it has none. */
export type PaperView =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; annotation: Annotation };
