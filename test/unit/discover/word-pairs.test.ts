import { describe, expect, it } from 'vitest';
import { PhraseTrie } from '@/lib/discover/phrase-trie';
import { runAll } from '@/lib/discover/slices';
import { phraseGrowth } from '@/lib/discover/word-pairs';
import { SEP, WordTable } from '@/lib/discover/word-table';

function encodedOf(texts: readonly string[]) {
  const table = new WordTable();
  const encoded = texts.map((abstract) => ({ title: table.encode(''), abstract: table.encode(abstract) }));
  const df = new Int32Array(table.keys.length);
  encoded.forEach((p) => {
    for (const w of new Set(p.abstract)) if (w !== SEP && w >= 0) df[w]!++;
  });
  return { table, encoded, df };
}

const TEXTS = [
  'sparse attention kernels',
  'sparse attention for video, kernels sparse',
  'sparse-attention kernels',
  'attention sparse kernels',
];

describe('phraseGrowth', () => {
  it('admits a word after another only when that pair is adjacent in enough papers (hyphens skipped)', () => {
    const { table, encoded, df } = encodedOf(TEXTS);
    const grows = runAll(phraseGrowth(encoded, df, 3));
    const id = (w: string) => table.lookup(w)!;
    expect(grows(id('sparse'), -1)).toBe(true);
    expect(grows(id('attention'), id('sparse'))).toBe(true);
    // Adjacent in two papers only (the comma ends the pair in the second).
    expect(grows(id('kernel'), id('attention'))).toBe(false);
    expect(grows(id('video'), -1)).toBe(false);
  });

  it('keeps the trie, once pruned, as growing it whole would', () => {
    const { table, encoded, df } = encodedOf([...TEXTS, ...TEXTS, 'kernels for sparse attention kernels']);
    const counts = (trie: PhraseTrie) =>
      [...trie.phrases()].map((n) => [trie.keyOf(n), n.recent, n.titles]).sort();
    const whole = new PhraseTrie(table);
    const grown = new PhraseTrie(table);
    const admit = runAll(phraseGrowth(encoded, df, 3));
    for (const p of encoded) {
      whole.add(p, 0);
      grown.add(p, 0, true, admit);
    }
    whole.prune(3);
    grown.prune(3);
    expect(counts(grown)).toEqual(counts(whole));
    expect(counts(grown).map(([key]) => key)).toContain('sparse attention kernel');
  });
});
