import { z } from 'zod';

/**
 * The two shapes of a paper that cross module boundaries.
 *
 * - `PaperRef`: what a site adapter read off a page. Untrusted (it came from page markup), so it
 *   travels through the zod-checked protocol and every field is bounded.
 * - `Paper`: what the index holds about an arXiv paper (from the API), in compact form.
 */

export const MAX_STORED_AUTHORS = 10;

export const PaperRefSchema = z.object({
  /** arXiv id without version, normalised (`2509.01234`, `hep-th/9901001`). */
  arxivId: z.string().max(40).optional(),
  version: z.number().int().positive().max(1000).optional(),
  doi: z.string().max(300).optional(),
  title: z.string().max(2000),
  abstract: z.string().max(20000).optional(),
  authors: z.array(z.string().max(500)).max(5000),
  /** arXiv categories when the page shows them, primary first. */
  categories: z.array(z.string().max(40)).max(50),
  /** First-version date (ISO 8601) when the page shows it. */
  published: z.string().max(40).optional(),
});
export type PaperRef = z.infer<typeof PaperRefSchema>;

export interface Paper {
  /** arXiv id without version. */
  id: string;
  title: string;
  abstract: string;
  /** The first `MAX_STORED_AUTHORS` authors. */
  authors: string[];
  authorCount: number;
  /** Primary first, then cross-lists, no duplicates. */
  categories: string[];
  primary: string;
  /** First-version submission time (ms since epoch, UTC): the paper's date for momentum. */
  published: number;
  /** Latest-version time (ms since epoch). */
  updated: number;
  version?: number;
  doi?: string;
}

/** The text the tagger reads; a `Paper`, a `PaperRef` and a CLI input line all provide it. */
export interface TaggableText {
  title: string;
  abstract: string;
  categories: readonly string[];
  authors?: readonly string[];
}
