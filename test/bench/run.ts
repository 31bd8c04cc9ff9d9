import { mkdirSync, writeFileSync } from 'node:fs';

/**
 * `npm run bench [section...]`: speed and memory measurements, printed and saved to .bench/results.json.
 * Sections that drive Chromium need `npm run build` first (the bench runs it).
 */
type Bench = () => Promise<Record<string, number | string>>;

const SECTIONS: Record<string, () => Promise<Bench>> = {
  tagger: async () => (await import('./tagger')).benchTagger,
  index: async () => (await import('./index-node')).benchIndexNode,
  'index-chromium': async () => (await import('./index-chromium')).benchIndexChromium,
  inpage: async () => (await import('./inpage')).benchInpage,
  popup: async () => (await import('./popup')).benchPopup,
};

async function main() {
  const wanted = process.argv.slice(2);
  const results: Record<string, unknown> = { at: new Date().toISOString() };
  for (const [name, load] of Object.entries(SECTIONS)) {
    if (wanted.length && !wanted.includes(name)) continue;
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
  writeFileSync('.bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
}

void main();
