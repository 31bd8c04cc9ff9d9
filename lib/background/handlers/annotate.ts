import { compactAnswer } from '../../messages/annotate-compact';
import type { Handlers } from '../../messages/protocol';
import type { Annotation, Evidence, PaperTag, TopicSummary } from '../../messages/schemas';
import type { PaperRef } from '../../paper';
import { EVIDENCE_PER_TAG } from '../../store/annotations';
import { readPapers } from '../../store/papers';
import type { AnnotationEntry } from '../../store/schema';
import type { BackgroundContext } from '../context';
import { indexInfo, orderTopics, topicSummary } from '../views';

/** Topics and momentum for every paper of a page in one answer; missing papers are queued for lookup. */
export function annotateHandlers(
  ctx: BackgroundContext,
  annotations: { get(ids: readonly string[]): Promise<Map<string, AnnotationEntry>> },
  queueLookup: (ids: string[]) => Promise<void>,
): Pick<Handlers, 'papers.annotate' | 'papers.annotateCompact'> {
  const annotate: Handlers['papers.annotate'] = async ({ papers, evidence }) => {
    const ids = papers.flatMap((p) => (p.arxivId ? [p.arxivId] : []));
    const [stored, settings] = await Promise.all([annotations.get(ids), ctx.settings()]);
    const why = evidence ? await evidenceOf(ctx, [...stored.keys()]) : undefined;
    const missing: string[] = [];
    const topicIds = new Set<string>();

    const results: Annotation[] = papers.map((ref) => {
      const row = ref.arxivId ? stored.get(ref.arxivId) : undefined;
      if (!row && ref.arxivId) missing.push(ref.arxivId);
      // The index's tags (from arXiv's own metadata) when it has the paper, else tags of what the page shows
      // less what the reader took off it (the index's rows are stored without those).
      const removed = !row && ref.arxivId ? ctx.corrections.of(ref.arxivId) : undefined;
      const tags: PaperTag[] = row
        ? row.tags.map((t) => ({
            id: t.id,
            score: t.score,
            evidence: why?.get(ref.arxivId!)?.get(t.id) ?? [],
          }))
        : ctx.catalog
            .tag(pageText(ref))
            .filter((t) => !removed?.has(t.topicId))
            .map((t) => ({ id: t.topicId, score: t.score, evidence: t.evidence }));
      const byId = new Map(tags.map((t) => [t.id, evidence ? t : { id: t.id, score: t.score }]));
      const order = orderTopics(ctx, [...byId.keys()]);
      for (const id of order) topicIds.add(id);
      const categories = row?.categories ?? ref.categories;
      const annotation: Annotation = {
        tags: order.map((id) => byId.get(id)!),
        inIndex: row !== undefined,
        tracked: categories.length === 0 || categories.some((c) => settings.categories.includes(c)),
        categories,
      };
      // The index's title only for a caller that did not know it (the popup asks by id alone).
      if (row && !ref.title) annotation.title = row.title;
      return annotation;
    });

    if (missing.length) void queueLookup(missing).catch(() => undefined);
    const topics: Record<string, TopicSummary> = {};
    for (const id of topicIds) topics[id] = topicSummary(ctx, id);
    return { results, topics, index: await indexInfo(ctx) };
  };
  return {
    'papers.annotate': annotate,
    'papers.annotateCompact': async ({ papers }, sender) =>
      compactAnswer(await annotate({ papers, evidence: false }, sender), papers),
  };
}

function pageText(ref: PaperRef) {
  return { title: ref.title, abstract: ref.abstract ?? '', categories: ref.categories, authors: ref.authors };
}

/**
 * "Why this tag" for indexed papers, worked out again from their stored text (the index keeps tags
 * without evidence). Asked for a paper or two at a time: a listing asks without evidence.
 */
async function evidenceOf(
  ctx: BackgroundContext,
  ids: readonly string[],
): Promise<Map<string, Map<string, Evidence[]>>> {
  const out = new Map<string, Map<string, Evidence[]>>();
  if (ids.length === 0) return out;
  const rows = await readPapers(await ctx.db(), ids);
  for (const row of rows) {
    if (!row) continue;
    const tags = ctx.catalog.tag(row);
    out.set(row.id, new Map(tags.map((t) => [t.topicId, t.evidence.slice(0, EVIDENCE_PER_TAG)])));
  }
  return out;
}
