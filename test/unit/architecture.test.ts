import { execFileSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT } from './import-graph';

/**
 * The shape of the code, checked: no module imports itself back through others (type imports count: a
 * loop of types is still two modules that cannot be read apart).
 */
const SOURCES = execFileSync('git', ['ls-files', 'lib', 'components', 'entrypoints'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => resolve(ROOT, f));

/** Every import cycle, each as the files around it (Tarjan's strongly connected components). */
function importCycles(files: readonly string[]): string[][] {
  const edges = new Map<string, string[]>();
  const next = (file: string) => {
    if (!edges.has(file))
      edges.set(
        file,
        importsOf(file).flatMap((i) => (i.package ? [] : [i.target])),
      );
    return edges.get(file)!;
  };
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next(file)) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(ROOT, member));
    } while (member !== file);
    if (component.length > 1 || next(file).includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the architecture', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const a = resolve(ROOT, 'test/unit/fixtures/cycle/a.ts');
    expect(importCycles([a])).toEqual([['test/unit/fixtures/cycle/a.ts', 'test/unit/fixtures/cycle/b.ts']]);
  });

  it('has no import cycle in lib/, components/ or entrypoints/', () => {
    expect(SOURCES.length).toBeGreaterThan(200);
    expect(importCycles(SOURCES)).toEqual([]);
  });
});
