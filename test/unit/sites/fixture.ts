import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { PaperRefSchema } from '../../../lib/paper';
import type { FoundPaper, SiteAdapter } from '../../../lib/sites/types';

// Fixtures link arXiv's stylesheets and scripts; happy-dom does not fetch them, and should not log each refusal.
const happyDom = (globalThis as { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
  .happyDOM;
if (happyDom) happyDom.settings.handleDisabledFileLoadingAsSuccess = true;

/** Page tests build documents with happy-dom's DOMParser (the test files run in the happy-dom environment). */
export function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

export function loadFixture(name: string): Document {
  // vitest runs from the repository root; happy-dom's environment gives import.meta.url a non-file URL.
  const path = resolve(process.cwd(), 'test/fixtures/sites', name);
  return parseHtml(readFileSync(path, 'utf8'));
}

/** Runs an adapter on a document and checks what every caller relies on: valid, bounded refs placed in the page. */
export function extract(adapter: SiteAdapter, doc: Document, url: string): FoundPaper[] {
  const found = adapter.extract(doc, new URL(url));
  for (const paper of found) {
    expect(PaperRefSchema.safeParse(paper.ref).success).toBe(true);
    expect(paper.entry.ownerDocument).toBe(doc);
    expect(paper.anchor.ownerDocument).toBe(doc);
    expect(['before', 'after', 'prepend', 'append']).toContain(paper.placement);
  }
  return found;
}

export function only(found: FoundPaper[]): FoundPaper {
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Elements in a document: extraction must never add any (page text is read, never parsed into nodes). */
export function elementCount(doc: Document): number {
  return doc.getElementsByTagName('*').length;
}
