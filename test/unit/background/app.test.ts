import { describe, expect, it } from 'vitest';
import { RETRY_ALARM } from '@/lib/background/scheduler';
import { MAX_USER_TOPICS } from '@/lib/backup-import';
import type { IndexStatus, TopicSummary } from '@/lib/messages/schemas';
import { EVIDENCE_PER_TAG, shardOf } from '@/lib/store/annotations';
import { openIndexDb } from '@/lib/store/open';
import { ARXIV_CATEGORIES } from '@/lib/topics/data/categories';
import { agenticPaper, momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

async function filled(extra = momentumFixture(T)) {
  const bg = createTestBackground(syntheticPapers(END, 84, 3, extra), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

describe('background app (Node, fake arXiv)', () => {
  it('never loses a kick that lands while a pass is finishing (the install kick, a page lookup)', async () => {
    const old = agenticPaper(900, NOW - 200 * DAY); // before the backfill window: only a lookup finds it
    const bg = await filled([old]);
    await bg.call('topic.follow', { id: 'agentic-rl', follow: true });
    await bg.setSettings({ ...bg.settings(), notifications: true });
    const before = (await bg.call<IndexStatus>('status.get')).papers;
    // While the refresh's pass tells of a new paper, a page asks about one the index lacks.
    bg.setDuringNotify(async () => {
      const ref = { arxivId: old.id, title: '', authors: [], categories: [] };
      await bg.fromContent('papers.annotate', { papers: [ref] });
      for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    });
    bg.papers.push(agenticPaper(601, NOW + 2 * 60 * 60_000));
    bg.setNow(NOW + DAY);
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    expect(bg.notifications).toHaveLength(1);
    expect((await bg.call<IndexStatus>('status.get')).papers).toBe(before + 2);
  });

  it('answers trending with counts, and flags a rise that comes from one author group or one week', async () => {
    type Trending = {
      topics: (TopicSummary & { burst?: { kind: string; count: number; author?: string } })[];
    };
    // The fixture's 28 vs 7 agentic-RL papers all carry the same two authors: one group's batch.
    const oneGroup = await filled();
    const flagged = (await oneGroup.call<Trending>('topics.trending', { limit: 8 })).topics;
    const agentic = flagged.find((t) => t.id === 'agentic-rl')!;
    expect(agentic.momentum).toMatchObject({ recent: 28, previous: 7, trend: 'rising' });
    expect(agentic.burst).toEqual({ kind: 'authors', count: 28, author: 'Ada Lovelace' });

    // The same rise from 35 different groups, spread over the four weeks: a plain trend.
    const spread = momentumFixture(T).map((p, i) => ({ ...p, authors: [`Author ${i}`, `Coauthor ${i}`] }));
    const manyGroups = await filled(spread);
    const plain = (await manyGroups.call<Trending>('topics.trending', { limit: 8 })).topics;
    expect(plain.find((t) => t.id === 'agentic-rl')?.burst).toBeUndefined();

    // 20 of 28 in the last week: a burst in one week.
    const bursty = momentumFixture(T).map((p, i) => ({
      ...p,
      authors: [`Author ${i}`],
      published: i < 20 ? T - (i % 6) * DAY - DAY / 2 : p.published,
    }));
    const burst = await filled(bursty);
    const week = (await burst.call<Trending>('topics.trending', { limit: 8 })).topics;
    expect(week.find((t) => t.id === 'agentic-rl')?.burst).toMatchObject({ kind: 'week' });
  });

  it('keeps trending until the mutes (or the counts) change, and shows follows at once', async () => {
    type Trending = { topics: (TopicSummary & { burst?: unknown })[] };
    const bg = await filled();
    const trending = async () => (await bg.call<Trending>('topics.trending', { limit: 8 })).topics;
    const first = await trending();
    expect(await trending()).toEqual(first);
    const agentic = () => trending().then((topics) => topics.find((t) => t.id === 'agentic-rl'));
    expect((await agentic())!.followed).toBe(false);
    await bg.call('topic.follow', { id: 'agentic-rl', follow: true });
    expect((await agentic())!.followed).toBe(true);
    await bg.call('topic.mute', { id: 'agentic-rl', mute: true });
    expect(await agentic()).toBeUndefined();
    await bg.call('topic.mute', { id: 'agentic-rl', mute: false });
    expect((await agentic())!.momentum?.recent).toBe(28);
  });

  it('suggests the largest fine topics of the index, and the rising ones', async () => {
    const bg = await filled();
    const { topics } = await bg.call<{ topics: TopicSummary[] }>('topics.suggested', { limit: 6 });
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.every((t) => t.kind === 'fine' && (t.momentum?.recent ?? 0) > 0)).toBe(true);
    expect(topics.map((t) => t.id)).toContain('agentic-rl');
    const largest = topics.filter((t) => t.momentum?.trend !== 'rising');
    const recents = largest.map((t) => t.momentum!.recent);
    expect(recents).toEqual([...recents].sort((a, b) => b - a));
  });

  it('answers a topic page asked by an alias with the topic it means', async () => {
    const bg = await filled();
    const answer = await bg.call<{ info: { id: string }; summary: TopicSummary }>('topic.get', {
      id: 'vision-language-models',
    });
    expect(answer.info.id).toBe('multimodal-large-language-models');
    expect(answer.summary.id).toBe('multimodal-large-language-models');
    await expect(bg.call('topic.get', { id: 'no-such-topic' })).rejects.toThrow(
      'Unknown topic "no-such-topic"',
    );
  });

  it("answers a topic page's head (name, momentum, chart) as topic.get does, alias and unknown id alike", async () => {
    const bg = await filled();
    const head = await bg.call<Record<string, unknown>>('topic.head', { id: 'vision-language-models' });
    const whole = await bg.call<Record<string, unknown>>('topic.get', { id: 'vision-language-models' });
    expect(Object.keys(head).sort()).toEqual(['index', 'info', 'summary']);
    expect(head).toEqual({ info: whole.info, summary: whole.summary, index: whole.index });
    expect((head.info as { id: string }).id).toBe('multimodal-large-language-models');
    await expect(bg.call('topic.head', { id: 'no-such-topic' })).rejects.toThrow(
      'Unknown topic "no-such-topic"',
    );
  });

  it('backfills on install and answers status, momentum and topic pages', async () => {
    const bg = await filled();
    const status = await bg.call<IndexStatus>('status.get');
    expect(status).toMatchObject({ papers: bg.papers.length, progress: 1, running: false, cutoff: T });
    expect(bg.alarms.get('pp-refresh')?.periodInMinutes).toBe(12 * 60);

    const topic = await bg.call<{ summary: TopicSummary; total: number; papers: { id: string }[] }>(
      'topic.get',
      {
        id: 'agentic-rl',
        limit: 5,
      },
    );
    expect(topic.summary.momentum).toMatchObject({ recent: 28, previous: 7, change: 3, trend: 'rising' });
    expect(topic.summary.weekly).toHaveLength(12);
    expect(topic.summary.weekly.reduce((a, n) => a + n, 0)).toBeLessThanOrEqual(35);
    expect(topic.total).toBe(35);
    expect(topic.papers.map((p) => p.id)).toEqual([
      '2609.30000',
      '2609.30001',
      '2609.30002',
      '2609.30003',
      '2609.30004',
    ]);

    const page2 = await bg.call<{ papers: { id: string }[] }>('topic.get', {
      id: 'agentic-rl',
      offset: 34,
      limit: 5,
    });
    expect(page2.papers.map((p) => p.id)).toEqual(['2609.30106']);
  });

  it('annotates a page in one answer, tags unknown papers from page text and looks them up', async () => {
    const bg = await filled();
    const result = await bg.fromContent<{
      results: { tags: { id: string }[]; inIndex: boolean; tracked: boolean }[];
      topics: Record<string, TopicSummary>;
      index: { filling: boolean };
    }>('papers.annotate', {
      papers: [
        { arxivId: '2609.30001', title: 'whatever the page says', authors: [], categories: [] },
        {
          arxivId: '2610.99999',
          title: 'Agentic Reinforcement Learning for Tool-Using LLM Agents',
          abstract: 'We train LLM agents with multi-turn agentic RL in interactive environments.',
          authors: [],
          categories: ['cs.CV'],
        },
      ],
    });
    expect(result.results[0]).toMatchObject({ inIndex: true, tracked: true });
    expect(result.results[0]!.tags.map((t) => t.id)).toContain('agentic-rl');
    expect(result.results[1]).toMatchObject({ inIndex: false, tracked: false });
    expect(result.results[1]!.tags.map((t) => t.id)).toContain('agentic-rl');
    expect(result.topics['agentic-rl']!.momentum?.trend).toBe('rising');
    // Each topic's place in the hierarchy, so the row shows the most specific first.
    expect(result.topics['agentic-rl']!.broader).toEqual(expect.arrayContaining(['reinforcement-learning']));
    expect(result.topics['agentic-rl']!.field).toBeUndefined();
    expect(result.topics['reinforcement-learning']).toMatchObject({ field: true });
    expect(result.index.filling).toBe(false);
    await bg.app.idle();
    expect(bg.requests.some((r) => r.includes('id_list=2610.99999'))).toBe(true);
  });

  it('answers a long listing without evidence when asked, and with it for one paper', async () => {
    const bg = await filled();
    const ref = { arxivId: '2609.30001', title: '', authors: [], categories: [] };
    type Reply = { results: { tags: { id: string; evidence?: unknown[] }[] }[] };
    const lean = await bg.fromContent<Reply>('papers.annotate', { papers: [ref], evidence: false });
    const full = await bg.fromContent<Reply>('papers.annotate', { papers: [ref] });
    expect(lean.results[0]!.tags.map((t) => t.id)).toEqual(full.results[0]!.tags.map((t) => t.id));
    expect(lean.results[0]!.tags.every((t) => t.evidence === undefined)).toBe(true);
    expect(full.results[0]!.tags.find((t) => t.id === 'agentic-rl')!.evidence!.length).toBeGreaterThan(0);
  });

  it('stores no evidence: an indexed paper’s "why this tag" is worked out from its stored text when asked', async () => {
    const bg = await filled();
    const db = await openIndexDb();
    const shard = await db.get('annotations', shardOf('2609.30001'));
    db.close();
    const stored = shard!.papers['2609.30001']!;
    expect(stored.tags.map((t) => t.id)).toContain('agentic-rl');
    expect(stored.tags.every((t) => Object.keys(t).sort().join() === 'id,score')).toBe(true);
    const ref = { arxivId: '2609.30001', title: '', authors: [], categories: [] };
    type Reply = { results: { tags: { id: string; evidence?: { phrase: string }[] }[] }[] };
    const full = await bg.fromContent<Reply>('papers.annotate', { papers: [ref] });
    const agentic = full.results[0]!.tags.find((t) => t.id === 'agentic-rl')!;
    expect(agentic.evidence!.length).toBeGreaterThan(0);
    expect(agentic.evidence!.length).toBeLessThanOrEqual(EVIDENCE_PER_TAG);
  });

  it('follows a topic, counts new papers after a refresh, and clears them when seen', async () => {
    const bg = await filled();
    await bg.call('topic.follow', { id: 'agentic-rl', follow: true });
    let list = await bg.call<{ follows: { id: string; newCount: number }[] }>('follows.list');
    expect(list.follows).toEqual([expect.objectContaining({ id: 'agentic-rl', newCount: 0 })]);

    bg.papers.push(agenticPaper(500, NOW + 2 * 60 * 60_000), agenticPaper(501, NOW + 3 * 60 * 60_000));
    bg.setNow(NOW + DAY);
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    list = await bg.call('follows.list');
    expect(list.follows[0]!.newCount).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(bg.badge.at(-1)).toBe('2');
    const fresh = await bg.call<{ papers: { id: string }[] }>('follows.newPapers', { id: 'agentic-rl' });
    expect(fresh.papers.map((p) => p.id)).toEqual(['2609.30501', '2609.30500']);

    await bg.call('follows.markSeen', { id: 'agentic-rl' });
    list = await bg.call('follows.list');
    expect(list.follows[0]!.newCount).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(bg.badge.at(-1)).toBe('');
  });

  it('notifies once about new papers in followed topics, only when switched on', async () => {
    const bg = await filled();
    await bg.call('topic.follow', { id: 'agentic-rl', follow: true });
    bg.papers.push(agenticPaper(600, NOW + 2 * 60 * 60_000));
    bg.setNow(NOW + DAY);
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    expect(bg.notifications).toEqual([]); // off by default

    // Switched on: the unseen paper is announced once, then each later arrival.
    await bg.setSettings({ ...bg.settings(), notifications: true });
    expect(bg.notifications).toEqual([{ title: '1 new paper in topics you follow', message: 'Agentic RL' }]);
    bg.papers.push(agenticPaper(601, NOW + 3 * 60 * 60_000), agenticPaper(602, NOW + 4 * 60 * 60_000));
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    expect(bg.notifications.at(-1)).toEqual({
      title: '2 new papers in topics you follow',
      message: 'Agentic RL',
    });
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    expect(bg.notifications).toHaveLength(2); // nothing new, nothing said
  });

  it('records an arXiv outage with the next retry, keeps the index, and recovers', async () => {
    const bg = await filled();
    const before = await bg.call<IndexStatus>('status.get');
    bg.setArxivDown(true);
    await bg.call('index.refresh');
    await bg.app.idle();
    const down = await bg.call<IndexStatus>('status.get');
    expect(down.papers).toBe(before.papers);
    expect(down.lastError?.message).toMatch(/fetch|network/i);
    expect(down.nextRetryAt).toBeGreaterThan(NOW);
    expect(bg.alarms.get(RETRY_ALARM)?.when).toBe(down.nextRetryAt);

    bg.setArxivDown(false);
    bg.setNow(down.nextRetryAt!); // the alarm fires at its time
    await bg.app.alarm(RETRY_ALARM);
    await bg.app.idle();
    const up = await bg.call<IndexStatus>('status.get');
    expect(up.lastError).toBeUndefined();
    expect(bg.alarms.has(RETRY_ALARM)).toBe(false);
  });

  it('after a 429 with Retry-After: 600, nothing goes to arXiv before then: not a page lookup, a reset, a new worker', async () => {
    const bg = await filled();
    bg.setReply(() => new Response('slow down', { status: 429, headers: { 'retry-after': '600' } }));
    await bg.call('index.refresh');
    await bg.app.idle();
    const sent = bg.requests.length;
    bg.setReply(undefined);
    const status = await bg.call<IndexStatus>('status.get');
    expect(status.nextRetryAt).toBeGreaterThanOrEqual(NOW + 600_000);

    bg.setNow(NOW + 60_000);
    const unknown = { arxivId: '2608.99999', title: 'Not in the index', authors: [], categories: ['cs.LG'] };
    await bg.fromContent('papers.annotate', { papers: [unknown] });
    await bg.app.idle();
    await bg.call('index.reset');
    await bg.app.idle();
    await bg.restart();
    await bg.app.idle();
    expect(bg.requests.slice(sent)).toEqual([]);

    bg.setNow(NOW + 600_000);
    await bg.app.alarm(RETRY_ALARM);
    await bg.app.idle();
    expect(bg.requests.length).toBeGreaterThan(sent);
  });

  it('re-tags for a topic saved while a pass runs, though the pass ends waiting on a failing category', async () => {
    const bg = await filled();
    let saving: Promise<unknown> | undefined;
    // The topic is saved while the pass's first request is out. cs.CL's pages fail (a 400: that page's
    // problem, backed off alone), so the pass ends waiting; the others answer.
    bg.setReply((url) => {
      saving ??= bg.call('userTopics.save', {
        name: 'Agentic (mine)',
        query: 'ti:"agentic reinforcement learning"',
      });
      if (!url.searchParams.get('search_query')?.includes('cs.CL')) return undefined;
      return new Response('bad query', { status: 400 });
    });
    bg.setNow(NOW + DAY);
    await bg.app.alarm('pp-refresh');
    await saving;
    await bg.app.idle();
    const status = await bg.call<IndexStatus>('status.get');
    expect(status.lastError?.message).toMatch(/400/);
    const topic = await bg.call<{ total: number }>('topic.get', { id: 'user-agentic-mine' });
    expect(topic.total).toBe(35);
  });

  it('validates user topics, re-tags the index with a new one, and previews queries', async () => {
    const bg = await filled();
    const bad = await bg.call<{ ok: boolean; error?: { position: number } }>('userTopics.save', {
      name: 'Mine',
      query: 'ti:(agentic AND',
    });
    expect(bad.ok).toBe(false);
    expect(bad.error?.position).toBeGreaterThanOrEqual(0);

    const preview = await bg.call<{ matches: number; momentum: { recent: number } }>('userTopics.preview', {
      query: 'ti:"agentic reinforcement learning"',
    });
    expect(preview.matches).toBe(35);
    expect(preview.momentum.recent).toBe(28);

    const good = await bg.call<{ ok: boolean; id: string }>('userTopics.save', {
      name: 'Agentic RL (mine)',
      query: 'ti:"agentic reinforcement learning"',
    });
    expect(good).toEqual({ ok: true, id: 'user-agentic-rl-mine' });
    await bg.app.idle();
    const topic = await bg.call<{ total: number; summary: TopicSummary }>('topic.get', { id: good.id });
    expect(topic.total).toBe(35);
    expect(topic.summary.momentum?.recent).toBe(28);
  });

  it('exports and re-imports follows, mutes and custom topics; a bad file changes nothing', async () => {
    const bg = await filled();
    await bg.call('topic.follow', { id: 'agentic-rl', follow: true });
    await bg.call('topic.mute', { id: 'cs.CL', mute: true });
    const { file } = await bg.call<{ file: Record<string, unknown> }>('data.export');
    await bg.call('topic.follow', { id: 'agentic-rl', follow: false });

    const hostile = {
      ...file,
      follows: [{ topicId: '<img src=x onerror=alert(1)>', followedAt: 0, seenUntil: 0 }],
    };
    for (const bad of ['not json', JSON.stringify({ format: 'other' }), hostile, { ...file, extra: 1 }]) {
      const result = await bg.call<{ ok: boolean; error?: string }>('data.import', {
        file: bad,
        apply: true,
      });
      expect(result.ok).toBe(false);
      expect(result.error).toBeTruthy();
    }
    expect((await bg.call<{ follows: unknown[] }>('follows.list')).follows).toEqual([]);

    const preview = await bg.call<{ ok: boolean; changes: string[]; applied: boolean }>('data.import', {
      file: JSON.stringify(file),
      apply: false,
    });
    expect(preview).toEqual({ ok: true, changes: ['Follow Agentic RL'], skipped: [], applied: false });
    expect((await bg.call<{ follows: unknown[] }>('follows.list')).follows).toEqual([]);
    await bg.call('data.import', { file, apply: true });
    expect((await bg.call<{ follows: { id: string }[] }>('follows.list')).follows.map((f) => f.id)).toEqual([
      'agentic-rl',
    ]);
  });

  it('shows unknown topics and categories of an import in the preview and imports none of them', async () => {
    const bg = await filled();
    const { file } = await bg.call<{ file: Record<string, unknown> & { settings: object } }>('data.export');
    const withUnknowns = {
      ...file,
      settings: { ...file.settings, categories: ['cs.AI', 'cs.XX'] },
      follows: [
        { topicId: 'agentic-rl', followedAt: 1, seenUntil: 1 },
        { topicId: 'no-such-topic', followedAt: 1, seenUntil: 1 },
        { topicId: 'user-mine', followedAt: 1, seenUntil: 1 },
      ],
      mutes: ['also-unknown'],
      userTopics: [{ id: 'user-mine', name: 'Mine', query: 'ti:agents' }],
    };
    const preview = await bg.call<{ ok: true; changes: string[]; skipped: string[] }>('data.import', {
      file: withUnknowns,
      apply: false,
    });
    expect(preview.skipped).toEqual([
      'Follow "no-such-topic": no such topic in this version of PaperPulse',
      'Mute "also-unknown": no such topic in this version of PaperPulse',
      'Track "cs.XX": not an arXiv category PaperPulse knows',
    ]);
    expect(preview.changes).toContain('Follow Agentic RL');
    expect(preview.changes).toContain('Follow Mine');
    await bg.call('data.import', { file: withUnknowns, apply: true });
    const follows = (await bg.call<{ follows: { id: string }[] }>('follows.list')).follows.map((f) => f.id);
    expect(follows.sort()).toEqual(['agentic-rl', 'user-mine']);
    expect(bg.settings().categories).toEqual(['cs.AI']);
  });

  it('refuses an import whose custom topic query does not compile, saying which and where', async () => {
    const bg = await filled();
    const { file } = await bg.call<{ file: Record<string, unknown> }>('data.export');
    const long = `"${'word '.repeat(40).trim()}"`;
    const result = await bg.call<{ ok: boolean; error?: string }>('data.import', {
      file: { ...file, userTopics: [{ id: 'user-long', name: 'Long', query: long }] },
      apply: true,
    });
    expect(result).toEqual({
      ok: false,
      error:
        'Custom topic "Long": A quoted phrase can have at most 32 words; this one has 40 (at character 1 of its query)',
    });
    expect((await bg.call<{ topics: unknown[] }>('userTopics.list')).topics).toEqual([]);
  });

  it(`keeps at most ${MAX_USER_TOPICS} custom topics, on import and one by one, and says so`, async () => {
    const bg = await filled();
    const { file } = await bg.call<{ file: Record<string, unknown> }>('data.export');
    const topics = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `user-t${from + i}`,
        name: `T${from + i}`,
        query: `ti:t${from + i}`,
      }));
    const tooMany = await bg.call<{ ok: boolean; error?: string }>('data.import', {
      file: { ...file, userTopics: topics(0, MAX_USER_TOPICS + 1) },
      apply: true,
    });
    expect(tooMany).toEqual({
      ok: false,
      error: `The file adds ${MAX_USER_TOPICS + 1} custom topics to your 0: PaperPulse keeps at most ${MAX_USER_TOPICS}`,
    });
    await bg.call('data.import', { file: { ...file, userTopics: topics(0, MAX_USER_TOPICS) }, apply: true });
    await bg.app.idle();
    const one = await bg.call<{ ok: boolean; error?: { message: string } }>('userTopics.save', {
      name: 'One more',
      query: 'agents',
    });
    expect(one).toEqual({
      ok: false,
      error: {
        position: 0,
        message: `You have ${MAX_USER_TOPICS} custom topics, the most PaperPulse keeps: delete one to add another`,
      },
    });
    // Editing one that exists is still fine.
    expect(await bg.call('userTopics.save', { id: 'user-t0', name: 'T0', query: 'ti:agents' })).toEqual({
      ok: true,
      id: 'user-t0',
    });
  });

  it('opens a topic page for the in-page card, which cannot link to an extension page itself', async () => {
    const bg = await filled();
    await bg.fromContent('topic.open', { id: 'agentic-rl' });
    expect(bg.opened).toEqual(['chrome-extension://pp/topic.html?id=agentic-rl']);
    // The card's "Ask": the topic page at its Ask, the question box focused.
    await bg.fromContent('topic.open', { id: 'agentic-rl', ask: true });
    expect(bg.opened[1]).toBe('chrome-extension://pp/topic.html?id=agentic-rl&ask=');
    await expect(bg.fromContent('topic.open', { id: 'no-such-topic' })).rejects.toThrow(/Unknown topic/);
  });

  it('opens "Learn a topic from papers" with the papers picked on a web page, and refuses what is no arXiv id', async () => {
    const bg = await filled();
    await bg.fromContent('topics.openLearn', { examples: ['2606.00001', '2606.00002'] });
    expect(bg.opened).toEqual(['chrome-extension://pp/options.html?learn=2606.00001,2606.00002#learn-topic']);
    await expect(bg.fromContent('topics.openLearn', { examples: ['x/../../evil'] })).rejects.toThrow();
    await expect(bg.fromContent('topics.openLearn', { examples: [] })).rejects.toThrow();
    expect(bg.opened).toHaveLength(1);
  });

  it('tracks a category from a chip on an untracked paper, and refuses unknown ones', async () => {
    const bg = await filled();
    const result = await bg.fromContent<{ categories: string[] }>('category.track', { category: 'cs.CV' });
    expect(result.categories).toEqual(['cs.AI', 'cs.LG', 'cs.CL', 'cs.CV']);
    expect(bg.settings().categories).toContain('cs.CV');
    await expect(bg.fromContent('category.track', { category: 'cs.XX' })).rejects.toThrow(
      /Unknown arXiv category/,
    );
  });

  it('refuses a 41st tracked category with a clear error, and keeps the 40', async () => {
    const bg = await filled();
    const forty = ARXIV_CATEGORIES.map((c) => c.id)
      .filter((id) => !bg.settings().categories.includes(id))
      .slice(0, 38);
    for (const category of forty.slice(0, 37)) await bg.fromContent('category.track', { category });
    expect(bg.settings().categories).toHaveLength(40);
    await expect(bg.fromContent('category.track', { category: forty[37]! })).rejects.toThrow(
      'PaperPulse tracks at most 40 categories: remove one on the options page first',
    );
    expect(bg.settings().categories).toHaveLength(40);
    expect(bg.settings().categories.slice(0, 3)).toEqual(['cs.AI', 'cs.LG', 'cs.CL']);
  });

  it('keeps admin messages away from content scripts', async () => {
    const bg = await filled();
    await expect(bg.fromContent('index.reset', {})).rejects.toThrow(/only for the extension's own pages/);
    await expect(bg.fromContent('data.import', { file: {}, apply: true })).rejects.toThrow(/own pages/);
    await expect(bg.fromContent('follows.markSeen', {})).rejects.toThrow(/own pages/);
  });

  it('resets the index and backfills again', async () => {
    const bg = await filled();
    await bg.call('index.reset');
    await bg.app.idle();
    expect((await bg.call<IndexStatus>('status.get')).papers).toBe(bg.papers.length);
  });
});
