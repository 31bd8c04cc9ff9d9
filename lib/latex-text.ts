/**
 * LaTeX that arXiv metadata carries in titles and abstracts, as plain text for reading:
 * `\textit{Agents}` -> "Agents", `$\alpha$-divergence` -> "α-divergence", `$O(n^2)$` -> "O(n^2)", `\%` -> "%".
 * Only what reads as text is changed; anything else is left as it was (never dropped). Text only: the result
 * is set as text, never as markup.
 */
const STYLE =
  /\\(?:textit|textbf|textsc|texttt|textrm|textsf|emph|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|text|mbox|underline)\s*\{([^{}]*)\}/g;
const GREEK: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  times: '×',
  cdot: '·',
  leq: '≤',
  geq: '≥',
  le: '≤',
  ge: '≥',
  neq: '≠',
  approx: '≈',
  sim: '~',
  infty: '∞',
  rightarrow: '→',
  to: '→',
  leftarrow: '←',
  pm: '±',
};

export function latexToText(text: string): string {
  let out = text;
  // Innermost groups first, until nothing changes (nested \textbf{\textit{x}}), with a bound for safety.
  for (let i = 0; i < 5; i++) {
    const next = out.replace(STYLE, '$1');
    if (next === out) break;
    out = next;
  }
  return out
    .replace(/\\([A-Za-z]+)(?![A-Za-z])\s?/g, (whole, name: string) => GREEK[name] ?? whole)
    .replace(/\\([%&_#$])/g, '$1')
    .replace(/\$([^$]{1,200})\$/g, '$1')
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/~/g, ' ')
    .replace(/``|''/g, '"')
    .replace(/[{}]/g, (brace, offset: number, all: string) => (all[offset - 1] === '\\' ? brace : ''));
}
