import { type ArxivIdParts, parseBareId } from '../sites/arxiv-id';

/**
 * The id of an API entry or alternate link: `http://arxiv.org/abs/2510.14968v1`, `https://arxiv.org/abs/hep-ex/0307015`.
 * Only arxiv.org `/abs/` URLs count, so the error entry's `http://arxiv.org/api/errors#...` is not a paper.
 * The id itself is read by the one arXiv id parser (lib/sites/arxiv-id.ts).
 */
export function parseAbsUrl(url: string): ArxivIdParts | undefined {
  const match = /^https?:\/\/(?:export\.)?arxiv\.org\/abs\/(.+)$/.exec(url.trim());
  return (match && parseBareId(match[1]!)) || undefined;
}
