/**
 * Every archive arXiv has had, current and merged (chao-dyn, cmp-lg, …), the one list that category codes
 * (arxiv-categories.ts) and old-style identifiers (arxiv-id.ts) are checked against.
 */
export const ARXIV_ARCHIVES: ReadonlySet<string> = new Set([
  'acc-phys',
  'adap-org',
  'alg-geom',
  'ao-sci',
  'astro-ph',
  'atom-ph',
  'bayes-an',
  'chao-dyn',
  'chem-ph',
  'cmp-lg',
  'comp-gas',
  'cond-mat',
  'cs',
  'dg-ga',
  'econ',
  'eess',
  'funct-an',
  'gr-qc',
  'hep-ex',
  'hep-lat',
  'hep-ph',
  'hep-th',
  'math',
  'math-ph',
  'mtrl-th',
  'nlin',
  'nucl-ex',
  'nucl-th',
  'patt-sol',
  'physics',
  'plasm-ph',
  'q-alg',
  'q-bio',
  'q-fin',
  'quant-ph',
  'solv-int',
  'stat',
  'supr-con',
]);

/** Archives opened after April 2007, when identifiers became `YYMM.NNNNN`: they never issued old-style ones. */
const NEW_STYLE_ONLY = new Set(['econ', 'eess', 'q-fin', 'stat']);

/** The archives that issued old-style identifiers (`archive/YYMMNNN`). */
export const OLD_STYLE_ARCHIVES: ReadonlySet<string> = new Set(
  [...ARXIV_ARCHIVES].filter((a) => !NEW_STYLE_ONLY.has(a)),
);
