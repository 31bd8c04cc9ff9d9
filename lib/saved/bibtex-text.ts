/**
 * Text inside a BibTeX value `{…}`. A value ends at the brace that balances its opening one, so a stray
 * brace in a title (a page's title is kept when arXiv does not know the id) would end it early and turn
 * the rest into fields (`}, note={…`), or leave it open and swallow every later entry.
 * Text written literally has each `{`, `}`, `\`, `%` and `$` as a TeX command in a group of its own.
 *
 * Titles and names from arXiv are TeX (`$\alpha$`, `{BERT}`, `\'e`) and are written as they are whenever
 * that is safe: braces balanced whether or not a backslash escapes them (BibTeX counts every brace, TeX
 * skips escaped ones), no backslash at the end, no unescaped `%` (which comments out the rest of a line of
 * the typeset bibliography), no unclosed `$`. Other text is written as literal text: each `{`, `}`, `\` and `%` as a TeX
 * command in a group of its own, which balances.
 */

const LITERAL: Record<string, string> = {
  '{': '{\\textbraceleft}',
  '}': '{\\textbraceright}',
  '\\': '{\\textbackslash}',
  '%': '{\\%}',
  $: '{\\$}',
};
const SPECIAL = /[{}\\%$]/g;
/** The groups LITERAL writes; text holding one is written as literal text too, so reading is unambiguous. */
const GROUP = /\{\\(?:textbraceleft|textbraceright|textbackslash|%|\$)\}/g;
const FROM_GROUP = new Map(Object.entries(LITERAL).map(([char, group]) => [group, char]));

/** Runs of whitespace as one space, none at the ends: a BibTeX value is read so anyway. */
export function normalizeSpace(text: string): string {
  return text.split(/\s+/).filter(Boolean).join(' ');
}

/**
 * Text as a BibTeX value keeps it: whitespace normalised, and each NUL as U+FFFD (BibTeX readers stop at a
 * NUL: Better BibTeX's drops the rest of the author list).
 */
export function plainText(text: string): string {
  return normalizeSpace(text).replaceAll('\0', '\uFFFD');
}

/** `text` (as `plainText` keeps it) as the inside of a BibTeX value; `fromBibtexText` reads it back. */
export function bibtexText(text: string): string {
  const normal = plainText(text);
  return isSafeTex(normal) ? normal : normal.replace(SPECIAL, (char) => LITERAL[char]!);
}

/**
 * One name of an author list. BibTeX splits the list at every " and " outside braces, reads a comma as
 * "Last, First" and a ~ as a space, takes "others" for "and others" and drops an empty name; such a name (and one that is
 * already one brace group, so that reading back is unambiguous) is written as one group, which BibTeX
 * takes whole, as it does a collaboration's name.
 */
export function bibtexName(name: string): string {
  const text = bibtexText(name);
  const risky = text === '' || /^others$/i.test(text) || /[,~]|(^|\s)and(\s|$)/i.test(text) || oneGroup(text);
  return risky ? `{${text}}` : text;
}

/** The name `bibtexName` wrote, from the name as a BibTeX parser reads it (raw). */
export function fromBibtexName(name: string): string {
  return fromBibtexText(oneGroup(name) ? name.slice(1, -1) : name);
}

/** Whether `text` is one brace group `{…}`: its first brace is closed by its last character. */
function oneGroup(text: string): boolean {
  if (!text.startsWith('{') || !text.endsWith('}')) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
    if (depth === 0) return i === text.length - 1;
  }
  return false;
}

/** The text `bibtexText` wrote, from the value as a BibTeX parser reads it (raw, without its braces). */
export function fromBibtexText(value: string): string {
  return hasGroup(value) ? value.replace(GROUP, (group) => FROM_GROUP.get(group)!) : value;
}

/** Characters a link's path keeps as they are (RFC 3986 unreserved, sub-delims but $, which TeX readers take for math, ':', '@', '/'). */
const LINK_SAFE = /[A-Za-z0-9\-._~!&'()*+,;=:@/]/;

/**
 * A DOI as the path of a doi.org link, for a verbatim field (`doi`, `url`: TeX is not read there, so a
 * brace cannot be written as TeX): everything else percent-encoded, braces, '%', '#' and spaces included,
 * each % escaped as \%.
 */
export function linkPath(text: string): string {
  let out = '';
  for (const char of text.replace(/\p{Cs}/gu, '\uFFFD')) {
    out += LINK_SAFE.test(char) ? char : encodeURIComponent(char);
  }
  // A bare % starts a comment for BibTeX readers (Better BibTeX's included), even in a verbatim field.
  return out.replaceAll('%', '\\%');
}

/** The text `linkPath` wrote. */
export function fromLinkPath(path: string): string {
  return decodeURIComponent(path.replaceAll('\\%', '%'));
}

function hasGroup(text: string): boolean {
  GROUP.lastIndex = 0;
  return GROUP.test(text);
}

/** Whether TeX text can stand in a value as it is (see the module comment). */
function isSafeTex(text: string): boolean {
  let counted = 0; // every brace, as BibTeX counts them
  let grouped = 0; // unescaped braces, as TeX groups them
  let math = false; // inside $…$: an unclosed one runs to the end of the value
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const escaped = char === '\\';
    const brace = escaped ? text[++i] : char;
    if (brace === undefined) return false; // a final backslash would escape the value's closing brace
    if (!escaped && brace === '%') return false;
    // "$$" opens display math for a TeX-aware reader, which single dollars do not close: written literally.
    if (!escaped && brace === '$' && text[i + 1] === '$') return false;
    if (!escaped && brace === '$') math = !math;
    const step = brace === '{' ? 1 : brace === '}' ? -1 : 0;
    counted += step;
    if (!escaped) grouped += step;
    if (counted < 0 || grouped < 0) return false;
  }
  return counted === 0 && grouped === 0 && !math && !hasGroup(text);
}
