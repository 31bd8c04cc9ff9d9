import { describe, expect, it } from 'vitest';
import { createPaperSelection } from '../../../lib/content/paper-selection';
import { MAX_LEARN_EXAMPLES } from '../../../lib/discover/learn-page';

describe('createPaperSelection', () => {
  it('keeps the papers in the order picked, tells listeners of each change, and stops at the most a topic learns from', () => {
    const selection = createPaperSelection();
    let changes = 0;
    const stop = selection.subscribe(() => changes++);
    selection.toggle('2601.00002', true);
    selection.toggle('2601.00001', true);
    selection.toggle('2601.00002', true); // already picked: no change
    expect(selection.ids()).toEqual(['2601.00002', '2601.00001']);
    expect(changes).toBe(2);
    selection.toggle('2601.00002', false);
    expect(selection.has('2601.00002')).toBe(false);
    for (let i = 0; i < 60; i++) selection.toggle(`2602.${String(i).padStart(5, '0')}`, true);
    expect(selection.ids()).toHaveLength(MAX_LEARN_EXAMPLES);
    selection.clear();
    expect(selection.ids()).toEqual([]);
    stop();
    selection.toggle('2601.00009', true);
    expect(changes).toBe(3 + (MAX_LEARN_EXAMPLES - 1) + 1);
  });
});
