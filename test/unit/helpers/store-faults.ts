import { vi } from 'vitest';

/** What a full disk makes IndexedDB throw when a write would grow the database. */
export const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/**
 * Fails the re-tag's writes as a full disk would: every re-tag transaction writes its cursor (`meta` key
 * `reindex`) first, and from the `allowed`+1st such write on, that put throws QuotaExceededError, so the
 * transaction aborts and nothing of it lands. Other writes (a page of papers, the sync state) go through.
 */
export function failRetagWrites(allowed = 0) {
  const put = IDBObjectStore.prototype.put;
  let seen = 0;
  const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    const cursor = this.name === 'meta' && (value as { key?: unknown } | null)?.key === 'reindex';
    if (cursor && seen++ >= allowed) throw quotaError();
    return put.call(this, value, key);
  });
  return { restore: () => spy.mockRestore() };
}

/**
 * Collects the promise rejections nobody handles (the extension's entrypoint fires its calls and forgets
 * them: a rejection there is an error in the worker's console and nothing else). `settled` lets pending
 * rejections surface first.
 */
export function watchUnhandledRejections() {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown) => void seen.push(reason);
  process.on('unhandledRejection', onRejection);
  return {
    async settled(): Promise<unknown[]> {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      return seen;
    },
    stop: () => void process.off('unhandledRejection', onRejection),
  };
}
