/**
 * DOIs read off pages: bare (`10.1145/3773274.3774931`), with `doi:`, or as doi.org URLs. Normalised to
 * lower case, because DOIs are case-insensitive and `paperKey` must give one key per paper.
 */

const MAX_DOI = 300;
const DOI = /^10\.\d{4,9}\/\S+$/;
const DOI_URL = /^https?:\/\/(?:dx\.|www\.)?doi\.org\//i;

export function parseDoi(input: string | null | undefined): string | null {
  if (typeof input !== 'string' || input.length > 2 * MAX_DOI) return null;
  let text = input.trim().replace(/^doi:\s*/i, '');
  if (DOI_URL.test(text)) {
    text = text.replace(DOI_URL, '');
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  // Trailing punctuation comes from prose ("see 10.1000/xyz.") and from the external-link icon's spacing.
  text = text.trim().replace(/[.,;)\]]+$/, '');
  if (text.length > MAX_DOI || !DOI.test(text)) return null;
  return text.toLowerCase();
}
