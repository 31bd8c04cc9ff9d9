import { z } from 'zod';
import { sendUnchecked } from './client';
import { MessageError } from './envelope';
import { type MessageName, PROTOCOL, type RequestOf, type ResponseOf } from './protocol';

/** Typed call from an extension page to the background, with the answer checked against the protocol. */
export async function send<N extends MessageName>(name: N, request: RequestOf<N>): Promise<ResponseOf<N>> {
  return checkAnswer(name, await sendUnchecked(name, request));
}

/** The background's answer to `name`, checked against the protocol (a malformed one is a MessageError). */
export function checkAnswer<N extends MessageName>(name: N, data: unknown): ResponseOf<N> {
  const parsed = PROTOCOL[name].response.safeParse(data);
  if (!parsed.success)
    throw new MessageError(`Malformed answer to ${name}: ${z.prettifyError(parsed.error)}`);
  return parsed.data as ResponseOf<N>;
}
