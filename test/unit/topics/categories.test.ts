import { describe, expect, it } from 'vitest';
import { ARXIV_CATEGORIES, arxivCategory, categoryName } from '../../../lib/topics/data/categories';

describe('arXiv categories', () => {
  it('lists every archive of the taxonomy once per id', () => {
    expect(ARXIV_CATEGORIES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(ARXIV_CATEGORIES.map((c) => c.id)).size).toBe(ARXIV_CATEGORIES.length);
    const archives = new Set(ARXIV_CATEGORIES.map((c) => c.archive));
    for (const a of [
      'cs',
      'math',
      'stat',
      'eess',
      'econ',
      'q-bio',
      'q-fin',
      'physics',
      'astro-ph',
      'cond-mat',
      'quant-ph',
    ]) {
      expect(archives, a).toContain(a);
    }
    expect(ARXIV_CATEGORIES.filter((c) => c.archive === 'cs')).toHaveLength(40);
  });

  it('gives ids in arXiv form and the group of each archive', () => {
    for (const c of ARXIV_CATEGORIES) {
      expect(c.id, c.name).toMatch(/^[a-z-]+(\.[A-Za-z-]+)?$/);
      expect(c.id === c.archive || c.id.startsWith(`${c.archive}.`)).toBe(true);
      expect(c.name).toMatch(/^[A-Z]/);
    }
    expect(arxivCategory('cs.CL')).toEqual({
      id: 'cs.CL',
      name: 'Computation and Language',
      archive: 'cs',
      group: 'Computer Science',
    });
    expect(arxivCategory('cond-mat.stat-mech')?.group).toBe('Physics');
  });

  it('names categories, falling back to the id', () => {
    expect(categoryName('stat.ML')).toBe('Machine Learning');
    expect(categoryName('eess.IV')).toBe('Image and Video Processing');
    expect(categoryName('cs.XX')).toBe('cs.XX');
  });
});
