import { readText } from './read-text';

/**
 * The text of the element right after a label element that reads `label` ("Abstract", "Abstract:"):
 * NeurIPS's `<h4>Abstract</h4><p>…</p>`, OpenReview's `<strong class="note-content-field">Abstract:</strong>`
 * + value. Labels are compared without case and trailing colon.
 */
export function textAfterLabel(root: ParentNode, labelSelector: string, label: string): string {
  const wanted = label.toLowerCase();
  for (const candidate of root.querySelectorAll(labelSelector)) {
    const text = readText(candidate).trim().replace(/:$/, '').trim().toLowerCase();
    if (text !== wanted) continue;
    const value = candidate.nextElementSibling;
    if (value) return readText(value);
  }
  return '';
}
