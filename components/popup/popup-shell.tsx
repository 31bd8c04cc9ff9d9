import type { ComponentType } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { readKeptEmerging } from '@/components/emerging/kept-emerging';
import { EmergingList } from './emerging-list';
import type { PopupProps } from './popup';

let loading: Promise<ComponentType<PopupProps>> | undefined;

/** Starts loading the popup's code once (the protocol and its schemas are most of it). */
function loadPopup(): Promise<ComponentType<PopupProps>> {
  loading ??= import('./popup').then((module) => module.Popup);
  return loading;
}

/**
 * What the toolbar button opens. The first frame is this light shell (Preact, a heading and the Emerging
 * section the last popup showed), painted while the rest of the popup's code loads; then the popup replaces
 * it, in place.
 */
export function PopupShell(props: PopupProps) {
  const [Popup, setPopup] = useState<ComponentType<PopupProps> | undefined>();
  const [error, setError] = useState<string | undefined>();
  const kept = useMemo(() => readKeptEmerging(), []);
  loadPopup();
  useEffect(() => {
    let current = true;
    loadPopup().then(
      (component) => current && setPopup(() => component),
      (failure: unknown) => current && setError(String(failure)),
    );
    return () => {
      current = false;
    };
  }, []);
  if (Popup) return <Popup {...props} />;
  return (
    <main class="pp-page pp-popup" aria-busy="true">
      <header class="pp-popup-header">
        <h1>PaperPulse</h1>
      </header>
      {error ? (
        <p role="alert" class="pp-error">
          The popup could not load: {error}
        </p>
      ) : (
        <p class="pp-muted">Loading your topics…</p>
      )}
      {kept && <EmergingList view={kept} kept />}
    </main>
  );
}
