import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArxivApiError } from '../../../lib/arxiv/api-error';
import { createArxivClient, parseRetryAfter } from '../../../lib/arxiv/client';
import { createRateLimiter } from '../../../lib/arxiv/rate-limiter';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/arxiv-api', name), 'utf8');

/** A new-serialization feed with one entry per id. */
function feed(total: number, start: number, ids: string[]): string {
  const entries = ids.map(
    (id) =>
      `<entry><id>http://arxiv.org/abs/${id}v1</id><title>Paper ${id}</title><updated>2026-06-01T00:00:00Z</updated><summary>About ${id}.</summary><category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/><published>2026-06-01T00:00:00Z</published><arxiv:primary_category term="cs.LG"/><author><name>A. Author</name></author></entry>`,
  );
  return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom"><opensearch:itemsPerPage>${ids.length}</opensearch:itemsPerPage><opensearch:totalResults>${total}</opensearch:totalResults><opensearch:startIndex>${start}</opensearch:startIndex>${entries.join('')}</feed>`;
}

type Reply = Response | Error | ((url: string) => Response);

/** Fake clock + fake fetch replying from a script, + the real limiter on the fake clock. */
function setup(replies: Reply[], options: { maxAttempts?: number; maxWaitMs?: number } = {}) {
  const clock = { t: Date.UTC(2026, 5, 18, 6, 0, 0), sleeps: [] as number[] };
  const sleep = async (ms: number) => {
    clock.sleeps.push(ms);
    clock.t += ms;
  };
  const now = () => clock.t;
  const calls: { url: string; at: number }[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push({ url, at: clock.t });
    const reply = replies.shift();
    if (reply === undefined) throw new Error('unexpected request');
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(url) : reply;
  }) as typeof globalThis.fetch;
  let value: number | undefined;
  const limiter = createRateLimiter({
    now,
    sleep,
    store: {
      get: async () => value,
      set: async (t) => {
        value = t;
      },
    },
  });
  const retries: [string, number, number][] = [];
  const client = createArxivClient({
    fetch,
    limiter,
    sleep,
    now,
    baseBackoffMs: 3000,
    onRetry: (error, attempt, delay) => retries.push([error.kind, attempt, delay]),
    ...options,
  });
  return { client, calls, clock, retries };
}

const ok = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/atom+xml' } });
const status = (code: number, headers: Record<string, string> = {}) =>
  new Response('busy', { status: code, headers });
const PAGE = feed(4127, 0, ['2606.00001', '2606.00002']);

async function rejection(promise: Promise<unknown>): Promise<ArxivApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ArxivApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('createArxivClient.query', () => {
  it('fetches the built URL and returns the parsed page', async () => {
    const { client, calls } = setup([ok(PAGE)]);
    const page = await client.query({ categories: ['cs.LG'], start: 0, maxResults: 2 });
    expect(page.papers.map((p) => p.id)).toEqual(['2606.00001', '2606.00002']);
    expect(calls.map((c) => c.url)).toEqual([
      'https://export.arxiv.org/api/query?search_query=cat:cs.LG&start=0&max_results=2',
    ]);
  });

  it('retries a 429 after the Retry-After seconds', async () => {
    const { client, calls, retries } = setup([status(429, { 'Retry-After': '20' }), ok(PAGE)]);
    await client.query({ categories: ['cs.LG'] });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBe(20_000);
    expect(retries).toEqual([['rate-limited', 1, 20_000]]);
  });

  it('retries a 503 with a Retry-After HTTP date', async () => {
    const date = new Date(Date.UTC(2026, 5, 18, 6, 0, 45)).toUTCString();
    const { client, calls } = setup([status(503, { 'Retry-After': date }), ok(PAGE)]);
    await client.query({ categories: ['cs.LG'] });
    expect(calls[1]!.at - calls[0]!.at).toBe(45_000);
  });

  it('backs off exponentially on 503 and other 5xx without Retry-After', async () => {
    const { client, calls, retries } = setup([status(503), status(500), status(502), ok(PAGE)]);
    const page = await client.query({ categories: ['cs.LG'] });
    expect(page.papers).toHaveLength(2);
    expect(retries).toEqual([
      ['http', 1, 3000],
      ['http', 2, 6000],
      ['http', 3, 12000],
    ]);
    expect(calls.map((c) => c.at - calls[0]!.at)).toEqual([0, 3000, 9000, 21000]);
  });

  it('retries when fetch rejects (network failure) or the body breaks off', async () => {
    const brokenBody = new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new Error('connection reset'));
        },
      }),
      { status: 200 },
    );
    const { client, calls, retries } = setup([new TypeError('Failed to fetch'), brokenBody, ok(PAGE)]);
    await client.query({ categories: ['cs.LG'] });
    expect(calls).toHaveLength(3);
    expect(retries.map(([kind]) => kind)).toEqual(['network', 'network']);
  });

  it('retries an empty page mid-paging, then returns the good page', async () => {
    const { client, calls, retries } = setup([
      ok(feed(4127, 2000, [])),
      ok(feed(4127, 2000, ['2605.00001'])),
    ]);
    const page = await client.query({ categories: ['cs.LG'], start: 2000, maxResults: 2000 });
    expect(page.papers.map((p) => p.id)).toEqual(['2605.00001']);
    expect(calls).toHaveLength(2);
    expect(retries).toEqual([['empty-page', 1, 3000]]);
  });

  it('accepts an empty page past the end of the results', async () => {
    const { client, calls } = setup([ok(feed(4127, 4200, []))]);
    const page = await client.query({ categories: ['cs.LG'], start: 4200 });
    expect(page.papers).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('retries a truncated body', async () => {
    const { client, retries } = setup([ok(fixture('malformed_truncated.xml')), ok(PAGE)]);
    await client.query({ categories: ['cs.LG'] });
    expect(retries.map(([kind]) => kind)).toEqual(['malformed']);
  });

  it('gives up after maxAttempts with the last error, its status and the attempt count', async () => {
    const { client, calls } = setup([
      status(503),
      status(503),
      status(503),
      status(503, { 'Retry-After': '5' }),
    ]);
    const error = await rejection(client.query({ categories: ['cs.LG'] }));
    expect(error).toMatchObject({ kind: 'http', status: 503, retryAfterMs: 5000, attempts: 4 });
    expect(calls).toHaveLength(4);
  });

  it('gives up on repeated empty pages too', async () => {
    const empty = () => ok(feed(100, 50, []));
    const { client, calls } = setup([empty(), empty()], { maxAttempts: 2 });
    const error = await rejection(client.query({ categories: ['cs.LG'], start: 50 }));
    expect(error).toMatchObject({ kind: 'empty-page', attempts: 2 });
    expect(calls).toHaveLength(2);
  });

  it('does not sit through a Retry-After longer than maxWaitMs: it stops and says when to retry', async () => {
    const { client, calls, clock } = setup([status(429, { 'Retry-After': '600' })]);
    const error = await rejection(client.query({ categories: ['cs.LG'] }));
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 600_000, attempts: 1 });
    expect(calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('holds every later request until the Retry-After ends, in this worker and in a restarted one', async () => {
    const clock = { t: Date.UTC(2026, 5, 18, 6) };
    const now = () => clock.t;
    const sleep = async (ms: number) => {
      clock.t += ms;
    };
    const stored = { last: undefined as number | undefined, hold: undefined as number | undefined };
    const calls: string[] = [];
    const replies = [status(429, { 'Retry-After': '600' }), ok(feed(1, 0, ['2606.00001']))];
    const fetch = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return replies.shift()!;
    }) as typeof globalThis.fetch;
    /** A worker life: a new limiter and client over the same stored times. */
    const worker = () =>
      createArxivClient({
        fetch,
        now,
        sleep,
        limiter: createRateLimiter({
          now,
          sleep,
          store: {
            get: async () => stored.last,
            set: async (t) => {
              stored.last = t;
            },
          },
          hold: {
            get: async () => stored.hold,
            set: async (t) => {
              stored.hold = t;
            },
          },
        }),
      });
    const first = worker();
    expect(await rejection(first.query({ categories: ['cs.LG'] }))).toMatchObject({ kind: 'rate-limited' });
    clock.t += 60_000;
    const held = await rejection(first.fetchByIds(['2606.00001']));
    expect(held).toMatchObject({ kind: 'rate-limited', retryAfterMs: 540_000 });
    expect(await rejection(worker().fetchByIds(['2606.00001']))).toMatchObject({ retryAfterMs: 540_000 });
    expect(calls).toHaveLength(1);
    clock.t += 540_000;
    expect(await worker().fetchByIds(['2606.00001'])).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it.each([400, 403, 404])('does not retry HTTP %i', async (code) => {
    const { client, calls } = setup([status(code), ok(PAGE)]);
    const error = await rejection(client.query({ categories: ['cs.LG'] }));
    expect(error).toMatchObject({ kind: 'http', status: code, attempts: 1 });
    expect(calls).toHaveLength(1);
  });

  it('does not retry arXiv error feeds', async () => {
    const { client, calls } = setup([ok(fixture('error_incorrect-id.xml')), ok(PAGE)]);
    const error = await rejection(client.query({ idList: ['2606.00001'] }));
    expect(error).toMatchObject({
      kind: 'api-error',
      message: 'incorrect id format for 2606.999999',
      attempts: 1,
    });
    expect(calls).toHaveLength(1);
  });

  it('sends every attempt, retries included, through the limiter: >= 3 s apart across callers', async () => {
    const replies: Reply[] = [status(503), ok(PAGE), ok(PAGE), new TypeError('offline'), ok(PAGE), ok(PAGE)];
    const { client, calls } = setup(replies);
    await Promise.all([
      client.query({ categories: ['cs.LG'] }),
      client.query({ categories: ['cs.AI'] }),
      client.query({ categories: ['cs.CL'] }),
      client.query({ categories: ['cs.CV'] }),
    ]);
    expect(calls).toHaveLength(6);
    for (let i = 1; i < calls.length; i++)
      expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(3000);
  });

  it('refuses a bad query before any request', async () => {
    const { client, calls } = setup([ok(PAGE)]);
    await expect(client.query({ categories: ['cs.LG OR all:x'] })).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(0);
  });
});

describe('createArxivClient.fetchByIds', () => {
  const echo = (url: string) => {
    const ids = (new URL(url).searchParams.get('id_list') ?? '').split(',');
    return ok(feed(ids.length, 0, ids));
  };

  it('looks ids up in batches of 100 with max_results set, versions dropped and duplicates removed', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `2606.${String(10000 + i)}`);
    const input = [...ids, '2606.10000v3', 'not-an-id', ids[5]!];
    const { client, calls } = setup([echo, echo, echo]);
    const papers = await client.fetchByIds(input);
    expect(papers.map((p) => p.id)).toEqual(ids);
    const batches = calls.map((c) => new URL(c.url).searchParams);
    expect(batches.map((b) => b.get('id_list')!.split(',').length)).toEqual([100, 100, 50]);
    expect(batches.map((b) => b.get('max_results'))).toEqual(['100', '100', '50']);
    expect(batches[0]!.get('id_list')!.startsWith('2606.10000,2606.10001,')).toBe(true);
  });

  it('takes an empty answer to an id lookup as "unknown ids", without retrying', async () => {
    const { client, calls } = setup([ok(feed(1, 0, []))]);
    expect(await client.fetchByIds(['2606.99999'])).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('makes no request for no ids', async () => {
    const { client, calls } = setup([]);
    expect(await client.fetchByIds(['', 'junk'])).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 5, 18, 6, 0, 0);
  it.each([
    [null, undefined],
    ['120', 120_000],
    [' 0 ', 0],
    ['Thu, 18 Jun 2026 06:01:30 GMT', 90_000],
    ['Thu, 18 Jun 2026 05:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    // Honoured for a day at most.
    ['Thu, 01 Jan 2099 00:00:00 GMT', 86_400_000],
    ['999999999', 86_400_000],
  ])('%j -> %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
