import { browser } from 'wxt/browser';
import type { MessageName, RequestOf, ResponseOf } from './messages';

/** What the background answers to every message. */
export type Envelope = { ok: true; data: unknown } | { ok: false; error: string };

/** A failure reported by the background (bad request, or the handler's own error). */
export class MessageError extends Error {}

/**
 * Typed call to the background without checking the answer against the protocol's schemas. The content
 * script uses this one: the background validates every request (and its sender), and its answers are built
 * by our own typed handlers, so the page-side script need not carry zod. Extension pages use `send` from
 * lib/messages, which also checks the answer.
 */
export async function sendUnchecked<N extends MessageName>(
  name: N,
  request: RequestOf<N>,
): Promise<ResponseOf<N>> {
  const reply = (await browser.runtime.sendMessage({ name, request })) as Envelope | undefined;
  if (!reply || typeof reply !== 'object') throw new MessageError(`No answer from the background to ${name}`);
  if (!reply.ok) throw new MessageError(reply.error);
  return reply.data as ResponseOf<N>;
}
