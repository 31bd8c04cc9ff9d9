import { z } from 'zod';
import { ArxivApiError, type AtomPage, parseAtomFeed } from '../arxiv/atom';
import { CliError } from './command';
import { fileChunks, LineSplitter } from './file-lines';

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

/**
 * The papers of a JSONL file or an arXiv Atom feed (the first character that is not white space decides:
 * "<" is a feed), gzipped or not. JSONL is parsed a line at a time as the file is gunzipped (file-lines.ts).
 * Every paper is read and checked; only those `keep` accepts are returned (a caller that needs a few weeks of
 * a year's file lets the others go at once instead of holding them all).
 */
export async function readPapersFile(
  path: string,
  keep: (paper: CliPaper) => boolean = () => true,
): Promise<CliPaper[]> {
  const chunks = (await fileChunks(path))[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let start = '';
  while (!start) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    start = Buffer.concat(head).toString('utf8').trimStart();
  }
  if (start.startsWith('<')) {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) head.push(next.value);
    return readAtom(Buffer.concat(head).toString('utf8'), path).filter(keep);
  }
  const papers: CliPaper[] = [];
  const lines = new LineSplitter((line, n) => {
    const paper = readJsonlLine(line, n, path);
    if (paper && keep(paper)) papers.push(paper);
  });
  for (const chunk of head) lines.push(chunk);
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) lines.push(next.value);
  lines.end();
  return papers;
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
    const paper = readJsonlLine(lines[i]!, i + 1, path);
    if (paper) papers.push(paper);
  }
  return papers;
}

/** The paper on line `n` (from 1) of a JSONL file; undefined for a blank line. */
function readJsonlLine(text: string, n: number, path: string): CliPaper | undefined {
  const line = text.trim();
  if (!line) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new CliError(`${path}:${n}: not valid JSON`);
  }
  const parsed = JsonlPaperSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`${path}:${n}: ${issue?.path.join('.') || 'line'}: ${issue?.message}`);
  }
  const p = parsed.data;
  const published = readDate(p.published, `${path}:${n}: published`);
  const announced = readDate(p.announced, `${path}:${n}: announced`);
  return {
    id: p.id,
    title: p.title,
    abstract: p.abstract ?? p.summary ?? '',
    categories: p.categories,
    authors: typeof p.authors === 'string' ? p.authors.split(/,\s*/) : (p.authors ?? []),
    published,
    ...(announced === undefined ? {} : { announced }),
    where: `line ${n}`,
  };
}
