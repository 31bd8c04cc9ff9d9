/** An answer as plain text for the clipboard: the question, the answer's lines, then its references. */

export interface Reference {
  id: string;
  title: string;
}

export function arxivLink(id: string): string {
  return `https://arxiv.org/abs/${id}`;
}

/** `lines` cite the references as [n], n counting from 1 in `references`' order. */
export function answerText(
  question: string,
  lines: readonly string[],
  references: readonly Reference[],
): string {
  const refs = references.map((r, i) => `[${i + 1}] ${r.title}. arXiv:${r.id}. ${arxivLink(r.id)}`);
  return [`Q: ${question}`, '', ...lines, '', 'References', ...refs].join('\n');
}
