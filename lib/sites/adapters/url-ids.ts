import { parseArxivUrl } from '../arxiv-id';
import type { PaperIds } from '../single-paper-adapter';

/** The arXiv id in a page's own URL (alphaxiv.org/abs/ID, huggingface.co/papers/ID). */
export function arxivIdsOfUrl(url: URL): PaperIds {
  const parsed = parseArxivUrl(url.href);
  if (!parsed) return {};
  return parsed.version === undefined
    ? { arxivId: parsed.id }
    : { arxivId: parsed.id, version: parsed.version };
}
