import { safely } from '../safely';
import type { SiteAdapter } from '../sites/types';
import type { AnswerStatus } from './answer-intake';
import type { HostRecord } from './host-records';
import type { InpageRenderer } from './inpage-renderer';
import { createListingController, type ListingController } from './listing-controller';
import type { TopicStore } from './topic-store';

/** The listing's filter bar, where the adapter finds a listing: placed, kept up to date, removed. */
export function listingSlot(doc: Document, store: TopicStore, renderer: InpageRenderer, owner: string) {
  let listing: ListingController | null = null;
  return {
    place(adapter: SiteAdapter | undefined) {
      const root = safely(() => adapter?.listRoot?.(doc) ?? null, null);
      if (!root) {
        listing?.destroy();
        listing = null;
        return;
      }
      listing ??= createListingController(doc, store, renderer, owner);
      listing.place(root);
    },
    update(records: Iterable<HostRecord>, status: AnswerStatus) {
      listing?.update(
        [...records].map((r) => ({
          entry: r.paper.entry,
          topicIds: r.view.status === 'ready' ? r.view.annotation.tags.map((t) => t.id) : null,
        })),
        status,
      );
    },
    destroy() {
      listing?.destroy();
      listing = null;
    },
  };
}

export type ListingSlot = ReturnType<typeof listingSlot>;
