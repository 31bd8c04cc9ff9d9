import { OLD_STYLE_ARCHIVES } from './arxiv-archives';

/**
 * arXiv identifiers in every form a reader meets them, normalised to the form arXiv itself uses.
 *
 * - New style (April 2007 on): `YYMM.NNNN` until December 2014, `YYMM.NNNNN` from January 2015.
 * - Old style (August 1991 to March 2007): `archive/YYMMNNN`. A subject class sometimes written with it
 *   (`math.AG/0601001`) is not part of the identifier: arXiv's canonical form, its URLs and its DOIs
 *   (`10.48550/arXiv.math/0703055`) carry the archive only, so `math.AG/0601001` becomes `math/0601001`.
 *
 * Accepted wrappers: `arXiv:` prefix, a trailing `vN`, a trailing ` [cs.LG]`, arxiv.org `/abs/ /pdf/ /html/
 * /format/` URLs, alphaxiv.org and huggingface.co/papers URLs, and the DataCite DOI `10.48550/arXiv.ID`
 * bare, with `doi:` or as a doi.org URL. Anything else gives `null`; nothing here throws.
 */

export interface ArxivIdParts {
  /** Normalised, without version and without `arXiv:` prefix. */
  id: string;
  version?: number;
}

const MAX_INPUT = 2048;
const MAX_VERSION = 1000;

const NEW_ID = /^(\d{2})(\d{2})\.(\d{4,5})(?:v(\d{1,4}))?$/;
const OLD_ID = /^([a-z]+(?:-[a-z]+)?)(?:\.[a-z]{2})?\/(\d{2})(\d{2})(\d{3})(?:v(\d{1,4}))?$/i;
const PREFIX = /^arxiv:\s*/i;
const TRAILING_CATEGORY = /\s*\[[a-z-]+(?:\.[a-z-]+)?\]$/i;
const ARXIV_DOI = /^(?:doi:\s*)?10\.48550\/arxiv\.(.+)$/i;

/** Hosts whose paths carry an arXiv id, and the path prefixes that do. */
const URL_ROUTES: Record<string, readonly string[]> = {
  'arxiv.org': ['abs', 'pdf', 'html', 'format'],
  'www.arxiv.org': ['abs', 'pdf', 'html', 'format'],
  'export.arxiv.org': ['abs', 'pdf', 'html', 'format'],
  'alphaxiv.org': ['abs', 'overview', 'pdf'],
  'www.alphaxiv.org': ['abs', 'overview', 'pdf'],
  'huggingface.co': ['papers'],
};
const DOI_HOSTS = new Set(['doi.org', 'dx.doi.org', 'www.doi.org']);

export function parseArxivId(input: string): ArxivIdParts | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT) return null;
  const text = input.trim();
  if (text === '') return null;
  const doi = ARXIV_DOI.exec(text);
  if (doi) return parseBareId(doi[1]!);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^(?:www\.|export\.)?(?:arxiv|alphaxiv)\.org\//i.test(text)) {
    return parseArxivUrl(text);
  }
  if (/^(?:huggingface\.co|(?:dx\.)?doi\.org)\//i.test(text)) return parseArxivUrl(text);
  return parseBareId(text.replace(PREFIX, '').replace(TRAILING_CATEGORY, ''));
}

/** The id in an URL of arXiv, alphaxiv, Hugging Face papers or doi.org; null for any other URL. */
export function parseArxivUrl(input: string): ArxivIdParts | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (DOI_HOSTS.has(host)) {
    const doi = ARXIV_DOI.exec(path.replace(/^\/+/, ''));
    return doi ? parseBareId(doi[1]!) : null;
  }
  const routes = URL_ROUTES[host];
  if (!routes) return null;
  const segments = path.split('/').filter((s) => s !== '');
  const route = segments[0];
  if (route === undefined || !routes.includes(route)) return null;
  return idFromSegments(segments.slice(1), route === 'pdf');
}

/**
 * The id at the start of a path's remaining segments: one segment for new ids, two for old ones
 * (`hep-th/9901001`). A following `vN` segment (`/html/2509.01234/v2`) is taken as the version; later
 * segments (figures, anchors) are ignored.
 */
function idFromSegments(segments: string[], isPdf: boolean): ArxivIdParts | null {
  const strip = (s: string) => (isPdf ? s.replace(/\.pdf$/i, '') : s);
  const [first, second, third] = segments;
  if (first === undefined) return null;
  const oneSegment = parseBareId(strip(first));
  if (oneSegment) return withVersionSegment(oneSegment, second);
  if (second === undefined) return null;
  const twoSegments = parseBareId(`${first}/${strip(second)}`);
  return twoSegments ? withVersionSegment(twoSegments, third) : null;
}

function withVersionSegment(parts: ArxivIdParts, segment: string | undefined): ArxivIdParts {
  if (parts.version !== undefined || segment === undefined) return parts;
  const match = /^v(\d{1,4})$/.exec(segment);
  const version = match ? Number(match[1]) : 0;
  return version >= 1 && version <= MAX_VERSION ? { id: parts.id, version } : parts;
}

/** A bare id with optional version: `2509.01234v3`, `hep-th/9901001`, `math.AG/0601001v2`. */
export function parseBareId(text: string): ArxivIdParts | null {
  const fresh = NEW_ID.exec(text);
  if (fresh) {
    const [, yy, mm, seq, v] = fresh;
    if (!validNewId(Number(yy), Number(mm), seq!)) return null;
    return withVersion(`${yy}${mm}.${seq}`, v);
  }
  const old = OLD_ID.exec(text);
  if (old) {
    const [, archive, yy, mm, seq, v] = old;
    const name = archive!.toLowerCase();
    if (!OLD_STYLE_ARCHIVES.has(name) || !validOldDate(Number(yy), Number(mm)) || seq === '000') return null;
    return withVersion(`${name}/${yy}${mm}${seq}`, v);
  }
  return null;
}

function validNewId(yy: number, mm: number, seq: string): boolean {
  if (mm < 1 || mm > 12 || yy < 7 || (yy === 7 && mm < 4)) return false;
  // Four-digit sequence numbers until 1412, five from 1501 on.
  if (yy < 15 !== (seq.length === 4)) return false;
  return !/^0+$/.test(seq);
}

function validOldDate(yy: number, mm: number): boolean {
  if (mm < 1 || mm > 12) return false;
  if (yy >= 91) return yy > 91 || mm >= 8;
  return yy < 7 || (yy === 7 && mm <= 3);
}

function withVersion(id: string, v: string | undefined): ArxivIdParts | null {
  if (v === undefined) return { id };
  const version = Number(v);
  return version >= 1 && version <= MAX_VERSION ? { id, version } : null;
}

/** `2509.01234v3` from parts; the id alone when there is no version. */
export function formatArxivId(parts: ArxivIdParts): string {
  return parts.version === undefined ? parts.id : `${parts.id}v${parts.version}`;
}

/**
 * The longest id list a page reads (50 papers' URLs take about 3,000 characters): a longer paste is refused
 * with a message before it is parsed.
 */
export const MAX_ID_LIST_LENGTH = 20_000;

/**
 * The arXiv ids in a pasted list (one per line, or separated by spaces or commas; any form parseArxivId
 * reads), without versions and each once in the order given, and the entries that are no id. Linear in
 * the text (a Set remembers the ids seen: 100,000 pasted ids took 12-19 s with a list).
 */
export function parseArxivIdList(text: string): { ids: string[]; invalid: string[] } {
  const ids = new Set<string>();
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,]+/)) {
    if (!entry) continue;
    const parsed = parseArxivId(entry);
    if (!parsed) invalid.push(entry);
    else ids.add(parsed.id);
  }
  return { ids: [...ids], invalid };
}
