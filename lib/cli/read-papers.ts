import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CliError } from './command';

/** A paper as the CLI reads it: JSONL lines or entries of an arXiv Atom feed. */
export interface CliPaper {
  id: string;
  title: string;
  abstract: string;
  categories: string[];
  authors: string[];
  /** First-version time, ms since epoch; needed by `momentum`. */
  published?: number;
}

const JsonlPaperSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  // The real CS-day corpus calls the abstract `summary`; DESIGN.md calls it `abstract`. Accept both.
  abstract: z.string().optional(),
  summary: z.string().optional(),
  categories: z.array(z.string()).default([]),
  authors: z.union([z.array(z.string()), z.string()]).optional(),
  published: z.union([z.string(), z.number()]).optional(),
});

export async function readPapersFile(path: string): Promise<CliPaper[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return text.trimStart().startsWith('<') ? readAtom(text, path) : readJsonl(text, path);
}

function readAtom(_text: string, path: string): CliPaper[] {
  throw new CliError(`${path}: Atom input is not supported yet`);
}

export function readJsonl(text: string, path: string): CliPaper[] {
  const papers: CliPaper[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new CliError(`${path}:${i + 1}: not valid JSON`);
    }
    const parsed = JsonlPaperSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CliError(`${path}:${i + 1}: ${issue?.path.join('.') || 'line'}: ${issue?.message}`);
    }
    const p = parsed.data;
    let published: number | undefined;
    if (p.published !== undefined) {
      published = typeof p.published === 'number' ? p.published : Date.parse(p.published);
      if (!Number.isFinite(published)) throw new CliError(`${path}:${i + 1}: published: not a date`);
    }
    papers.push({
      id: p.id,
      title: p.title,
      abstract: p.abstract ?? p.summary ?? '',
      categories: p.categories,
      authors: typeof p.authors === 'string' ? p.authors.split(/,\s*/) : (p.authors ?? []),
      published,
    });
  }
  return papers;
}
