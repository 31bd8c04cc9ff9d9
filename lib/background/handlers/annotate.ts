import type { Annotation, TopicSummary } from '../../message-schemas';
import type { Handlers } from '../../messages';
import type { PaperRef } from '../../paper';
import { type BackgroundContext, indexInfo, orderTopics, topicSummary } from '../context';

/** Topics and momentum for every paper of a page in one answer; missing papers are queued for lookup. */
export function annotateHandlers(
  ctx: BackgroundContext,
  queueLookup: (ids: string[]) => Promise<void>,
): Pick<Handlers, 'papers.annotate'> {
  return {
    'papers.annotate': async ({ papers }) => {
      const db = await ctx.db();
      const tx = db.transaction('papers');
      const stored = await Promise.all(papers.map((p) => (p.arxivId ? tx.store.get(p.arxivId) : undefined)));
      const settings = await ctx.settings();
      const missing: string[] = [];
      const topicIds = new Set<string>();

      const results: Annotation[] = papers.map((ref, i) => {
        const row = stored[i];
        if (!row && ref.arxivId) missing.push(ref.arxivId);
        // The index's copy (arXiv's own metadata) when there is one, else what the page shows.
        const text = row ?? pageText(ref);
        const tags = ctx.catalog.tag(text);
        const order = orderTopics(
          ctx,
          tags.map((t) => t.topicId),
        );
        const byId = new Map(tags.map((t) => [t.topicId, t]));
        for (const id of order) topicIds.add(id);
        const categories = row?.categories ?? ref.categories;
        const annotation: Annotation = {
          tags: order.map((id) => {
            const tag = byId.get(id)!;
            return { id, score: tag.score, evidence: tag.evidence };
          }),
          inIndex: row !== undefined,
          tracked: categories.length === 0 || categories.some((c) => settings.categories.includes(c)),
          categories,
        };
        if (row) annotation.title = row.title;
        return annotation;
      });

      if (missing.length) void queueLookup(missing).catch(() => undefined);
      const topics: Record<string, TopicSummary> = {};
      for (const id of topicIds) topics[id] = topicSummary(ctx, id);
      return { results, topics, index: await indexInfo(ctx) };
    },
  };
}

function pageText(ref: PaperRef) {
  return { title: ref.title, abstract: ref.abstract ?? '', categories: ref.categories, authors: ref.authors };
}
