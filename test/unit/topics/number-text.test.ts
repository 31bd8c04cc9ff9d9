import { describe, expect, it } from 'vitest';
import { decodeNumbers, encodeNumbers } from '../../../lib/topics/matching/number-text';

describe('number text', () => {
  it('round-trips small, large and boundary numbers', () => {
    const numbers = [0, 1, 31, 32, 33, 1023, 1024, 65_535, 1_000_000, 0x3fffffff];
    const text = encodeNumbers(numbers);
    expect([...decodeNumbers(text)!]).toEqual(numbers);
    expect(encodeNumbers([0, 31])).toBe('Af');
    expect(encodeNumbers([32])).toHaveLength(2);
    expect([...decodeNumbers('')!]).toEqual([]);
  });

  it('round-trips thousands of random numbers', () => {
    let seed = 7;
    const numbers = Array.from({ length: 5000 }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % (1 << ((seed >>> 16) % 31));
    });
    expect([...decodeNumbers(encodeNumbers(numbers))!]).toEqual(numbers);
  });

  it('writes only characters JSON carries without escapes', () => {
    const text = encodeNumbers(Array.from({ length: 2000 }, (_, i) => i * 977));
    expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(JSON.stringify(text)).toBe(`"${text}"`);
  });

  it('refuses numbers it cannot write', () => {
    for (const bad of [-1, 0.5, 2 ** 30, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => encodeNumbers([bad])).toThrow(RangeError);
    }
  });

  it('refuses bad characters, a number cut short and numbers over 30 bits', () => {
    expect(decodeNumbers('AB"')).toBeUndefined();
    expect(decodeNumbers('A B')).toBeUndefined();
    expect(decodeNumbers('é')).toBeUndefined();
    expect(decodeNumbers('Ag')).toBeUndefined();
    expect(decodeNumbers('gggggggA')).toBeUndefined();
    expect(decodeNumbers('______')).toBeUndefined();
  });

  it('reads a huge list in one pass', () => {
    const numbers = Array.from({ length: 200_000 }, (_, i) => i);
    expect(decodeNumbers(encodeNumbers(numbers))!.length).toBe(200_000);
  });
});
