import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { EXTRA_SITES_ORIGINS } from './lib/background/extra-sites';
import { SITE_MATCHES } from './lib/sites/matches';

/** The generic Highwire adapter reads any site, so its access is asked for, never granted at install. */
const OPTIONAL_HOSTS = EXTRA_SITES_ORIGINS;

// The manifest is written once, in MV3 form; WXT converts it for Firefox MV2.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Explicit imports everywhere: a reader sees where every name comes from.
  imports: false,
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser, manifestVersion }) => ({
    name: 'PaperPulse',
    description:
      'Fine-grained topic tags and momentum for research papers on arXiv and similar sites. Everything stays in your browser.',
    permissions: ['storage', 'unlimitedStorage', 'alarms'],
    // Each host once: the arXiv adapter's patterns include the API host (its abstract pages are served there too).
    host_permissions: [...new Set(['https://export.arxiv.org/*', ...SITE_MATCHES])],
    // `scripting` only registers the opt-in "extra sites" script: asked for with those hosts, never at install.
    // MV2 has no optional_host_permissions (and WXT drops the key): there, hosts are optional permissions.
    optional_permissions:
      manifestVersion === 2
        ? ['notifications', 'scripting', ...OPTIONAL_HOSTS]
        : ['notifications', 'scripting'],
    ...(manifestVersion === 3 ? { optional_host_permissions: OPTIONAL_HOSTS } : {}),
    action: { default_title: 'PaperPulse' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'paperpulse@paperpulse.dev',
              strict_min_version: '115.0',
              // Firefox's data-collection declaration: PaperPulse sends nothing anywhere.
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
