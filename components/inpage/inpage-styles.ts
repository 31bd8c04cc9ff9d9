import { MOMENTUM_BADGE_CSS } from '../momentum-badge';
import { type PageScheme, pageScheme } from './page-scheme';

// Contrast checked with axe-core on chips, badges (12% tints) and the card (test/e2e/a11y.e2e.ts).
const DARK_VARS = `--pp-bg: #1f2023; --pp-fg: #e8eaed; --pp-muted: #aeb2b8; --pp-border: #474a50;
  --pp-accent: #ff8a80; --pp-rising: #6fdc9a; --pp-cooling: #ffb74d; --pp-new: #8ab4f8; --pp-chip: #2b2d31;
  --pp-focus: #8ab4f8; --pp-followed: #4a2624; --pp-error: #f2b8b5;`;

/**
 * The in-page UI's one stylesheet, applied inside every shadow root (never to the page). `:host { all:
 * initial !important }` stops the page's styles from leaking in: its inherited fonts and colours, and even
 * `* { … !important }` rules on the host (important rules of the shadow tree win over the page's). Nothing here
 * sets `contain` or `transform`: either would trap the fixed-position card inside a clipped row.
 */
export const INPAGE_CSS = `
:host { all: initial !important; display: block !important; color-scheme: light dark;
  font: 12px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif !important;
  color: var(--pp-fg) !important; text-align: left !important;
  --pp-bg: #ffffff; --pp-fg: #1d1d1f; --pp-muted: #5f6368; --pp-border: #d0d4da; --pp-accent: #b31b1b;
  --pp-rising: #096b33; --pp-cooling: #8f5200; --pp-new: #1a5fb4; --pp-chip: #f3f4f6; --pp-focus: #1a73e8;
  --pp-followed: #fdecea; --pp-error: #b3261e; }
/* Heights reserved from insertion on, so nothing below moves when the chips arrive (each equals the height
   of what is drawn inside: rows 22 or 28 px, the filter bar 36 px). */
:host([data-pp-compact]) { min-height: 22px !important; margin: 2px 0 !important; }
:host([data-pp-full]) { min-height: 28px !important; margin: 6px 0 !important; }
:host([data-pp-bar]) { min-height: 36px !important; margin: 6px 0 !important; }
/* A listing row keeps its 22 px however its chips turn out (an expanded row grows). No containment and no
   content-visibility: either makes every row a paint layer, and 2000 of them cost every frame, scrolling
   included, more than laying out the rows costs once. */
:host([data-pp-compact]:not([data-pp-expanded])) { height: 22px !important; }
/* Dark where the page is dark (data-pp-scheme, from the page's background), else where the OS is: the UI
   sits on the page's colours, and arXiv stays white in a dark OS. */
@media (prefers-color-scheme: dark) { :host(:not([data-pp-scheme="light"])) { ${DARK_VARS} } }
:host([data-pp-scheme="dark"]) { color-scheme: dark; ${DARK_VARS} }
:host([data-pp-scheme="light"]) { color-scheme: light; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
button { font: inherit; color: inherit; margin: 0; }
:focus-visible { outline: 2px solid var(--pp-focus); outline-offset: 1px; }
.pp-row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 6px; min-height: 28px; padding: 3px 0; }
/* One line, chips that do not fit behind "+N" (fitted by estimated width). Not clipped: a clip makes every
   row a paint layer, and 2000 layers cost every later frame of the page, scrolling included. */
.pp-row--compact { flex-wrap: nowrap; height: 22px; min-height: 22px; padding: 0; gap: 4px; }
.pp-row--compact.pp-row--expanded { flex-wrap: wrap; height: auto; }
.pp-more { flex: none; cursor: pointer; height: 20px; padding: 0 7px; font-size: 11px; border-radius: 10px;
  border: 1px solid var(--pp-border); background: transparent; color: var(--pp-muted); }

.pp-row--followed { box-shadow: inset 3px 0 0 var(--pp-accent); padding-left: 7px; }
.pp-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.pp-filters { display: contents; border: 0; margin: 0; padding: 0; }
.pp-brand { font-weight: 700; font-size: 11px; color: var(--pp-accent); white-space: nowrap; }
.pp-note { color: var(--pp-muted); white-space: nowrap; }
.pp-note--error { color: var(--pp-error); }
.pp-chip { flex: none; display: inline-flex; align-items: center; gap: 4px; height: 22px; padding: 0 3px 0 8px; cursor: pointer;
  border: 1px solid var(--pp-border); border-radius: 11px; background: var(--pp-chip); white-space: nowrap; }
.pp-chip:hover { border-color: var(--pp-muted); }
.pp-row--compact .pp-chip { height: 20px; font-size: 11px; padding-left: 7px; }
.pp-chip--category { background: var(--pp-bg); border-style: dashed; }
.pp-chip--followed { border-color: var(--pp-accent); background: var(--pp-followed); font-weight: 600; }
.pp-chip--muted { opacity: 0.55; }
.pp-chip--muted { text-decoration: line-through; }
.pp-chip--muted .pp-badge { text-decoration: none; }
.pp-star { color: var(--pp-accent); font-size: 10px; }
.pp-action { cursor: pointer; border: 1px solid var(--pp-border); border-radius: 4px; background: var(--pp-bg);
  padding: 1px 8px; line-height: 18px; white-space: nowrap; }
.pp-action:hover { border-color: var(--pp-muted); }
.pp-action[aria-pressed="true"] { background: var(--pp-accent); border-color: var(--pp-accent); color: var(--pp-bg); }
.pp-action:disabled, .pp-action[aria-disabled="true"] { opacity: 0.6; cursor: default; }
.pp-card { position: fixed; inset: auto; margin: 0; overflow: visible; z-index: 2147483000; width: 340px;
  max-width: calc(100vw - 16px); padding: 10px 12px;
  background: var(--pp-bg); color: var(--pp-fg); border: 1px solid var(--pp-border); border-radius: 8px;
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.22); font-size: 12.5px; line-height: 1.45; white-space: normal;
  text-align: left; animation: pp-fade 120ms ease-out; }
@keyframes pp-fade { from { opacity: 0; transform: translateY(-2px); } to { opacity: 1; transform: none; } }
.pp-card h2 { font-size: 14px; margin: 0 0 2px; font-weight: 650; }
.pp-card p { margin: 4px 0; }
.pp-card-kind { color: var(--pp-muted); font-size: 11px; }
.pp-card-chart { color: var(--pp-accent); margin: 6px 0 2px; }
.pp-card-fresh { color: var(--pp-muted); font-size: 11px; }
.pp-spark-axis { display: flex; justify-content: space-between; gap: 8px; color: var(--pp-muted); font-size: 10px;
  font-variant-numeric: tabular-nums; }
.pp-spark-peak { color: var(--pp-muted); font-size: 10px; text-align: center; font-variant-numeric: tabular-nums; }
.pp-card h3 { font-size: 11px; text-transform: uppercase; letter-spacing: 0.05em; color: var(--pp-muted);
  margin: 8px 0 2px; font-weight: 600; }
.pp-card ul { margin: 0; padding-left: 16px; }
.pp-card-actions { display: flex; gap: 6px; align-items: center; margin-top: 8px; flex-wrap: wrap; }
.pp-card-actions a { color: var(--pp-accent); margin-left: auto; }
.pp-card-error { color: var(--pp-error); }
.pp-bar { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; min-height: 36px; padding: 4px 8px; margin: 0;
  border: 1px solid var(--pp-border); border-radius: 6px; background: var(--pp-bg); }
.pp-bar .pp-action[aria-pressed="true"] { font-weight: 600; }
/* Room for "(2,000)" from the start: counts filling in must not push the buttons around. */
.pp-count { display: inline-block; min-width: 7ch; text-align: left; font-variant-numeric: tabular-nums; }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation: none !important; transition: none !important; }
}
${MOMENTUM_BADGE_CSS}
`;

let shared: CSSStyleSheet | null | undefined;

/**
 * Puts the stylesheet into a shadow root: one constructed sheet shared by every root where the browser
 * allows it (2000 listing rows then share one parsed sheet), else a `<style>` element per root (Firefox
 * content scripts cannot adopt a sheet built in their own compartment).
 */
export function applyInpageStyles(root: ShadowRoot): void {
  root.host.setAttribute('data-pp-scheme', schemeOf(root.ownerDocument));
  if (shared === undefined) shared = buildSharedSheet();
  if (shared) {
    try {
      root.adoptedStyleSheets = [shared];
      if (root.adoptedStyleSheets.length === 1) return;
    } catch {
      // Fall through to the <style> element.
    }
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = INPAGE_CSS;
  root.prepend(style);
}

function buildSharedSheet(): CSSStyleSheet | null {
  try {
    if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(INPAGE_CSS);
    return sheet;
  } catch {
    return null;
  }
}

// One look at the page per document and OS preference: a listing styles 2000 roots.
const schemes = new WeakMap<Document, { prefersDark: boolean; scheme: PageScheme }>();

function schemeOf(doc: Document): PageScheme {
  const prefersDark = doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const known = schemes.get(doc);
  if (known && known.prefersDark === prefersDark) return known.scheme;
  const scheme = pageScheme(doc, prefersDark);
  schemes.set(doc, { prefersDark, scheme });
  return scheme;
}

/**
 * Keeps every host's scheme in step with the page: a page that turns dark after load (its own theme switch,
 * a dark-mode extension) gets dark chips, and back. Watches the root's and body's attributes, the head's
 * style sheets, the end of a background transition and the OS preference, and looks again once a frame at
 * most. Returns the stop.
 */
export function followPageScheme(doc: Document): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  let frame = 0;
  const check = () => {
    frame = 0;
    schemes.delete(doc);
    const scheme = schemeOf(doc);
    for (const host of doc.querySelectorAll('[data-pp-scheme]')) {
      if (host.getAttribute('data-pp-scheme') !== scheme) host.setAttribute('data-pp-scheme', scheme);
    }
  };
  const later = () => {
    frame ||= view.requestAnimationFrame(check);
  };
  const observer = new view.MutationObserver(later);
  observer.observe(doc.documentElement, { attributes: true });
  if (doc.body) observer.observe(doc.body, { attributes: true });
  if (doc.head) observer.observe(doc.head, { childList: true, subtree: true, characterData: true });
  const media = view.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener?.('change', later);
  doc.addEventListener('transitionend', later, true);
  return () => {
    observer.disconnect();
    media?.removeEventListener?.('change', later);
    doc.removeEventListener('transitionend', later, true);
    if (frame) view.cancelAnimationFrame(frame);
  };
}
