import { SITE_ADAPTERS } from './registry';

/**
 * The hosts granted at install (wxt.config.ts puts them in `host_permissions`): every site adapter's
 * match patterns, without the opt-in generic adapter's. Importable from Node: nothing here touches a DOM.
 */
export const SITE_MATCHES: string[] = [
  ...new Set(SITE_ADAPTERS.filter((a) => !a.optIn).flatMap((a) => a.matches)),
];
