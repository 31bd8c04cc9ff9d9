import { useEffect, useState } from 'preact/hooks';
import type { IndexStatus } from '@/lib/messages/schemas';
import { keepStorage, type StorageApi, type StorageState, storageState } from '@/lib/storage-use';

/** How much disk the index takes and whether the browser keeps it, with a way to ask it to. */
export function StorageUse({ papers, storage }: { papers: number | undefined; storage?: StorageApi }) {
  const [state, setState] = useState<StorageState | undefined>();
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    let live = true;
    // Asked once when the page opens: a year's index should not be evicted when the disk runs low.
    void keepStorage(storage)
      .then(() => storageState(storage))
      .then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [storage]);
  if (!state) return null;
  const ask = async () => {
    setAsking(true);
    await keepStorage(storage);
    setState(await storageState(storage));
    setAsking(false);
  };
  return (
    <div class="pp-storage" data-storage>
      <p data-storage-use={state.usage ?? ''}>
        {state.usage === undefined
          ? 'The browser does not say how much disk the index uses.'
          : `Disk used: ${formatBytes(state.usage)}`}
        {papers !== undefined && papers > 0 && state.usage !== undefined
          ? ` for ${papers.toLocaleString('en-US')} papers (about ${formatBytes(state.usage / papers)} a paper).`
          : '.'}
      </p>
      {state.persisted ? (
        <p class="pp-muted" data-storage-persisted="true">
          The browser keeps the index even when disk space runs low.
        </p>
      ) : (
        <p data-storage-persisted="false">
          The browser may clear the index when disk space runs low.{' '}
          <button type="button" class="pp-button" onClick={() => void ask()} disabled={asking}>
            Keep the index
          </button>
        </p>
      )}
    </div>
  );
}

/** Re-tagging or building the search index, with how far it is. */
export function UpkeepProgress({ upkeep }: { upkeep: NonNullable<IndexStatus['upkeep']> }) {
  const percent = upkeep.total > 0 ? Math.min(100, Math.round((upkeep.done / upkeep.total) * 100)) : 0;
  const what =
    upkeep.kind === 'retag' ? 'Re-tagging papers for the updated topics' : 'Building the search index';
  return (
    <div class="pp-progress" data-upkeep={upkeep.kind} data-upkeep-progress={percent}>
      <label for="pp-upkeep-progress">
        {what}: {upkeep.done.toLocaleString('en-US')} of {upkeep.total.toLocaleString('en-US')} papers (
        {percent}%). Pages keep getting their tags meanwhile.
      </label>
      <progress id="pp-upkeep-progress" max={100} value={percent}>
        {percent}%
      </progress>
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} KB`;
  return `${Math.round(bytes)} bytes`;
}
