import { render } from '@testing-library/preact';
import type { ComponentChild } from 'preact';
import { InpageEnvContext } from '@/components/inpage/inpage-env';
import type { InpageEnv } from '@/lib/content/inpage-renderer';
import { createTopicStore } from '@/lib/content/topic-store';
import type { Send } from '@/lib/messages/client';
import type { MessageName } from '@/lib/messages/protocol';
import type { IndexInfo, TopicSummary } from '@/lib/messages/schemas';

export type Handler = (request: never) => unknown;

/** A `send` that answers from handlers and records every call; an unhandled message rejects. */
export function fakeSend(handlers: Partial<Record<MessageName, Handler>> = {}) {
  const calls: { name: MessageName; request: unknown }[] = [];
  const send = (async (name: MessageName, request: unknown) => {
    calls.push({ name, request });
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for ${name}`);
    return handler(request as never);
  }) as Send;
  return { send, calls };
}

export function fakeEnv(
  topics: TopicSummary[],
  index: IndexInfo,
  handlers: Partial<Record<MessageName, Handler>> = {},
): { env: InpageEnv; calls: { name: MessageName; request: unknown }[] } {
  const store = createTopicStore();
  store.merge(Object.fromEntries(topics.map((t) => [t.id, t])), index);
  const { send, calls } = fakeSend(handlers);
  return {
    env: { send, store, topicUrl: (id) => `chrome-extension://test/topic.html?id=${encodeURIComponent(id)}` },
    calls,
  };
}

export function renderInEnv(ui: ComponentChild, env: InpageEnv) {
  return render(<InpageEnvContext.Provider value={env}>{ui}</InpageEnvContext.Provider>);
}
