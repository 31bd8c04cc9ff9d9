import { readText } from './read-text';

/**
 * The text after a label element that reads `label` ("Abstract", "Abstract:"), up to the next label:
 * NeurIPS's `<h4>Abstract</h4><p>…</p>` (whose `<p><p>…</p></p>` the parser turns into an empty `<p>`
 * and a full one), OpenReview's `<strong class="note-content-field">Abstract:</strong>` + value.
 * Labels are compared without case and trailing colon.
 */
export function textAfterLabel(root: ParentNode, labelSelector: string, label: string): string {
  const wanted = label.toLowerCase();
  for (const candidate of root.querySelectorAll(labelSelector)) {
    const text = readText(candidate).trim().replace(/:$/, '').trim().toLowerCase();
    if (text !== wanted) continue;
    const parts: string[] = [];
    for (
      let next = candidate.nextElementSibling;
      next && !next.matches(labelSelector);
      next = next.nextElementSibling
    ) {
      parts.push(readText(next));
    }
    const value = parts.join(' ').trim();
    if (value) return value;
  }
  return '';
}
