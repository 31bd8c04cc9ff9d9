import { type Catalog, createCatalog } from '../../topics/catalog';
import { loadPack } from '../../topics/load-pack';
import type { Evidence, TopicTag } from '../../topics/types';
import { type CliCommand, CliError, parseArgs } from '../command';
import { readPapersFile } from '../read-papers';
import { readUserTopicsFile } from './tag';

/** `pulse explain ID FILE [--topics FILE]`: why each topic matched one paper, and which nearly did. */
export const explainCommand: CliCommand = {
  usage: 'ID FILE [--topics USER_TOPICS.json]   (ID: an arXiv id in FILE, version optional)',
  async run(args, out) {
    const { positional, options } = parseArgs(args, ['topics']);
    if (positional.length !== 2) throw new CliError('explain needs an ID and a FILE');
    const [id, path] = positional as [string, string];
    const papers = await readPapersFile(path);
    const wanted = withoutVersion(id);
    const paper = papers.find((p) => withoutVersion(p.id) === wanted);
    if (!paper) throw new CliError(`${path}: no paper with id ${id}`);
    const catalog = createCatalog(loadPack());
    const user = options.topics ? await readUserTopicsFile(options.topics, catalog) : undefined;
    const { tags, rejected } = catalog.explain(paper);
    const label = (topicId: string) => `${catalog.name(topicId)} [${user?.givenId.get(topicId) ?? topicId}]`;

    out(`${paper.id}  ${paper.title}`);
    out(`categories: ${paper.categories.join(' ') || '(none)'}`);
    out('');
    out(tags.length ? 'Tagged:' : 'Tagged: nothing');
    for (const tag of tags) {
      out(`  ${label(tag.topicId)}  score ${tag.score}${kindNote(catalog, tag.topicId)}${sourceNote(tag)}`);
      out(
        `    ${tag.source === 'model' ? 'words that weighed most: ' : ''}${describeEvidence(tag.evidence)}`,
      );
      const rule = catalog.get(tag.topicId)?.rule;
      if (
        rule &&
        catalog.get(tag.topicId)?.kind === 'fine' &&
        tag.source !== 'model' &&
        tag.source !== 'parent'
      )
        out(`    rule: ${rule}`);
    }
    if (rejected.length) {
      out('');
      out('Considered, not tagged:');
      for (const r of rejected.slice(0, 15)) {
        out(`  ${label(r.topicId)}  score ${r.score}: ${r.reason}`);
        out(`    ${describeEvidence(r.evidence)}`);
      }
    }
    return 0;
  },
};

/** Fine topics: which layer gave the tag. */
function sourceNote(tag: TopicTag): string {
  switch (tag.source) {
    case 'model':
      return ' (learned model)';
    case 'both':
      return ' (rules and learned model)';
    case 'parent':
      return ' (implied by a narrower topic)';
    default:
      return '';
  }
}

function withoutVersion(id: string): string {
  return id.trim().replace(/v\d+$/, '');
}

function kindNote(catalog: Catalog, topicId: string): string {
  const kind = catalog.get(topicId)?.kind;
  return kind === 'category' ? ' (arXiv category)' : kind === 'user' ? ' (your topic)' : '';
}

/** `title: "agentic RL"; abstract: "LLM agents", "GRPO"` */
function describeEvidence(evidence: readonly Evidence[]): string {
  const byWhere = new Map<string, string[]>();
  for (const e of evidence) byWhere.set(e.where, [...(byWhere.get(e.where) ?? []), JSON.stringify(e.phrase)]);
  return [...byWhere].map(([where, phrases]) => `${where}: ${phrases.join(', ')}`).join('; ');
}
