import { browser } from 'wxt/browser';
import { z } from 'zod';

/**
 * The one protocol between the content script / extension pages and the background.
 * name -> request schema -> response schema. Both ends validate: the background every request
 * (and its sender), callers every response.
 */

const IndexStatusSchema = z.object({
  papers: z.number().int(),
  categories: z.array(z.string()),
});

export const PROTOCOL = {
  'status.get': { request: z.object({}), response: IndexStatusSchema },
} satisfies Record<string, { request: z.ZodType; response: z.ZodType; pagesOnly?: true }>;

export type MessageName = keyof typeof PROTOCOL;
export type RequestOf<N extends MessageName> = z.input<(typeof PROTOCOL)[N]['request']>;
export type ResponseOf<N extends MessageName> = z.output<(typeof PROTOCOL)[N]['response']>;
export type Handlers = {
  [N in MessageName]: (
    request: z.output<(typeof PROTOCOL)[N]['request']>,
    sender: MessageSender,
  ) => Promise<ResponseOf<N>>;
};

export type Envelope = { ok: true; data: unknown } | { ok: false; error: string };

/** A failure reported by the background (bad request, or the handler's own error). */
export class MessageError extends Error {}

/** Typed call from any extension context to the background. Throws MessageError with a readable message. */
export async function send<N extends MessageName>(name: N, request: RequestOf<N>): Promise<ResponseOf<N>> {
  const reply = (await browser.runtime.sendMessage({ name, request })) as Envelope | undefined;
  if (!reply || typeof reply !== 'object') throw new MessageError(`No answer from the background to ${name}`);
  if (!reply.ok) throw new MessageError(reply.error);
  const parsed = PROTOCOL[name].response.safeParse(reply.data);
  if (!parsed.success)
    throw new MessageError(`Malformed answer to ${name}: ${z.prettifyError(parsed.error)}`);
  return parsed.data as ResponseOf<N>;
}

export interface MessageSender {
  id?: string;
  url?: string;
  tab?: { id?: number; url?: string };
}

const EnvelopeSchema = z.object({ name: z.string(), request: z.unknown().optional() });

/**
 * The background's one listener body: checks the sender (this extension only; content scripts only
 * for the messages they need), validates the request, runs the handler. Never throws: every failure
 * becomes `{ ok: false, error }`.
 */
export function createDispatcher(handlers: Handlers, self: { id: string; origin: string }) {
  return async (message: unknown, sender: MessageSender): Promise<Envelope> => {
    try {
      if (sender.id !== self.id) return fail('Rejected: message from another extension');
      const envelope = EnvelopeSchema.safeParse(message);
      if (!envelope.success) return fail('Malformed message: expected { name, request }');
      const { name } = envelope.data;
      if (!Object.hasOwn(PROTOCOL, name)) return fail(`Unknown message "${name.slice(0, 60)}"`);
      const spec = PROTOCOL[name as MessageName] as { request: z.ZodType; pagesOnly?: true };
      const fromPage = sender.url?.startsWith(self.origin) ?? false;
      if (spec.pagesOnly && !fromPage) return fail(`Rejected: ${name} is only for the extension's own pages`);
      const request = spec.request.safeParse(envelope.data.request);
      if (!request.success) return fail(`Bad request for ${name}: ${z.prettifyError(request.error)}`);
      const handler = handlers[name as MessageName] as (r: unknown, s: MessageSender) => Promise<unknown>;
      return { ok: true, data: await handler(request.data, sender) };
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
  };
}

function fail(error: string): Envelope {
  return { ok: false, error };
}
