import type { DiscoverPaper } from '../../discover/acronym-aliases';
import { inWindows } from '../../discover/discover';
import { DEFAULT_TOP, discoverEmerging, type EmergingPhrase } from '../../discover/emerging';
import { risingInside } from '../../discover/rising-inside';
import { createCatalog } from '../../topics/catalog';
import type { CompiledPack } from '../../topics/load-pack';
import { loadPack } from '../../topics/load-pack';
import { tagPaper } from '../../topics/tagger';
import { type CliCommand, CliError, parseArgs } from '../command';
import { type CliPaper, readPapersFile } from '../read-papers';
import { parseAsOf } from './momentum';

/**
 * `pulse discover FILE --as-of T [--top K] [--topic ID]`: emerging phrases, best first, one JSON line each;
 * with `--topic`, the phrases rising inside that pack topic (its papers as the tagger tags them). A paper's
 * date is `published` (v1) when the file has it, else `announced` (the real corpus's listing day).
 */
export const discoverCommand: CliCommand = {
  usage:
    'FILE --as-of T [--top K] [--topic ID]   (papers need `published` or `announced`; T as for momentum)',
  async run(args, out) {
    const { positional, options } = parseArgs(args, ['as-of', 'top', 'topic']);
    if (positional.length !== 1) throw new CliError('discover needs exactly one FILE');
    if (options['as-of'] === undefined) throw new CliError('discover needs --as-of T');
    const T = parseAsOf(options['as-of']);
    const top = options.top === undefined ? DEFAULT_TOP : Number(options.top);
    if (!Number.isInteger(top) || top < 1 || top > 1000)
      throw new CliError('--top: a whole number from 1 to 1000');
    const path = positional[0]!;
    const pack = loadPack();
    const topic = options.topic === undefined ? undefined : packTopic(pack, options.topic);
    // Papers outside the windows are read (and checked) but not kept; an undated one is, for the error below.
    const inWindow = (p: CliPaper) => {
      const date = p.published ?? p.announced;
      return date === undefined || inWindows(date, T);
    };
    const papers = datedPapers(await readPapersFile(path, inWindow), path);
    // Fine topics only: "rising inside cs.CV" would say nothing.
    const fine = (paper: DiscoverPaper) =>
      tagPaper(paper, pack, [])
        .map((tag) => tag.topicId)
        .filter((id) => id === topic?.id || pack.byId.get(id)?.kind === 'fine');
    const tags = new Map<string, readonly string[]>();
    const topicsOf = (paper: DiscoverPaper) =>
      tags.get(paper.id) ?? tags.set(paper.id, fine(paper)).get(paper.id)!;
    const lines = topic
      ? risingInsideLines(
          papers.filter((p) => topicsOf(p).includes(topic.id)),
          T,
          topic,
          (p) => topicsOf(p).filter((id) => pack.byId.get(id)?.kind === 'fine'),
          top,
        )
      : discoverLines(papers, T, topicsOf, top);
    for (const line of lines) out(JSON.stringify(line));
    return 0;
  },
};

/** A pack topic by id, alias or former id, as the extension resolves one; an unknown one is an error. */
function packTopic(pack: CompiledPack, asked: string): { id: string; names: string[] } {
  const id = createCatalog(pack).resolve(asked);
  const topic = id === undefined ? undefined : pack.byId.get(id);
  if (!topic) throw new CliError(`--topic: no topic "${asked}" in the pack (see pulse topics)`);
  return { id: topic.id, names: [topic.name, ...topic.aliases] };
}

/** The phrases rising inside a topic (`papers`: the topic's), in the contract's fields and order. */
export function risingInsideLines(
  papers: readonly DiscoverPaper[],
  T: number,
  topic: { id: string; names: readonly string[] },
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top: number,
): Omit<EmergingPhrase, 'key'>[] {
  return risingInside(papers, T, topic, topicsOf, top).map(contractFields);
}

function contractFields(e: EmergingPhrase): Omit<EmergingPhrase, 'key'> {
  return {
    phrase: e.phrase,
    variants: e.variants,
    recent: e.recent,
    previous: e.previous,
    change: e.change,
    p: e.p,
    papers: e.papers,
    coveredBy: e.coveredBy,
  };
}

/** The contract's fields, in its order. */
export function discoverLines(
  papers: readonly DiscoverPaper[],
  T: number,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top: number,
): Omit<EmergingPhrase, 'key'>[] {
  return discoverEmerging(papers, T, topicsOf, top).map(contractFields);
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
