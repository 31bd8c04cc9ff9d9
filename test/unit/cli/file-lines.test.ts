import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileChunks, LineSplitter } from '../../../lib/cli/file-lines';
import { readPapersFile } from '../../../lib/cli/read-papers';

const dir = mkdtempSync(join(tmpdir(), 'pp-lines-'));

function splitAt(bytes: Buffer, cuts: number[]): string[][] {
  const seen: string[][] = [];
  const lines = new LineSplitter((line, n) => seen.push([String(n), line]));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    lines.push(bytes.subarray(from, cut));
    from = cut;
  }
  lines.end();
  return seen;
}

describe('LineSplitter', () => {
  const text = 'première ligne\n\nzweite Zeile — ü\r\nlast without newline';
  const bytes = Buffer.from(text, 'utf8');
  const whole = text.split('\n').map((line, i) => [String(i + 1), line]);

  it('gives the lines of text.split, numbered from 1, however the bytes are cut', () => {
    expect(splitAt(bytes, [])).toEqual(whole);
    // Every cut, including those inside a two- or three-byte character and right after a newline.
    for (let cut = 1; cut < bytes.length; cut++) expect(splitAt(bytes, [cut])).toEqual(whole);
    expect(splitAt(bytes, [3, 4, 5, 16, 17, 30])).toEqual(whole);
  });

  it('gives no empty last line after a final newline, as the text reader skips it', () => {
    expect(splitAt(Buffer.from('a\nb\n'), [2])).toEqual([
      ['1', 'a'],
      ['2', 'b'],
    ]);
  });
});

describe('fileChunks', () => {
  it('gunzips a gzip file larger than one chunk to the same bytes', async () => {
    const content = Buffer.from(
      Array.from({ length: 60_000 }, (_, i) => `{"id":"${i}","title":"t ${i % 97}"}`).join('\n'),
    );
    const path = join(dir, 'big.jsonl.gz');
    writeFileSync(path, gzipSync(content));
    const chunks: Buffer[] = [];
    for await (const chunk of await fileChunks(path)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it('names the file and the zlib code for a broken gzip file', async () => {
    const path = join(dir, 'broken.jsonl.gz');
    const good = gzipSync('{"id":"1","title":"a"}\n'.repeat(1000));
    writeFileSync(path, Buffer.concat([good.subarray(0, 20), Buffer.alloc(40, 7)]));
    await expect(readPapersFile(path)).rejects.toThrow(/^cannot read .*broken\.jsonl\.gz: Z_/);
  });

  it('reads a file as an Atom feed after leading white space that fills more than one chunk', async () => {
    const path = join(dir, 'padded.xml.gz');
    writeFileSync(path, gzipSync(`${' '.repeat(3 << 20)}<feed xmlns="http://www.w3.org/2005/Atom"></feed>`));
    // The feed parser's own complaint: the file went to it, not to the JSONL reader.
    await expect(readPapersFile(path)).rejects.toThrow(/padded\.xml\.gz: feed lacks opensearch:totalResults/);
  });
});
