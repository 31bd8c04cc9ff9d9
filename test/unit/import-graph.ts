import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The project root, for tests that read its sources. */
export const ROOT = resolve(__dirname, '../..');

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g;

export interface Import {
  /** The file imported, or the package name. */
  target: string;
  package: boolean;
  /** `import type` / `export type`: erased when compiled. */
  typeOnly: boolean;
}

/** A project file's static imports (relative and `@/` ones resolved to files, packages by name). */
export function importsOf(file: string): Import[] {
  const source = readFileSync(file, 'utf8');
  const out: Import[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const spec = match[1]!;
    const typeOnly = /^(import|export)\s+type\b/.test(match[0]);
    if (spec.startsWith('.') || spec.startsWith('@/')) {
      const target = resolveImport(file, spec);
      if (target) out.push({ target, package: false, typeOnly });
    } else {
      out.push({ target: spec, package: true, typeOnly });
    }
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? resolve(ROOT, spec.slice(2)) : resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}
