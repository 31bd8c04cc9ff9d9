/** The element whose shadow root holds `el` (the `<paper-pulse>` host), or null outside a shadow root. */
export function hostOf(el: Element | null): Element | null {
  const root = el?.getRootNode();
  // Not `instanceof ShadowRoot`: a content script sees the page's nodes through another realm.
  return root && 'host' in root ? (root as ShadowRoot).host : null;
}
