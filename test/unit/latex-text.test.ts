import { describe, expect, it } from 'vitest';
import { latexToText } from '../../lib/latex-text';

describe('latexToText', () => {
  it.each([
    ['\\textit{Agentic} RL at Scale', 'Agentic RL at Scale'],
    ['\\textbf{\\textit{Nested}} styles', 'Nested styles'],
    ['$\\alpha$-divergence for $\\pi_0$ policies', 'α-divergence for π_0 policies'],
    ['Sorting in $O(n \\log n)$ time', 'Sorting in O(n \\log n) time'],
    ['A 95\\% gain \\& more', 'A 95% gain & more'],
    ['Pre-training -- a survey', 'Pre-training – a survey'],
    ['{GRPO}: a {B}ayesian view', 'GRPO: a Bayesian view'],
    ['No LaTeX here: plain words.', 'No LaTeX here: plain words.'],
    ['Unknown \\macro stays', 'Unknown \\macro stays'],
  ])('%s -> %s', (input, expected) => {
    expect(latexToText(input)).toBe(expected);
  });

  it('keeps markup-looking text as text (the caller sets it as text)', () => {
    expect(latexToText('<img src=x onerror=alert(1)> \\textit{ok}')).toBe('<img src=x onerror=alert(1)> ok');
  });
});
