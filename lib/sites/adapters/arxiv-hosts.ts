/** arXiv serves the same pages on these hosts (export.arxiv.org is the mirror meant for robots, but people land there too). */
export const ARXIV_MATCHES = ['https://arxiv.org/*', 'https://www.arxiv.org/*', 'https://export.arxiv.org/*'];

/** arXiv marks field labels (`Title:`, `Authors:`, `Abstract:`, `Subjects:`) with this class. */
export const ARXIV_LABEL_CLASSES = ['descriptor'];
