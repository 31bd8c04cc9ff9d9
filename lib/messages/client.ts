import { browser } from 'wxt/browser';
import { type Envelope, type Gesture, MessageError } from './envelope';
import type { MessageName, RequestOf, ResponseOf } from './protocol';

/**
 * How UI code talks to the background: `send` in extension pages, `sendUnchecked` in the content script, a
 * fake in tests. Passed in (props, SendContext), never imported by components, so they test without a browser.
 */
export type Send = <N extends MessageName>(
  name: N,
  request: RequestOf<N>,
  /** The user's gesture, for the requests that change what is tracked (lib/content/user-event.ts). */
  gesture?: Gesture,
) => Promise<ResponseOf<N>>;

/**
 * Typed call to the background without checking the answer against the protocol's schemas. The content
 * script uses this one: the background validates every request (and its sender), and its answers are built
 * by our own typed handlers, so the page-side script need not carry zod. Extension pages use `send` from
 * ./page-send.ts, which also checks the answer.
 */
export async function sendUnchecked<N extends MessageName>(
  name: N,
  request: RequestOf<N>,
  gesture?: Gesture,
): Promise<ResponseOf<N>> {
  const message = gesture ? { name, request, gesture } : { name, request };
  const reply = (await browser.runtime.sendMessage(message)) as Envelope | undefined;
  if (!reply || typeof reply !== 'object') throw new MessageError(`No answer from the background to ${name}`);
  if (!reply.ok) throw new MessageError(reply.error);
  return reply.data as ResponseOf<N>;
}

/**
 * A failure as text for the user. `max` keeps only its first line, cut to `max` characters (a chip row
 * has no room for a validation report); without it the whole message shows.
 */
export function errorText(error: unknown, max?: number): string {
  const text = error instanceof Error ? error.message : String(error);
  if (max === undefined) return text;
  const line = text.split('\n')[0]?.trim() || 'unknown error';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
