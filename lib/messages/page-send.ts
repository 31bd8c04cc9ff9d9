import { z } from 'zod';
import { sendUnchecked } from './client';
import { MessageError } from './envelope';
import { type MessageName, PROTOCOL, type RequestOf, type ResponseOf } from './protocol';

/** Typed call from an extension page to the background, with the answer checked against the protocol. */
export async function send<N extends MessageName>(name: N, request: RequestOf<N>): Promise<ResponseOf<N>> {
  const data = await sendUnchecked(name, request);
  const parsed = PROTOCOL[name].response.safeParse(data);
  if (!parsed.success)
    throw new MessageError(`Malformed answer to ${name}: ${z.prettifyError(parsed.error)}`);
  return parsed.data as ResponseOf<N>;
}
