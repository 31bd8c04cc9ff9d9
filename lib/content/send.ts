import type { MessageName, RequestOf, ResponseOf } from '../messages';
import type { Gesture } from '../send';

/**
 * How content code talks to the background: `send` from lib/messages in the extension, a fake in tests.
 * Passed in, never imported, so the in-page UI is testable without a browser.
 */
export type Send = <N extends MessageName>(
  name: N,
  request: RequestOf<N>,
  /** The user's gesture, for the requests that change what is tracked (lib/content/user-event.ts). */
  gesture?: Gesture,
) => Promise<ResponseOf<N>>;

/** A short, human message for a failure (a long one would overflow a chip row). */
export function shortError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n')[0]?.trim() || 'unknown error';
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}
