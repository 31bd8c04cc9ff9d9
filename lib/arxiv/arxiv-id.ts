/**
 * arXiv identifiers as the API writes them: new style `YYMM.NNNN[N]` (five digits since 2015) and old style
 * `archive[.SUBJ]/YYMMNNN` (`hep-ex/0307015`, `math.AG/0101001`), optionally followed by `vN`.
 */
const ID = /^((?:\d{4}\.\d{4,5})|(?:[a-z][a-z-]*(?:\.[A-Z]{2})?\/\d{7}))(?:v(\d{1,4}))?$/;

export interface ArxivIdParts {
  /** Without version. */
  id: string;
  version?: number;
}

/** `2510.14968v1` -> `{ id: '2510.14968', version: 1 }`; undefined for anything that is not an arXiv id. */
export function parseArxivId(text: string): ArxivIdParts | undefined {
  const match = ID.exec(text.trim());
  if (!match) return undefined;
  const version = match[2] === undefined ? undefined : Number(match[2]);
  if (version === 0) return undefined;
  return version === undefined ? { id: match[1]! } : { id: match[1]!, version };
}

/**
 * The id of an API entry or alternate link: `http://arxiv.org/abs/2510.14968v1`, `https://arxiv.org/abs/hep-ex/0307015`.
 * Only arxiv.org `/abs/` URLs count, so the error entry's `http://arxiv.org/api/errors#...` is not a paper.
 */
export function parseAbsUrl(url: string): ArxivIdParts | undefined {
  const match = /^https?:\/\/(?:export\.)?arxiv\.org\/abs\/(.+)$/.exec(url.trim());
  return match ? parseArxivId(match[1]!) : undefined;
}
