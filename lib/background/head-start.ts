import { type MessageSender, PROTOCOL } from '../messages/protocol';
import type { StoredSearch } from '../search/stored-search';
import type { Catalog } from '../topics/catalog';
import { askQuery } from './handlers/topics';

/**
 * Work a message will need that does not depend on the loaded context, begun as the message arrives. A fresh
 * worker loads the context (every daily count, the follows, mutes and corrections: ~40 ms, more under load)
 * before any handler runs (issue 36); meanwhile an Ask's search reads its postings and document blocks. The
 * handler then joins that search (lib/search/stored-search.ts joins a query being read), so its answer is
 * the one it would have read itself; a message the dispatcher will refuse starts nothing here.
 */
export function createHeadStart(deps: {
  catalog: Catalog;
  search: StoredSearch;
  self: { id: string };
}): (message: unknown, sender: MessageSender) => void {
  return (message, sender) => {
    if (sender.id !== deps.self.id) return;
    const { name, request } = (message ?? {}) as { name?: unknown; request?: unknown };
    if (name !== 'topic.ask') return;
    const asked = PROTOCOL['topic.ask'].request.safeParse(request);
    if (!asked.success) return;
    // Custom topics join the catalog with the context: a custom topic's id stands for itself until then.
    const { id, question } = asked.data;
    const topic = deps.catalog.get(id) ? id : (deps.catalog.resolve(id) ?? id);
    // The handler's own search reports a failure; this one is only a head start.
    deps.search.search(askQuery(topic, question)).catch(() => undefined);
  };
}
