import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT } from './import-graph';

/**
 * The shape of the code, checked: no module imports itself back through others (type imports count: a
 * loop of types is still two modules that cannot be read apart); no function in lib/ or components/ longer
 * than a screen; test folders that mirror the source folders.
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

/** Functions (of every kind) longer than `max` lines, as `file:line name (lines)`. */
function longFunctions(files: readonly string[], max: number): string[] {
  const long: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const lines = source.getLineAndCharacterOfPosition(node.end).line - first + 1;
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        if (lines > max) long.push(`${relative(ROOT, file)}:${first + 1} ${name} (${lines})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return long;
}

/** Imports from files under `from` of files under `to` (folders relative to the root), as `file -> target`. */
function importsInto(files: readonly string[], from: string, to: string): string[] {
  const inside = (file: string, dir: string) => relative(ROOT, file).startsWith(`${dir}/`);
  return files
    .filter((f) => inside(f, from))
    .flatMap((f) =>
      importsOf(f).flatMap((i) =>
        !i.package && inside(i.target, to) ? [`${relative(ROOT, f)} -> ${relative(ROOT, i.target)}`] : [],
      ),
    );
}

/**
 * The topic engine's layers, lowest first (lib/topics/README.md): each file imports only from its own layer
 * or lower ones. Files at lib/topics/ itself are the top (the tagger, the catalog, the bundled pack), but
 * for the shared types, which every layer reads.
 */
const TOPIC_LAYERS = ['base', 'matching', 'pack', 'query', 'scoring', 'model', 'top'];

function topicLayer(file: string): number {
  const rel = relative(resolve(ROOT, 'lib/topics'), file);
  const [first, second] = rel.split('/');
  if (second === undefined)
    return TOPIC_LAYERS.indexOf(['types.ts', 'topic-id.ts'].includes(first!) ? 'base' : 'top');
  return first === 'data' ? 0 : TOPIC_LAYERS.indexOf(first!);
}

/** Imports inside lib/topics that go up a layer, as `file -> target`. */
function upwardTopicImports(files: readonly string[]): string[] {
  const inTopics = (f: string) => relative(ROOT, f).startsWith('lib/topics/');
  return files
    .filter(inTopics)
    .flatMap((f) =>
      importsOf(f).flatMap((i) =>
        !i.package && inTopics(i.target) && topicLayer(i.target) > topicLayer(f)
          ? [`${relative(ROOT, f)} -> ${relative(ROOT, i.target)}`]
          : [],
      ),
    );
}

/** Test folders with no source folder of the same path (test/unit/X is lib/X, test/unit/components/X is components/X). */
function unmirroredTestFolders(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory() || ['helpers', 'fixtures'].includes(name)) continue;
      const rel = relative(join(ROOT, 'test/unit'), path);
      const source = rel.startsWith('components') ? rel : join('lib', rel);
      if (!existsSync(join(ROOT, source))) out.push(rel);
      else walk(path);
    }
  };
  walk(join(ROOT, 'test/unit'));
  return out;
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

  it('finds a function too long when there is one (the check itself works)', () => {
    const found = longFunctions([resolve(ROOT, 'test/unit/architecture.test.ts')], 10);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/:\d+ longFunctions \(\d+\)$/)]));
    expect(longFunctions([resolve(ROOT, 'test/unit/architecture.test.ts')], 1000)).toEqual([]);
  });

  it('has no function over 80 lines in lib/ or components/', () => {
    const code = SOURCES.filter((f) => /^(lib|components)\//.test(relative(ROOT, f)));
    expect(longFunctions(code, 80)).toEqual([]);
  });

  it('finds an import into a folder when there is one (the check itself works)', () => {
    const a = resolve(ROOT, 'test/unit/fixtures/cycle/a.ts');
    expect(importsInto([a], 'test/unit/fixtures', 'test/unit/fixtures/cycle')).toEqual([
      'test/unit/fixtures/cycle/a.ts -> test/unit/fixtures/cycle/b.ts',
    ]);
  });

  it('keeps the store below the ingestion: lib/store imports nothing from lib/ingest', () => {
    expect(importsInto(SOURCES, 'lib/store', 'lib/ingest')).toEqual([]);
  });

  it('keeps the one text module at the bottom: lib/text imports nothing else of the project', () => {
    const outside = SOURCES.filter((f) => relative(ROOT, f).startsWith('lib/text/')).flatMap((f) =>
      importsOf(f).flatMap((i) =>
        !i.package && !relative(ROOT, i.target).startsWith('lib/text/')
          ? [`${relative(ROOT, f)} -> ${relative(ROOT, i.target)}`]
          : [],
      ),
    );
    expect(outside).toEqual([]);
    expect(SOURCES.some((f) => relative(ROOT, f) === 'lib/text/words.ts')).toBe(true);
  });

  it('keeps the topic engine in layers: lib/topics imports only downwards', () => {
    expect(topicLayer(resolve(ROOT, 'lib/topics/matching/phrase-scan.ts'))).toBeLessThan(
      topicLayer(resolve(ROOT, 'lib/topics/model/combine.ts')),
    );
    expect(upwardTopicImports(SOURCES)).toEqual([]);
  });

  it('keeps every file in lib/ and components/ under 250 lines, data tables (lib/topics/data/) aside', () => {
    const long = SOURCES.map((f) => relative(ROOT, f))
      .filter((f) => /^(lib|components)\//.test(f) && !f.startsWith('lib/topics/data/'))
      .filter((f) => readFileSync(resolve(ROOT, f), 'utf8').split('\n').length - 1 > 250);
    expect(long).toEqual([]);
  });

  it('keeps unit tests in folders that mirror lib/ and components/', () => {
    expect(unmirroredTestFolders()).toEqual([]);
  });
});
