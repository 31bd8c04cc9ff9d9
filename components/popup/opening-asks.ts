import type { Send } from '@/lib/messages/client';
import type { MessageName, RequestOf } from '@/lib/messages/protocol';

/** What the popup asks the background on open: one place, for the early asks and the popup's own. */
export const OPENING_ASKS = {
  'follows.list': {},
  'status.get': {},
  'topics.trending': { limit: 8 },
  'discover.emerging': { limit: 5 },
} as const satisfies { [N in MessageName]?: RequestOf<N> };

type Ask = (name: MessageName, request: unknown) => Promise<unknown>;

/** The opening answers, asked before the popup's code has loaded; each is taken once. */
export interface EarlyAnswers {
  take(name: MessageName, request: unknown): Promise<unknown> | undefined;
}

/**
 * Starts the opening asks at once (the popup's entrypoint does, with the unchecked send, before the bulk of
 * the popup's code — the protocol and its schemas — has loaded), so the background works while it loads.
 */
export function askEarly(ask: Ask): EarlyAnswers {
  const pending = new Map<string, Promise<unknown>>();
  for (const [name, request] of Object.entries(OPENING_ASKS) as [MessageName, unknown][]) {
    const answer = ask(name, request);
    answer.catch(() => {}); // not unhandled if the popup never takes it; taking it sees the failure
    pending.set(key(name, request), answer);
  }
  return {
    take(name, request) {
      const id = key(name, request);
      const answer = pending.get(id);
      pending.delete(id);
      return answer;
    },
  };
}

/**
 * A `send` whose first call for an opening ask answers from the early one, checked as `send` checks answers
 * (`check`); every other call, and every later one, goes to `send`.
 */
export function sendFirstFrom(
  early: EarlyAnswers,
  send: Send,
  check: (name: MessageName, data: unknown) => unknown,
): Send {
  return ((name, request, gesture) => {
    const answer = gesture ? undefined : early.take(name, request);
    return answer ? answer.then((data) => check(name, data)) : send(name, request, gesture);
  }) as Send;
}

const key = (name: MessageName, request: unknown) => `${name} ${JSON.stringify(request)}`;
