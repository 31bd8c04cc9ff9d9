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
 * A failing disk for one store: while `failing()` says so, `method` on that store throws `error()` (a
 * write on a full disk, a read of a damaged file), so the request's transaction aborts.
 */
export function failStore(
  store: string,
  method: 'put' | 'get' | 'getAll' | 'count',
  failing: () => boolean = () => true,
  error: () => Error = quotaError,
) {
  const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
  const spy = vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
    this: IDBObjectStore,
    ...args: unknown[]
  ) {
    if (this.name === store && failing()) throw error();
    return original.apply(this, args);
  } as never);
  return { restore: () => spy.mockRestore() };
}

/** As failStore, for reads through an index of the store (`getAll` of papers by date, say). */
export function failIndexReads(
  store: string,
  failing: () => boolean = () => true,
  error: () => Error = diskError,
) {
  const original = IDBIndex.prototype.getAll;
  const spy = vi.spyOn(IDBIndex.prototype, 'getAll').mockImplementation(function (
    this: IDBIndex,
    ...args: Parameters<IDBIndex['getAll']>
  ) {
    if (this.objectStore.name === store && failing()) throw error();
    return original.apply(this, args);
  });
  return { restore: () => spy.mockRestore() };
}

/** What a damaged database file makes IndexedDB throw on a read. */
export const diskError = () =>
  new DOMException('The operation failed for reasons unrelated to the database.', 'UnknownError');

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
