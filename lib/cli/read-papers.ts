import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { ArxivApiError, type AtomPage, parseAtomFeed } from '../arxiv/atom';
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
  /** The day a listing announced the paper (the real corpus's date), ms since epoch; `discover` uses it. */
  announced?: number;
  /** Where the paper is in the file, for error messages: `line 12` (JSONL) or `entry 3` (Atom). */
  where?: string;
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
  announced: z.union([z.string(), z.number()]).optional(),
});

function readDate(value: string | number | undefined, where: string): number | undefined {
  if (value === undefined) return undefined;
  const t = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(t)) throw new CliError(`${where}: not a date`);
  return t;
}

export async function readPapersFile(path: string): Promise<CliPaper[]> {
  let text: string;
  try {
    const bytes = await readFile(path);
    // A gzipped file (the shared corpus is .jsonl.gz) is read as its content.
    text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return text.trimStart().startsWith('<') ? readAtom(text, path) : readJsonl(text, path);
}

/**
 * An arXiv API feed, either serialization. Stricter than the extension: an entry the parser had to skip is
 * an error here, since a CLI user wants to know their file is incomplete rather than get quietly fewer papers.
 */
export function readAtom(text: string, path: string): CliPaper[] {
  let page: AtomPage;
  try {
    page = parseAtomFeed(text);
  } catch (error) {
    if (!(error instanceof ArxivApiError)) throw error;
    throw new CliError(`${path}: ${error.kind === 'api-error' ? 'arXiv error feed: ' : ''}${error.message}`);
  }
  const [skipped] = page.skipped;
  if (skipped) throw new CliError(`${path}: entry ${skipped.entryId ?? '(no id)'}: ${skipped.reason}`);
  return page.papers.map((paper, i) => ({
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    categories: paper.categories,
    authors: paper.authors,
    published: paper.published,
    where: `entry ${i + 1}`,
  }));
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
    const published = readDate(p.published, `${path}:${i + 1}: published`);
    const announced = readDate(p.announced, `${path}:${i + 1}: announced`);
    papers.push({
      id: p.id,
      title: p.title,
      abstract: p.abstract ?? p.summary ?? '',
      categories: p.categories,
      authors: typeof p.authors === 'string' ? p.authors.split(/,\s*/) : (p.authors ?? []),
      published,
      ...(announced === undefined ? {} : { announced }),
      where: `line ${i + 1}`,
    });
  }
  return papers;
}
