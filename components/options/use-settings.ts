import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorText } from '@/lib/messages/client';
import { readSettings, type Settings, settingsItem, updateSettings } from '@/lib/settings';

/**
 * The stored settings, kept current (another tab or an import may change them), and a `save` that
 * validates before writing: the background reacts to the stored value, so nothing invalid is ever stored.
 */
export function useSettings() {
  const [settings, setSettings] = useState<Settings | undefined>();
  const [error, setError] = useState<string | undefined>();

  const reload = useCallback(
    () =>
      readSettings().then(
        (value) => setSettings(value),
        (failure: unknown) => setError(`Could not read the settings: ${errorText(failure)}`),
      ),
    [],
  );
  useEffect(() => {
    void reload();
    return settingsItem().watch(() => void reload());
  }, [reload]);

  const save = useCallback(async (patch: Partial<Settings>): Promise<boolean> => {
    try {
      // Read-modify-write under the settings lock: a category tracked from a page meanwhile is kept.
      const next = await updateSettings((current) => ({ ...current, ...patch }));
      setSettings(next);
      setError(undefined);
      return true;
    } catch (failure) {
      setError(`Could not save the settings: ${errorText(failure)}`);
      return false;
    }
  }, []);

  return { settings, error, save, reload };
}
