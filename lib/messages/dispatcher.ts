import { z } from 'zod';
import type { MessageSpec } from './areas/spec-helpers';
import type { Envelope } from './envelope';
import { type Handlers, type MessageName, type MessageSender, PROTOCOL } from './protocol';

const EnvelopeSchema = z.object({
  name: z.string(),
  request: z.unknown().optional(),
  gesture: z.object({ event: z.string().max(40) }).optional(),
});

/**
 * The background's one listener body: checks the sender (this extension only; content scripts only
 * for the messages they need), validates the request, runs the handler. Never throws: every failure
 * becomes `{ ok: false, error }`.
 */
export function createDispatcher(handlers: Handlers, self: { id: string; origin: string }) {
  return async (message: unknown, sender: MessageSender): Promise<Envelope> => {
    const start = performance.now();
    try {
      if (sender.id !== self.id) return fail('Rejected: message from another extension');
      const envelope = EnvelopeSchema.safeParse(message);
      if (!envelope.success) return fail('Malformed message: expected { name, request }');
      const { name } = envelope.data;
      if (!Object.hasOwn(PROTOCOL, name)) return fail(`Unknown message "${name.slice(0, 60)}"`);
      const spec: MessageSpec = PROTOCOL[name as MessageName];
      const fromPage = sender.url?.startsWith(self.origin) ?? false;
      if (spec.pagesOnly && !fromPage) return fail(`Rejected: ${name} is only for the extension's own pages`);
      // A web page cannot message us, but it can click our open shadow root's buttons; the content script
      // vouches only for trusted events, and a path that forgot to ask for one is refused here.
      if (spec.userAction && !fromPage && !envelope.data.gesture)
        return fail(`Rejected: ${name} from a web page needs the user’s own click or key press`);
      const request = spec.request.safeParse(envelope.data.request);
      if (!request.success) return fail(`Bad request for ${name}: ${z.prettifyError(request.error)}`);
      const handler = handlers[name as MessageName] as (r: unknown, s: MessageSender) => Promise<unknown>;
      const data = await handler(request.data, sender);
      measureAnswer(name, start);
      return { ok: true, data };
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
  };
}

/**
 * How long the background took to answer (validation and handler, not the messaging around it), as a
 * User Timing measure `paperpulse:<name>` that DevTools and the bench (test/bench/index-chromium.ts) read.
 * Only the newest per message is kept: a long-lived worker does not pile them up.
 */
function measureAnswer(name: string, start: number): void {
  const label = `paperpulse:${name}`;
  performance.clearMeasures(label);
  performance.measure(label, { start });
}

function fail(error: string): Envelope {
  return { ok: false, error };
}
