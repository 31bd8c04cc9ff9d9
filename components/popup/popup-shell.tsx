import { useMemo } from 'preact/hooks';
import { readKeptEmerging } from '@/components/emerging/kept-emerging';
import { lazyPage } from '@/components/lazy-page';
import { EmergingList } from './emerging-list';
import type { PopupProps } from './popup';

/** The popup's code (the protocol and its schemas are most of it), loaded once. */
const usePopup = lazyPage(() => import('./popup').then((module) => module.Popup));

/**
 * What the toolbar button opens. The first frame is this light shell (Preact, a heading and the Emerging
 * section the last popup showed), painted while the rest of the popup's code loads; then the popup replaces
 * it, in place.
 */
export function PopupShell(props: PopupProps) {
  const { Component: Popup, error } = usePopup();
  const kept = useMemo(() => readKeptEmerging(), []);
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
