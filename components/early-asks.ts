import { type Send, sendUnchecked } from '@/lib/messages/client';
import type { MessageName, RequestOf } from '@/lib/messages/protocol';

/** A page's asks on open (a message and its request), which its entrypoint may start early. */
export type OpeningAsks = { [N in MessageName]?: RequestOf<N> };

type Ask = (name: MessageName, request: unknown) => Promise<unknown>;

/** The opening answers, asked before the page's first render; each is taken once. */
export interface EarlyAnswers {
  take(name: MessageName, request: unknown): Promise<unknown> | undefined;
}

/**
 * Starts a page's opening asks at once (its entrypoint does, with the unchecked send, before the first render:
 * a page's own asks wait for the render's effects), so the background works while the page renders.
 */
export function askEarly(ask: Ask, asks: OpeningAsks): EarlyAnswers {
  const pending = new Map<string, Promise<unknown>>();
  for (const [name, request] of Object.entries(asks) as [MessageName, unknown][]) {
    const answer = ask(name, request);
    answer.catch(() => {}); // not unhandled if the page never takes it; taking it sees the failure
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

/** The entrypoints' early asks, to the background (answers are checked when the page takes them). */
export function askBackgroundEarly(asks: OpeningAsks): EarlyAnswers {
  return askEarly((name, request) => sendUnchecked(name, request as never), asks);
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
