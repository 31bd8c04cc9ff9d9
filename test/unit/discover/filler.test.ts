import { describe, expect, it } from 'vitest';
import { isFiller, isFillerText } from '@/lib/discover/filler';
import { FILLER, TOPICS } from './filler-examples';

describe('the filler rule (lib/discover/filler.ts) on the committed examples', () => {
  it.each(FILLER)('"%s" is filler', (phrase) => {
    expect(isFillerText(phrase)).toBe(true);
  });

  it.each(TOPICS)('"%s" is a topic', (phrase) => {
    expect(isFillerText(phrase)).toBe(false);
  });

  it('lets a name rescue a measure or generic words, but not a unit', () => {
    expect(isFiller(['gpt', '5', 'accuracy'], (i) => i > 0)).toBe(false);
    expect(isFiller(['gpt', '5', 'accuracy'])).toBe(true);
    expect(isFillerText('SAM 3 dB')).toBe(true);
  });
});
