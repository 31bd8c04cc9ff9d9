import type { DiscoverPaper } from '../../discover/acronym-aliases';
import { DEFAULT_TOP, discoverEmerging, type EmergingPhrase } from '../../discover/emerging';
import { loadPack } from '../../topics/pack/load';
import { tagPaper } from '../../topics/scoring/tagger';
import { type CliCommand, CliError, parseArgs } from '../command';
import { type CliPaper, readPapersFile } from '../read-papers';
import { parseAsOf } from './momentum';

/**
 * `pulse discover FILE --as-of T [--top K]`: emerging phrases, best first, one JSON line each. A paper's
 * date is `published` (v1) when the file has it, else `announced` (the real corpus's listing day).
 */
export const discoverCommand: CliCommand = {
  usage: 'FILE --as-of T [--top K]   (papers need `published` or `announced`; T as for momentum)',
  async run(args, out) {
    const { positional, options } = parseArgs(args, ['as-of', 'top']);
    if (positional.length !== 1) throw new CliError('discover needs exactly one FILE');
    if (options['as-of'] === undefined) throw new CliError('discover needs --as-of T');
    const T = parseAsOf(options['as-of']);
    const top = options.top === undefined ? DEFAULT_TOP : Number(options.top);
    if (!Number.isInteger(top) || top < 1 || top > 1000)
      throw new CliError('--top: a whole number from 1 to 1000');
    const path = positional[0]!;
    const papers = datedPapers(await readPapersFile(path), path);
    const pack = loadPack();
    // Fine topics only: "rising inside cs.CV" would say nothing.
    const topicsOf = (paper: DiscoverPaper) =>
      tagPaper(paper, pack, [])
        .map((tag) => tag.topicId)
        .filter((id) => pack.byId.get(id)?.kind === 'fine');
    for (const line of discoverLines(papers, T, topicsOf, top)) out(JSON.stringify(line));
    return 0;
  },
};

/** The contract's fields, in its order. */
export function discoverLines(
  papers: readonly DiscoverPaper[],
  T: number,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top: number,
): Omit<EmergingPhrase, 'key'>[] {
  return discoverEmerging(papers, T, topicsOf, top).map((e) => ({
    phrase: e.phrase,
    variants: e.variants,
    recent: e.recent,
    previous: e.previous,
    change: e.change,
    p: e.p,
    papers: e.papers,
    coveredBy: e.coveredBy,
  }));
}

/** CLI papers with their date; a paper with neither date is an error naming its place. */
export function datedPapers(papers: readonly CliPaper[], path = 'input'): DiscoverPaper[] {
  return papers.map((paper) => {
    const date = paper.published ?? paper.announced;
    if (date === undefined) {
      throw new CliError(
        `${path}: ${paper.where ?? paper.id}: needs published or announced (the paper's date)`,
      );
    }
    return { id: paper.id, title: paper.title, abstract: paper.abstract, categories: paper.categories, date };
  });
}
