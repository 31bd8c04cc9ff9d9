/**
 * The extension's disk use and whether the browser keeps it (StorageManager). `persist()` exists only in
 * pages (not in an MV3 service worker), so the options page and the popup ask for it. Browsers grant it to an
 * extension with `unlimitedStorage` without asking the user; a year's index (hundreds of MB) is then not
 * evicted when the disk runs low.
 */
export type StorageApi = Partial<Pick<StorageManager, 'estimate' | 'persisted' | 'persist'>>;

export interface StorageState {
  /** Bytes used, when the browser says. */
  usage?: number;
  persisted: boolean;
}

function manager(storage?: StorageApi): StorageApi | undefined {
  return storage ?? (typeof navigator === 'undefined' ? undefined : navigator.storage);
}

export async function storageState(storage?: StorageApi): Promise<StorageState> {
  const api = manager(storage);
  const [estimate, persisted] = await Promise.all([
    api?.estimate?.().catch(() => undefined),
    api?.persisted?.().catch(() => false),
  ]);
  return estimate?.usage === undefined
    ? { persisted: persisted ?? false }
    : { usage: estimate.usage, persisted: persisted ?? false };
}

/** Asks the browser to keep the extension's storage, unless it already does; whether it does now. */
export async function keepStorage(storage?: StorageApi): Promise<boolean> {
  const api = manager(storage);
  if (!api?.persist) return false;
  try {
    if (await api.persisted?.()) return true;
    return await api.persist();
  } catch {
    return false;
  }
}
