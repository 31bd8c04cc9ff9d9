import { isTime } from '../dates';
import type { SavedPaper } from '../messages/schemas';
import { bibtexName, bibtexText, linkPath, normalizeSpace } from './bibtex-text';

/**
 * BibTeX as arXiv's own "Export BibTeX citation" writes it (arxiv-browse browse/formatting/cite.py):
 * `@misc` with title, author, year (of the latest version), eprint, archivePrefix, primaryClass, url, and
 * the same key: first author's surname + year + the title's first four words that are not stop words,
 * ASCII letters and digits only, lower case. Every value goes through bibtexText: no text can end a value early or
 * leave it open.
 */
export function toBibtex(papers: readonly SavedPaper[]): string {
  return papers.map(bibtexEntry).join('\n\n') + (papers.length ? '\n' : '');
}

export function bibtexEntry(paper: SavedPaper): string {
  const year = yearOf(paper);
  const title = bibtexText(paper.title);
  const doi = paper.doi === undefined ? '' : `      doi={https://doi.org/${linkPath(paper.doi)}},\n`;
  return (
    `@misc{${bibtexKey(paper)},\n` +
    `      title={${title}}, \n` +
    `      author={${authorField(paper)}},\n` +
    `      year={${year}},\n` +
    `      eprint={${paper.id}},\n` +
    '      archivePrefix={arXiv},\n' +
    `      primaryClass={${bibtexText(paper.primary) || 'unknown'}},\n` +
    doi +
    `      url={https://arxiv.org/abs/${paper.id}}, \n` +
    '}'
  );
}

export function bibtexKey(paper: SavedPaper): string {
  const surname = paper.authors[0] ? surnameOf(paper.authors[0]) : 'unknown';
  // arXiv splits its raw title on single spaces; the index's titles are already whitespace-normalised, and
  // normalising here keeps a stray double space from using up one of the four words.
  const words = normalizeSpace(paper.title)
    .split(' ')
    .filter((w) => !STOPWORDS.has(w.toLowerCase()))
    .slice(0, 4)
    .join('');
  // ASCII letters and digits only (accents dropped: José -> jose): BibTeX tools refuse other keys.
  return `${surname}${yearOf(paper)}${words}`
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/** arXiv dates the citation by the version it cites (the latest); a paper saved without dates says so. */
function yearOf(paper: SavedPaper): string {
  const at = paper.updated || paper.published;
  // Out of range (kept from an old backup): no year rather than "NaN".
  return at && isTime(at) ? String(new Date(at).getUTCFullYear()) : 'unknown';
}

/** arXiv writes "First Last" joined by " and "; a list the index cut short ends with BibTeX's "others". */
function authorField(paper: SavedPaper): string {
  const names = paper.authors.map(bibtexName);
  if (paper.authorCount > names.length) names.push('others');
  return names.join(' and ');
}

/** The last word of "First Middle Last" (arXiv's author parser takes the surname from the same place). */
function surnameOf(name: string): string {
  const words = normalizeSpace(name).split(' ');
  return words[words.length - 1] ?? 'unknown';
}

/** arXiv's stop words for the key (the same list as cite.py's). */
const STOPWORDS = new Set(
  (
    'a about above across after afterwards again against all almost alone along already also although always ' +
    'am among amongst amoungst amount an and another any anyhow anyone anything anyway anywhere are around as ' +
    'at back be became because become becomes becoming been before beforehand behind being below beside ' +
    'besides between beyond bill both bottom but by call can cannot cant co con could couldnt cry de describe ' +
    'detail do done down due during each eg eight either eleven else elsewhere empty enough etc even ever ' +
    'every everyone everything everywhere except few fifteen fify fill find fire first five for former ' +
    'formerly forty found four from front full further get give go had has hasnt have he hence her here ' +
    'hereafter hereby herein hereupon hers herself him himself his how however hundred ie if in inc indeed ' +
    'interest into is it its itself keep last latter latterly least less ltd made many may me meanwhile might ' +
    'mill mine more moreover most mostly move much must my myself name namely neither never nevertheless next ' +
    'nine no nobody none noone nor not nothing now nowhere of off often on once one only onto or other others ' +
    'otherwise our ours ourselves out over own part per perhaps please put rather re same see seem seemed ' +
    'seeming seems serious several she should show side since sincere six sixty so some somehow someone ' +
    'something sometime sometimes somewhere still such system take ten than that the their them themselves ' +
    'then thence there thereafter thereby therefore therein thereupon these they thickv thin third this those ' +
    'though three through throughout thru thus to together too top toward towards twelve twenty two un under ' +
    'until up upon us very via was we well were what whatever when whence whenever where whereafter whereas ' +
    'whereby wherein whereupon wherever whether which while whither who whoever whole whom whose why will ' +
    'with within without would yet you your yours yourself yourselves'
  ).split(' '),
);
