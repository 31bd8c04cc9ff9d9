// Placeholder: replaced by the site registry's match patterns (issue 3).
export const SITE_MATCHES: string[] = ['https://arxiv.org/*'];
