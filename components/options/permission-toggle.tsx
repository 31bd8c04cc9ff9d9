import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { errorText } from '@/lib/messages/client';

export interface PermissionSet {
  permissions?: string[];
  origins?: string[];
}

export interface PermissionApi {
  request(set: PermissionSet): Promise<boolean>;
  remove(set: PermissionSet): Promise<boolean>;
}

const browserPermissions: PermissionApi = {
  request: (set) => browser.permissions.request(set as Parameters<typeof browser.permissions.request>[0]),
  remove: (set) => browser.permissions.remove(set as Parameters<typeof browser.permissions.remove>[0]),
};

interface PermissionToggleProps {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  needs: PermissionSet;
  onChange: (on: boolean) => Promise<boolean>;
  api?: PermissionApi;
}

/**
 * A setting that needs an optional permission. The browser is asked only when the user switches it on
 * (inside the click, as browsers require); if the user refuses, the toggle stays off and says why.
 * Switching off gives the permission back.
 */
export function PermissionToggle({
  id,
  label,
  help,
  checked,
  needs,
  onChange,
  api = browserPermissions,
}: PermissionToggleProps) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [pending, setPending] = useState(false);

  const change = async (on: boolean) => {
    setMessage(undefined);
    setPending(true);
    try {
      if (on) {
        // Called before any other await: the request must stay inside the user's gesture.
        const granted = await api.request(needs);
        if (!granted) {
          setMessage({ text: 'Permission not granted, so this stays off.', error: true });
          return;
        }
        await onChange(true);
      } else {
        await onChange(false);
        await api.remove(needs).catch(() => false);
      }
    } catch (failure) {
      setMessage({ text: `Could not ask for the permission: ${errorText(failure)}`, error: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <div class="pp-toggle" data-permission-toggle={id}>
      <label class="pp-check">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={pending}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            event.currentTarget.checked = checked; // shown as stored until the change is really made
            void change(on);
          }}
        />
        {label}
      </label>
      <p id={`${id}-help`} class="pp-muted">
        {help}
      </p>
      {message && (
        <p role={message.error ? 'alert' : 'status'} class={message.error ? 'pp-error' : 'pp-muted'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
