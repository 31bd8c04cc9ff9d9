import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bucketOf, STOPWORDS } from '@/lib/search/search-tokens';
import { termIsWord, wordBuckets } from '@/lib/search/word-postings';
import { stemWord } from '@/lib/text/tokens';
import { plainWord, words } from '@/lib/text/words';
import { RAW } from '@/lib/topics/reach-phrases';

/** Whether one of the word's buckets holds `term` (a prefix bucket: every bucket starting so). */
function found(word: string, term: string): boolean {
  return (wordBuckets(word) ?? []).some(({ bucket, prefix }) =>
    prefix ? bucketOf(term).startsWith(bucket) : bucketOf(term) === bucket,
  );
}

describe('where the search index keeps the terms of a stem or an acronym', () => {
  it('finds the term of every word of real papers under its stem', () => {
    const text = readFileSync(new URL('../../fixtures/topics/reach-papers.jsonl', import.meta.url), 'utf8');
    let checked = 0;
    for (const raw of new Set(words(text))) {
      const term = plainWord(raw);
      const stem = stemWord(raw);
      if (!wordBuckets(stem)) continue;
      checked++;
      expect(found(stem, term), `${raw} -> ${stem}`).toBe(true);
      expect(termIsWord(term, stem)).toBe(true);
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('looks where a last "y" became "i"', () => {
    for (const raw of ['pay', 'days', 'ayed', 'key', 'studies', 'ray']) {
      expect(found(stemWord(raw), raw), raw).toBe(true);
    }
  });

  it('cannot list words the index leaves out or cuts, or one-letter stems', () => {
    for (const stop of STOPWORDS) expect(wordBuckets(stemWord(stop))).toBeUndefined();
    expect(wordBuckets('p')).toBeUndefined();
    expect(wordBuckets('schrödinger')).toBeUndefined();
    expect(wordBuckets('a'.repeat(30))).toBeUndefined();
    expect(wordBuckets(`${RAW}IT`)).toBeUndefined();
  });

  it('finds an acronym under its plain term only', () => {
    expect(wordBuckets(`${RAW}LLMs`)).toEqual([{ bucket: 'llm', prefix: false }]);
    expect(termIsWord('llms', `${RAW}LLMs`)).toBe(true);
    expect(termIsWord('llm', `${RAW}LLMs`)).toBe(false);
  });
});
