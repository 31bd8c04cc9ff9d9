import { browser } from 'wxt/browser';
import type { MessageName, RequestOf, ResponseOf } from './messages';

/** What the background answers to every message. */
export type Envelope = { ok: true; data: unknown } | { ok: false; error: string };

/**
 * A content script's word that a request comes from the user's own click or key press on our UI
 * (lib/content/user-event.ts builds it only from a trusted event). The background refuses the requests
 * that change what is tracked when a web page's content script sends them without one.
 */
export interface Gesture {
  event: string;
}

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
  gesture?: Gesture,
): Promise<ResponseOf<N>> {
  const message = gesture ? { name, request, gesture } : { name, request };
  const reply = (await browser.runtime.sendMessage(message)) as Envelope | undefined;
  if (!reply || typeof reply !== 'object') throw new MessageError(`No answer from the background to ${name}`);
  if (!reply.ok) throw new MessageError(reply.error);
  return reply.data as ResponseOf<N>;
}
