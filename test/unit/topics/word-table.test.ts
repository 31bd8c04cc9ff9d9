import { describe, expect, it } from 'vitest';
import { hashOf, StringTable, WordTable } from '../../../lib/topics/matching/word-table';

describe('StringTable', () => {
  it('finds a string inside a longer text without cutting it out', () => {
    const table = new StringTable(2);
    const id = table.intern('agent');
    expect(table.intern('agent')).toBe(id);
    const text = 'LLM agents and an agent';
    expect(table.find(text, 18, 23, hashOf(text, 18, 23))).toBe(id);
    expect(table.find(text, 4, 10, hashOf(text, 4, 10))).toBe(-1);
    expect(table.get('agent')).toBe(id);
    expect(table.get('agen')).toBe(-1);
    expect([...table.data.subarray(id * 2, id * 2 + 2)]).toEqual([-1, -1]);
  });

  it('keeps every string apart through growth and hash collisions', () => {
    const table = new StringTable(1);
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
    const ids = words.map((w) => table.intern(w));
    expect(ids).toEqual(words.map((_, i) => i));
    expect(words.map((w) => table.get(w))).toEqual(ids);
    // Same hash slot, different strings: an empty string, one character, long ones, other scripts.
    for (const s of ['', 'a', 'a'.repeat(5000), 'Schrödinger', '𝑥', '\ud800']) {
      expect(table.get(s)).toBe(-1);
      const id = table.intern(s);
      expect(table.get(s)).toBe(id);
      expect(table.raws[id]).toBe(s);
    }
  });

  it('builds a table of a list in one pass, refusing repeats', () => {
    const table = StringTable.of(['model', 'agent', 'LLM', 'Schrödinger'], 1)!;
    expect(table.count).toBe(4);
    expect(['model', 'agent', 'LLM', 'Schrödinger'].map((s) => table.get(s))).toEqual([0, 1, 2, 3]);
    expect(table.intern('new')).toBe(4);
    expect(StringTable.of(['a', 'b', 'a'], 1)).toBeUndefined();
    expect(StringTable.of([], 1)!.count).toBe(0);
    const many = Array.from({ length: 10_000 }, (_, i) => `f${i}`);
    const big = StringTable.of(many, 2)!;
    expect(big.get('f9999')).toBe(9999);
  });

  it('forgets everything when cleared', () => {
    const table = new WordTable();
    table.intern('agent');
    table.clear();
    expect(table.count).toBe(0);
    expect(table.get('agent')).toBe(-1);
    expect(table.intern('model')).toBe(0);
  });
});
