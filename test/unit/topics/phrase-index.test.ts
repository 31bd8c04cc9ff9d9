import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../lib/text/tokens';
import {
  ACRONYM,
  ANY,
  createPhraseIndex,
  EXACT,
  INFLECTED,
  parsePattern,
  STEM,
  singular,
} from '../../../lib/topics/matching/phrase-index';
import { scanText } from '../../../lib/topics/matching/phrase-scan';

function scan(phrases: string[], text: string): string[] {
  const index = createPhraseIndex();
  const ids = phrases.map((p) => index.add(parsePattern(p)!));
  const { tokens, hits } = scanText(index, text);
  return hits.map((h) => {
    const words = tokens.slice(h.start, h.end).map((t) => t.raw);
    return `${phrases[ids.indexOf(h.pattern)]}=${words.join(' ')}`;
  });
}

describe('parsePattern', () => {
  it('stems words, keeps capitals case-sensitive, and knows * = ~', () => {
    expect(parsePattern('Large Language Models')).toEqual({
      kinds: [STEM, STEM, STEM],
      values: ['larg', 'languag', 'model'],
    });
    expect(parsePattern('RL for VLMs')).toEqual({
      kinds: [ACRONYM, STEM, ACRONYM],
      values: ['RL', 'for', 'VLM'],
    });
    expect(parsePattern('NeRF')?.kinds).toEqual([ACRONYM]);
    expect(parsePattern('=agentic RL')).toEqual({ kinds: [EXACT, ACRONYM], values: ['agentic', 'RL'] });
    expect(parsePattern('LLM * agent')?.kinds).toEqual([ACRONYM, ANY, STEM]);
    expect(parsePattern('hallucinations')).toEqual({ kinds: [INFLECTED], values: ['hallucination'] });
    expect(parsePattern('~agent')).toEqual({ kinds: [STEM], values: ['agent'] });
  });

  it('refuses phrases without words or with a dangling *', () => {
    expect(parsePattern('')).toBeUndefined();
    expect(parsePattern(' -- ')).toBeUndefined();
    expect(parsePattern('* agent')).toBeUndefined();
    expect(parsePattern('agent *')).toBeUndefined();
  });
});

describe('singular', () => {
  it.each([
    ['studies', 'study'],
    ['biases', 'bias'],
    ['matches', 'match'],
    ['Models', 'model'],
    ['analysis', 'analysis'],
    ['class', 'class'],
    ['corpus', 'corpus'],
  ])('%s -> %s', (word, expected) => expect(singular(word)).toBe(expected));
});

describe('scanText', () => {
  it('matches stemmed, hyphenated and cased variants of a phrase', () => {
    expect(scan(['large language model'], 'Large-Language-Models and a large language model.')).toEqual([
      'large language model=Large Language Models',
      'large language model=large language model',
    ]);
    expect(scan(['on-policy distillation'], 'on policy distilled students')).toEqual([
      'on-policy distillation=on policy distilled',
    ]);
  });

  it('matches capitals only as capitals, with a plural s', () => {
    expect(scan(['RL', 'LLM'], 'RL and rl; LLMs, llms and LLM')).toEqual(['RL=RL', 'LLM=LLMs', 'LLM=LLM']);
    expect(scan(['mAP'], 'a map of mAP')).toEqual(['mAP=mAP']);
    expect(scan(['3DGS'], '3DGS-based 3dgs')).toEqual(['3DGS=3DGS']);
  });

  it('matches a lone word only with its plural, not its whole stem family', () => {
    expect(scan(['publications'], 'public publication publications')).toEqual([
      'publications=publication',
      'publications=publications',
    ]);
    expect(scan(['Ising'], 'it is an Ising model')).toEqual(['Ising=Ising']);
    expect(scan(['~agent'], 'agents and agentic')).toEqual(['~agent=agents', '~agent=agentic']);
  });

  it('matches exact words and wildcards', () => {
    expect(scan(['=agentic RL'], 'agent RL, agentic RL')).toEqual(['=agentic RL=agentic RL']);
    expect(scan(['LLM * agent'], 'LLM-based agents and LLM agents')).toEqual([
      'LLM * agent=LLM based agents',
    ]);
  });

  it('reports overlapping phrases, longest first at one position', () => {
    expect(scan(['language model', 'large language model', 'model'], 'large language models')).toEqual([
      'large language model=large language models',
      'language model=language models',
      'model=models',
    ]);
  });

  it('tokenises exactly like tokenize', () => {
    const text = 'Schrödinger’s 3D-GS (RLVR) — naïve LLMs; x_{t}^2 \u0065\u0301t\u00e9';
    const index = createPhraseIndex();
    index.add(parsePattern('agent')!);
    expect(scanText(index, text).tokens).toEqual(tokenize(text));
  });

  it('is linear and robust on huge or hostile text', () => {
    const index = createPhraseIndex();
    for (const p of ['a a a a', 'a * a', 'LLM', 'x']) index.add(parsePattern(p)!);
    const { tokens, hits } = scanText(index, 'a '.repeat(50_000));
    expect(tokens).toHaveLength(50_000);
    expect(hits.length).toBeGreaterThan(0);
    expect(scanText(index, '\u0000\uffff\ud800 ((( ]]] '.repeat(1000)).hits).toEqual([]);
    expect(scanText(index, '').tokens).toEqual([]);
  });
});
