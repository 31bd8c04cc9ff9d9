import { describe, expect, it } from 'vitest';
import { RawWords } from '@/lib/discover/raw-words';

describe('RawWords', () => {
  it('makes a number once per as-written word, found again in place in any text, through growing', () => {
    const words = new RawWords();
    const made: string[] = [];
    const value = (raw: string) => {
      made.push(raw);
      return made.length;
    };
    const text = Array.from({ length: 50_000 }, (_, i) => `w${i}`).join(' ');
    let start = 0;
    for (const raw of text.split(' ')) {
      words.lookup(text, start, start + raw.length, value);
      start += raw.length + 1;
    }
    expect(made).toHaveLength(50_000);
    // "w12" inside another text, and a word that only starts like a known one.
    expect(words.lookup('see w12, w123', 4, 7, value)).toBe(13);
    expect(words.lookup('see w12, w123', 9, 13, value)).toBe(124);
    expect(words.lookup('W12', 0, 3, value)).toBe(50_001);
    expect(made.at(-1)).toBe('W12');
  });
});
