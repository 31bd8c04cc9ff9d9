import { describe, expect, it } from 'vitest';
import { splitWindows } from '@/lib/discover/discover';
import { discoverEmerging } from '@/lib/discover/emerging';
import { ownNames, risingInside } from '@/lib/discover/rising-inside';
import { rise } from '@/lib/discover/significance';
import { INSIDE_PHRASE, insideCorpus, OUTSIDE_PHRASE } from '../helpers/discover/inside-corpus';

const T = Date.UTC(2026, 2, 31, 23, 59, 59, 999);
const TOPIC = { id: 'neuromorphic', names: ['Neuromorphic Computing', 'Brain-Inspired Computing'] };
const keys = (list: { key: string }[]) => list.map((e) => e.key);

describe('risingInside', () => {
  const { topic, outside } = insideCorpus(T);

  it('finds the phrase rising inside the topic, not the one rising only outside it', () => {
    const inside = risingInside(topic, T, TOPIC, () => []);
    expect(keys(inside)).toContain(INSIDE_PHRASE);
    expect(keys(inside)).not.toContain(OUTSIDE_PHRASE);
    // Across the whole index it is the other way round: the fixture's two phrases do what they say.
    const whole = discoverEmerging([...topic, ...outside], T, () => [], 30);
    expect(keys(whole)).toContain(OUTSIDE_PHRASE);
    expect(keys(whole)).not.toContain(INSIDE_PHRASE);
  });

  it('tests the share of the topic’s own papers: its windows are the denominator', () => {
    const entry = risingInside(topic, T, TOPIC, () => []).find((e) => e.key === INSIDE_PHRASE)!;
    const { recent, baseline } = splitWindows(topic, T);
    expect(entry).toMatchObject({ recent: 8, previous: 0, change: null });
    expect(entry.p).toBe(rise(8, 0, recent.length, baseline.length).p);
    expect(entry.papers).toEqual(['ti0', 'ti1', 'ti2', 'ti3', 'ti4', 'ti5', 'ti6', 'ti7']);
  });

  it('leaves out the topic’s own name and aliases, and the topic from coveredBy', () => {
    const named = { id: 'qrc', names: ['Reservoir Computing', 'Quantum Reservoir Computing'] };
    const topicsOf = () => ['qrc', 'physical-computing'];
    expect(keys(risingInside(topic, T, named, topicsOf))).not.toContain(INSIDE_PHRASE);
    const entry = risingInside(topic, T, TOPIC, topicsOf).find((e) => e.key === INSIDE_PHRASE)!;
    expect(entry.coveredBy).toEqual(['physical-computing', 'qrc']);
    const entryOf = risingInside(topic, T, { id: 'qrc', names: [] }, topicsOf);
    expect(entryOf.find((e) => e.key === INSIDE_PHRASE)!.coveredBy).toEqual(['physical-computing']);
  });

  it('folds names as Emerging folds words, and matches an acronym by its expansion', () => {
    const leaveOut = ownNames(['3D Gaussian Splatting (3DGS)', 'Sim-to-Real', 'LLM Agents']);
    expect(leaveOut('3d gaussian splatting', undefined)).toBe(true);
    expect(leaveOut('sim to real', undefined)).toBe(true);
    expect(leaveOut('llm agent', undefined)).toBe(true);
    expect(leaveOut('gs', '3d gaussian splatting')).toBe(true);
    expect(leaveOut('gaussian splatting', undefined)).toBe(false);
  });

  it('finds nothing in a topic whose papers hold no rise', () => {
    const steady = topic.filter((p) => !p.id.startsWith('ti'));
    expect(risingInside(steady, T, TOPIC, () => [])).toEqual([]);
  });
});
