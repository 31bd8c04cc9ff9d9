import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../lib/cli/command';
import { readAtom, readPapersFile } from '../../../lib/cli/read-papers';
import { tempDir } from '../helpers/temp-dir';

const FIXTURES = join(__dirname, '../../fixtures/arxiv-api');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

function cliError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('readAtom (CLI input from an arXiv feed)', () => {
  const dir = tempDir('pp-cli-input-');
  it('reads both serializations into CLI papers with their v1 date and place', () => {
    const old = readAtom(fixture('old-format_cat-cs.LG_2026-05.xml'), 'old.xml');
    expect(old.map((p) => [p.id, p.where])).toEqual([
      ['2605.08812', 'entry 1'],
      ['2605.07433', 'entry 2'],
      ['hep-ex/0112004', 'entry 3'],
    ]);
    expect(old[0]).toMatchObject({
      title:
        'On-Policy Distillation for Small Reasoning Models: Matching the Teacher Where the Student Actually Goes',
      categories: ['cs.LG', 'cs.CL', 'cs.AI'],
      published: Date.UTC(2026, 4, 11, 17, 58, 3),
    });
    const fresh = readAtom(fixture('new-format_idlist_2026-06.xml'), 'new.xml');
    expect(fresh.map((p) => p.id)).toEqual(['2606.01187', '2605.30121']);
    expect(fresh[1]!.categories).toEqual(['cs.AI', 'cs.LG']);
  });

  it('reads an empty result as no papers', () => {
    expect(readAtom(fixture('empty-result_new-format.xml'), 'empty.xml')).toEqual([]);
  });

  it('reports the error feed, malformed XML and skipped entries with the file name', () => {
    expect(cliError(() => readAtom(fixture('error_incorrect-id.xml'), 'err.xml'))).toBe(
      'err.xml: arXiv error feed: incorrect id format for 2606.999999',
    );
    expect(cliError(() => readAtom(fixture('malformed_truncated.xml'), 'cut.xml'))).toMatch(
      /^cut\.xml: not well-formed XML/,
    );
    expect(cliError(() => readAtom(fixture('hostile-entries_new-format.xml'), 'bad.xml'))).toBe(
      'bad.xml: entry http://arxiv.org/abs/2606.04411v1: no valid published date',
    );
  });

  it('is chosen by readPapersFile for a file starting with "<"', async () => {
    const path = join(dir, 'feed.xml');
    writeFileSync(path, `\n  ${fixture('new-format_idlist_2026-06.xml')}`);
    expect((await readPapersFile(path)).map((p) => p.id)).toEqual(['2606.01187', '2605.30121']);
  });

  it('gives JSONL papers their line for error messages', async () => {
    const path = join(dir, 'papers.jsonl');
    writeFileSync(
      path,
      '{"id":"2606.00001","title":"A","abstract":"x"}\n\n{"id":"2606.00002","title":"B","abstract":"y"}\n',
    );
    expect((await readPapersFile(path)).map((p) => p.where)).toEqual(['line 1', 'line 3']);
  });
});
