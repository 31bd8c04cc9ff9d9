import { useEffect, useState } from 'preact/hooks';
import { type RejectedSettings as Rejected, rejectedSettingsItem } from '@/lib/settings';

/**
 * Stored settings that did not validate are never replaced in silence (lib/settings.ts keeps them): this
 * says what was wrong, shows the value as it was, and lets the user dismiss it once they have looked.
 */
export function RejectedSettings() {
  const [rejected, setRejected] = useState<Rejected | null>(null);
  useEffect(() => {
    const item = rejectedSettingsItem();
    void item.getValue().then(setRejected);
    return item.watch((value) => setRejected(value));
  }, []);
  if (!rejected) return null;
  return (
    <div role="alert" class="pp-error" data-rejected-settings>
      <p>
        Your stored settings did not validate ({rejected.problems.join('; ')}), so PaperPulse uses a repaired
        copy, keeping what it could. The stored value was kept, as it was:
      </p>
      <details>
        <summary>Stored value</summary>
        <pre>{JSON.stringify(rejected.value, null, 2)}</pre>
      </details>
      <button type="button" onClick={() => void rejectedSettingsItem().setValue(null)}>
        Dismiss
      </button>
    </div>
  );
}
