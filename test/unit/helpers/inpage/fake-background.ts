import { compactAnswer } from '@/lib/messages/annotate-compact';
import type { Annotation, IndexInfo, TopicSummary } from '@/lib/messages/schemas';
import type { PaperRef } from '@/lib/paper';
import { fakeSend, type Handler } from './fake-env';
import { READY_INDEX, topic } from './make-topic';

/** Keyword rules standing in for the background's tagger: enough to give each fixture paper topics. */
const RULES: { id: string; name: string; test: RegExp }[] = [
  { id: 'agentic-rl', name: 'Agentic RL', test: /agentic/i },
  { id: 'llm-agents', name: 'LLM Agents', test: /language model agents|web agents/i },
  { id: '3d-gaussian-splatting', name: '3D Gaussian Splatting', test: /gaussian splatting/i },
  { id: 'on-policy-distillation', name: 'On-Policy Distillation', test: /on-policy distillation/i },
];

export interface FakeBackendOptions {
  index?: IndexInfo;
  followed?: string[];
  muted?: string[];
  /** Make `papers.annotate` (and its compact form) fail with this message. */
  fail?: string;
  extra?: Partial<Record<string, Handler>>;
}

export function fakeBackground(options: FakeBackendOptions = {}) {
  const followed = new Set(options.followed ?? []);
  const muted = new Set(options.muted ?? []);
  const summary = (id: string, name: string, kind: TopicSummary['kind']) =>
    topic(id, { name, kind, followed: followed.has(id), muted: muted.has(id) });
  const annotate = (req: { papers: PaperRef[] }) => {
    if (options.fail) throw new Error(options.fail);
    const topics: Record<string, TopicSummary> = {};
    const results: Annotation[] = req.papers.map((paper) => {
      const tags: Annotation['tags'] = [];
      for (const rule of RULES) {
        if (!rule.test.test(`${paper.title} ${paper.abstract ?? ''}`)) continue;
        topics[rule.id] = summary(rule.id, rule.name, 'fine');
        tags.push({ id: rule.id, score: 2, evidence: [{ phrase: rule.name, where: 'title' }] });
      }
      for (const c of paper.categories) {
        topics[c] = summary(c, c, 'category');
        tags.push({ id: c, score: 1, evidence: [{ phrase: c, where: 'category' }] });
      }
      return { tags, inIndex: true, tracked: true, categories: paper.categories };
    });
    return { results, topics, index: options.index ?? READY_INDEX };
  };
  const { send, calls } = fakeSend({
    'papers.annotate': annotate as Handler,
    'papers.annotateCompact': ((req: { papers: PaperRef[] }) =>
      compactAnswer(annotate(req), req.papers)) as Handler,
    'topic.follow': ((req: { id: string; follow: boolean }) => {
      if (req.follow) followed.add(req.id);
      else followed.delete(req.id);
      return summary(req.id, RULES.find((r) => r.id === req.id)?.name ?? req.id, 'fine');
    }) as Handler,
    ...options.extra,
  });
  return { send, calls };
}
