import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { EXTRA_SITES_ORIGINS } from './lib/background/extra-sites';
import { SITE_MATCHES } from './lib/sites/matches';

/** The generic Highwire adapter reads any site, so its access is asked for, never granted at install. */
const OPTIONAL_HOSTS = EXTRA_SITES_ORIGINS;

const PACK_DATA = /(?:^|\/)lib\/topics\/data\/[\w-]+\.json$/;
const PACK_DATA_ID = '\0pp-pack-data:';

/**
 * The topic pack's data (lib/topics/data/*.json: compiled.json and model.json, 1.3 MB) bundled as
 * `JSON.parse` of a string, not as the object literal the bundler writes: the service worker evaluates it at
 * every wake, and V8 reads JSON text several times faster than the same data as JavaScript (issue 36: the
 * literal was most of a fresh worker's first ~250 ms). The data is the same; a file that is not JSON fails
 * the build.
 */
function packDataAsJsonText(): Plugin {
  return {
    name: 'pp-pack-data-as-json-text',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && PACK_DATA.test(resolved.id.replace(/\\/g, '/'))
        ? `${PACK_DATA_ID}${resolved.id.slice(0, -'.json'.length)}.pack-data`
        : null;
    },
    load(id) {
      if (!id.startsWith(PACK_DATA_ID)) return null;
      // The id names no .json file: Vite's own JSON plugin would read the code below as JSON.
      const file = resolve(`${id.slice(PACK_DATA_ID.length, -'.pack-data'.length)}.json`);
      const text = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
      return `export default JSON.parse(${JSON.stringify(text)});`;
    },
  };
}

// The manifest is written once, in MV3 form; WXT converts it for Firefox MV2.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Explicit imports everywhere: a reader sees where every name comes from.
  imports: false,
  vite: () => ({ plugins: [preact(), packDataAsJsonText()] }),
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
