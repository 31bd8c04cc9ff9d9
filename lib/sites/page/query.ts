/**
 * Selector lists tried in order: adapters keep one selector per layout they serve, and the first that
 * matches wins. An invalid selector (a typo, or an engine that lacks a feature) counts as no match.
 */
export function queryFirst(
  root: ParentNode | null | undefined,
  selectors: readonly string[],
): Element | null {
  if (!root) return null;
  for (const selector of selectors) {
    const found = safeQuery(root, selector);
    if (found) return found;
  }
  return null;
}

/** All matches of the first selector that matches anything. */
export function queryAllFirst(root: ParentNode | null | undefined, selectors: readonly string[]): Element[] {
  if (!root) return [];
  for (const selector of selectors) {
    try {
      const found = root.querySelectorAll(selector);
      if (found.length > 0) return Array.from(found);
    } catch {
      // An unsupported selector: try the next one.
    }
  }
  return [];
}

function safeQuery(root: ParentNode, selector: string): Element | null {
  try {
    return root.querySelector(selector);
  } catch {
    return null;
  }
}
