import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT } from '../import-graph';

/**
 * The content script must stay small: it sends pages' papers to the background, which tags them. This
 * walks its static import graph from the entrypoint and fails if the topic pack, the tagger or a
 * background-only library is reachable from it.
 */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const { target, package: isPackage, typeOnly } of importsOf(file)) {
      if (typeOnly) continue; // erased
      if (isPackage) packages.add(target);
      else queue.push(target);
    }
  }
  return { files, packages };
}

describe('the content script’s imports', () => {
  const { files, packages } = importGraph(resolve(ROOT, 'entrypoints/content.ts'));
  const paths = [...files].map((f) => relative(ROOT, f));

  it('reach the in-page UI and the site adapters', () => {
    expect(paths).toContain('lib/content/start-content.ts');
    expect(paths).toContain('components/inpage/paper-chips.tsx');
    expect(paths).toContain('lib/sites/registry.ts');
  });

  it('never reach the topic pack, the tagger, the store or the momentum statistics', () => {
    expect(paths.filter((p) => /^lib\/(topics|store|ingest|arxiv|background)\//.test(p))).toEqual([]);
    expect(paths).not.toContain('lib/momentum/compute-momentum.ts');
  });

  it('never pull in a background-only library', () => {
    const heavy = [...packages].filter((p) => /^(@stdlib|minisearch|fast-xml-parser|idb|stemmer)/.test(p));
    expect(heavy).toEqual([]);
  });

  it('never carry zod: the background checks every request, the content script sends unchecked', () => {
    expect([...packages].filter((p) => p === 'zod' || p.startsWith('zod/'))).toEqual([]);
    expect(paths).not.toContain('lib/messages/protocol.ts');
    expect(paths).not.toContain('lib/messages/page-send.ts');
  });
});
