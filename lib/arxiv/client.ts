import type { Paper } from '../paper';
import { parseBareId } from '../sites/arxiv-id';
import { ArxivApiError } from './api-error';
import { type AtomPage, parseAtomFeed } from './atom';
import { type ArxivQuery, buildQueryUrl } from './query';
import { HeldError, MAX_RETRY_AFTER_MS, type RateLimiter } from './rate-limiter';

export interface ArxivClient {
  query(q: ArxivQuery): Promise<AtomPage>;
  /** Latest metadata of the given papers (versions ignored, duplicates and non-ids dropped), any order. */
  fetchByIds(ids: string[]): Promise<Paper[]>;
}

export interface ArxivClientDeps {
  fetch: typeof fetch;
  limiter: RateLimiter;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Attempts per request, the first included. */
  maxAttempts?: number;
  /** Backoff before retry k (1-based) is `baseBackoffMs * 2^(k-1)`, or Retry-After when that is longer. */
  baseBackoffMs?: number;
  /**
   * The longest wait the client sits through itself. A longer Retry-After (arXiv has sent minutes) ends the
   * request at once with `retryAfterMs` set, so the caller schedules an alarm instead of a service worker
   * sleeping through it (and being killed).
   */
  maxWaitMs?: number;
  /** Told about every failed attempt that will be retried, e.g. to show "retrying in 6 s". */
  onRetry?: (error: ArxivApiError, attempt: number, delayMs: number) => void;
}

export const ID_BATCH_SIZE = 100;
const RETRYABLE = new Set(['network', 'rate-limited', 'empty-page', 'malformed']);
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The arXiv API client. Every attempt, retries included, goes through the shared rate limiter.
 * Retried: HTTP 429 and 5xx (Retry-After honoured), network failure, a truncated or garbled body
 * (`malformed`), and the empty page arXiv sometimes returns mid-paging. Not retried: other 4xx and arXiv's
 * error feed, which would fail the same way again. Gives up after `maxAttempts` with the last error,
 * its `attempts` set.
 */
export function createArxivClient(deps: ArxivClientDeps): ArxivClient {
  const { limiter, sleep = realSleep, now = Date.now, maxAttempts = 4, baseBackoffMs = 3000 } = deps;
  const maxWaitMs = deps.maxWaitMs ?? 60_000;
  // Called detached from `deps`: a browser's fetch throws "Illegal invocation" when `this` is another object.
  const fetchFn = deps.fetch;

  /** `pagingFrom`: the `start` of a search, whose empty page is a glitch; undefined for id lookups. */
  async function attempt(url: string, pagingFrom: number | undefined): Promise<AtomPage> {
    let response: Response;
    let body: string;
    try {
      response = await fetchFn(url);
      body = response.ok ? await response.text() : '';
    } catch (error) {
      throw new ArxivApiError('network', `arXiv unreachable: ${describe(error)}`, { cause: error });
    }
    if (!response.ok) throw httpError(response, now());
    const page = parseAtomFeed(body);
    const empty = page.papers.length === 0 && page.skipped.length === 0;
    if (empty && pagingFrom !== undefined && pagingFrom < page.totalResults) {
      throw new ArxivApiError(
        'empty-page',
        `arXiv returned an empty page at ${pagingFrom} of ${page.totalResults}`,
      );
    }
    return page;
  }

  async function query(q: ArxivQuery): Promise<AtomPage> {
    const url = buildQueryUrl(q);
    // An id lookup that comes back empty means the ids are unknown; only searches page.
    const pagingFrom = q.idList?.length ? undefined : (q.start ?? 0);
    for (let n = 1; ; n++) {
      try {
        return await limiter.schedule(() => attempt(url, pagingFrom));
      } catch (thrown) {
        const error = asApiError(thrown, now());
        error.attempts = n;
        // Whatever else asks next (a page's lookup, a restarted worker) waits too: the limiter keeps it.
        if (error.retryAfterMs !== undefined && !(thrown instanceof HeldError))
          await limiter.holdUntil(now() + error.retryAfterMs);
        if (!isRetryable(error) || n >= maxAttempts) throw error;
        const delay = Math.max(error.retryAfterMs ?? 0, baseBackoffMs * 2 ** (n - 1));
        if (delay > maxWaitMs) throw error;
        deps.onRetry?.(error, n, delay);
        await sleep(delay);
      }
    }
  }

  async function fetchByIds(ids: string[]): Promise<Paper[]> {
    const unique = [
      ...new Set(
        ids.map((raw) => parseBareId(raw.trim())?.id).filter((id) => id !== undefined && id !== null),
      ),
    ];
    const papers: Paper[] = [];
    for (let i = 0; i < unique.length; i += ID_BATCH_SIZE) {
      const batch = unique.slice(i, i + ID_BATCH_SIZE);
      // id_list defaults to 10 results a page; ask for the whole batch.
      const page = await query({ idList: batch, maxResults: batch.length });
      papers.push(...page.papers);
    }
    return papers;
  }

  return { query, fetchByIds };
}

function asApiError(thrown: unknown, nowMs: number): ArxivApiError {
  if (thrown instanceof ArxivApiError) return thrown;
  if (thrown instanceof HeldError) {
    const when = new Date(thrown.until).toISOString();
    return new ArxivApiError('rate-limited', `arXiv asked us to wait until ${when}`, {
      retryAfterMs: thrown.until - nowMs,
    });
  }
  return new ArxivApiError('malformed', describe(thrown));
}

function isRetryable(error: ArxivApiError): boolean {
  if (error.kind === 'http') return error.status !== undefined && error.status >= 500;
  return RETRYABLE.has(error.kind);
}

function httpError(response: Response, nowMs: number): ArxivApiError {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), nowMs);
  const details =
    retryAfterMs === undefined ? { status: response.status } : { status: response.status, retryAfterMs };
  if (response.status === 429)
    return new ArxivApiError('rate-limited', 'arXiv asked us to slow down (429)', details);
  return new ArxivApiError('http', `arXiv answered HTTP ${response.status}`, details);
}

/**
 * Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3); honoured for MAX_RETRY_AFTER_MS
 * at most.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(MAX_RETRY_AFTER_MS, Number(trimmed) * 1000);
  // An HTTP date always has a day or month name; Date.parse alone would read "-5" as a year.
  if (!/[A-Za-z]/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isFinite(date) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - nowMs)) : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
