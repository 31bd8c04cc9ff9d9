import { useCallback, useEffect, useState } from 'preact/hooks';
import { useSend } from '@/components/use-message';

/**
 * Which of `ids` are on the reading list, asked once per set of ids, and a setter for a Save button's
 * answer. While unknown (or when the background cannot say) nothing shows as saved.
 */
export function useSavedIds(ids: readonly string[]) {
  const send = useSend();
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const key = ids.join(' ');
  useEffect(() => {
    if (ids.length === 0) return;
    let live = true;
    send('saved.status', { ids: ids.slice(0, 500) }).then(
      (answer) => {
        if (live) setSaved(new Set(answer.saved));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [send, key]);
  const mark = useCallback((id: string, isSaved: boolean) => {
    setSaved((old) => {
      const next = new Set(old);
      if (isSaved) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return [saved, mark] as const;
}
