export type ArxivErrorKind = 'api-error' | 'malformed' | 'http' | 'network' | 'rate-limited' | 'empty-page';

/**
 * Every way a request to arXiv can fail, as one error type the ingestion can record and show
 * ("arXiv is rate-limiting us, retrying in 2 min").
 * - `api-error`: arXiv answered with its error feed (bad id, bad query); retrying cannot help.
 * - `malformed`: the body is not an Atom feed we can read.
 * - `http`: any other non-2xx status (`status` set).
 * - `network`: fetch rejected (offline, DNS, connection reset).
 * - `rate-limited`: HTTP 429 (`status` 429, `retryAfterMs` when the server said).
 * - `empty-page`: a page with no entries where `totalResults` says there should be some.
 */
export class ArxivApiError extends Error {
  override name = 'ArxivApiError';
  readonly kind: ArxivErrorKind;
  readonly status?: number;
  /** How long the server asked us to wait (Retry-After), in ms. */
  readonly retryAfterMs?: number;
  /** How many attempts were made before giving up (set by the client). */
  attempts?: number;

  constructor(
    kind: ArxivErrorKind,
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}
