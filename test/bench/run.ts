import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * `npm run bench [section...]`: speed and memory measurements, printed and saved to .bench/results.json.
 * Sections that drive Chromium build the extension first. They run on the real corpus
 * (../shared/corpus, see real-corpus.ts; PP_CORPUS overrides its path) and say "skipped" without it
 * (tagger and inpage then fall back to the project's own fixtures). Each figure is printed with a baseline
 * from the same run and as `median (min-max, n)`: the machine is shared, absolute times move.
 * tagger: papers/s vs splitting words; index: parse/tag/store on Node vs JSON.parse, bytes per paper by
 * field; annotate: a 2000-entry annotate on Node; index-chromium: annotate and follows.list round trips
 * vs an empty one; index-fill: 12-week backfill in Chromium, worker time per page vs arXiv's spacing and
 * heap; inpage: abstract and 2000-entry listing pages vs the page's own parse; popup: vs a static page's
 * paint; year: 12 vs 52 weeks (storage, momentum, topic page, popup); retag: a year's index re-tagged after a
 * pack update, and pages' annotate round trips meanwhile; year-firefox: year's headline figures in Firefox ESR;
 * rising-inside: the phrases rising inside the largest topics of a 12-week index, vs Emerging's answer.
 */
type Bench = () => Promise<Record<string, number | string>>;

const SECTIONS: Record<string, () => Promise<Bench>> = {
  tagger: async () => (await import('./tagger')).benchTagger,
  index: async () => (await import('./index-node')).benchIndexNode,
  annotate: async () => (await import('./annotate-node')).benchAnnotateNode,
  'index-chromium': async () => (await import('./index-chromium')).benchIndexChromium,
  'index-fill': async () => (await import('./index-fill')).benchIndexFill,
  inpage: async () => (await import('./inpage')).benchInpage,
  popup: async () => (await import('./popup')).benchPopup,
  year: async () => (await import('./year')).benchYear,
  'ask-trace': async () => (await import('./ask-trace')).benchAskTrace,
  retag: async () => (await import('./retag')).benchRetag,
  'year-firefox': async () => (await import('./year-firefox')).benchYearFirefox,
  'emerging-parity': async () => (await import('./emerging-parity')).emergingParity,
  'discover-speed': async () => (await import('./discover-speed')).benchDiscoverSpeed,
  'rising-inside': async () => (await import('./rising-inside')).benchRisingInside,
};

/** Sections that load the built extension into Chromium. */
const IN_CHROMIUM = new Set([
  'index-chromium',
  'index-fill',
  'inpage',
  'popup',
  'year',
  'ask-trace',
  'retag',
]);
const RESULTS = '.bench/results.json';

async function main() {
  const wanted = process.argv.slice(2);
  const names = Object.keys(SECTIONS).filter((n) => wanted.length === 0 || wanted.includes(n));
  if (names.some((n) => IN_CHROMIUM.has(n))) execSync('npx wxt build', { stdio: 'ignore' });
  // Sections not run this time keep their last results.
  const results: Record<string, unknown> = existsSync(RESULTS)
    ? JSON.parse(readFileSync(RESULTS, 'utf8'))
    : {};
  results.at = new Date().toISOString();
  for (const name of names) {
    const load = SECTIONS[name]!;
    process.stdout.write(`\n== ${name}\n`);
    try {
      const result = await (await load())();
      results[name] = result;
      for (const [k, v] of Object.entries(result)) process.stdout.write(`  ${k}: ${v}\n`);
    } catch (error) {
      results[name] = { error: String(error) };
      process.stdout.write(`  FAILED: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    }
  }
  mkdirSync('.bench', { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
}

void main();
