import type { z } from 'zod';
import type { Send } from '@/lib/messages/client';
import { MessageError } from '@/lib/messages/envelope';
import { type MessageName, PROTOCOL, type ResponseOf } from '@/lib/messages/protocol';

type FakeHandler<N extends MessageName> = (
  request: z.output<(typeof PROTOCOL)[N]['request']>,
) => ResponseOf<N> | Promise<ResponseOf<N>>;
export type FakeHandlers = { [N in MessageName]?: FakeHandler<N> };

export interface FakeBackground {
  send: Send;
  calls: { name: MessageName; request: unknown }[];
  callsOf(name: MessageName): unknown[];
}

/**
 * A stand-in for the background: requests and answers go through the protocol's own zod schemas, as
 * they do in the extension, so a page test fails when the page asks for something the protocol refuses
 * or when a test's fixture is not a valid answer. A message without a handler fails like an unknown one.
 */
export function fakeBackground(handlers: FakeHandlers): FakeBackground {
  const calls: { name: MessageName; request: unknown }[] = [];
  const send = (async (name: MessageName, request: unknown) => {
    calls.push({ name, request });
    const parsedRequest = PROTOCOL[name].request.safeParse(request);
    if (!parsedRequest.success) throw new MessageError(`Bad request for ${name}`);
    const handler = handlers[name] as ((r: unknown) => unknown) | undefined;
    if (!handler) throw new MessageError(`No handler for ${name}`);
    const answer = await handler(parsedRequest.data);
    return PROTOCOL[name].response.parse(answer);
  }) as Send;
  return {
    send,
    calls,
    callsOf: (name) => calls.filter((call) => call.name === name).map((call) => call.request),
  };
}
