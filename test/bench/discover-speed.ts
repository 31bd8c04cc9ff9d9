import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { CORPUS_FILE, corpusMissing } from './real-corpus';
import { median, spread } from './worker-cdp';

const RUNS = 3;
const AS_OF = '2026-03-29';

/**
 * `pulse discover` on the real corpus (54,001 papers, the "50,000"), wall time of the command as a
 * user runs it (node + tsx start included), against a same-run baseline: a node process that only gunzips
 * and JSON.parses the same file (the floor any reader of it pays). Runs alternate; the 1-minute load average
 * is printed before each (the machine is shared: compare figures only at a low load).
 */
export async function benchDiscoverSpeed(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const discover: number[] = [];
  const floor: number[] = [];
  const loads: string[] = [];
  const time = (run: () => void) => {
    const start = performance.now();
    run();
    return performance.now() - start;
  };
  for (let i = 0; i < RUNS; i++) {
    loads.push(loadavg()[0]!.toFixed(2));
    discover.push(
      time(() =>
        execFileSync('npx', ['tsx', 'lib/cli/main.ts', 'discover', CORPUS_FILE, '--as-of', AS_OF], {
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      ),
    );
    floor.push(
      time(() =>
        execFileSync(
          'node',
          [
            '-e',
            `const z=require('node:zlib'),f=require('node:fs');let n=0;for(const l of z.gunzipSync(f.readFileSync(${JSON.stringify(CORPUS_FILE)})).toString('utf8').split('\\n'))if(l)n+=!!JSON.parse(l).id;`,
          ],
          { stdio: 'inherit' },
        ),
      ),
    );
  }
  return {
    'load average (1 min) before each run': loads.join(', '),
    [`pulse discover --as-of ${AS_OF} (54,001 papers), ms`]: spread(discover),
    'baseline: node gunzip + JSON.parse of the same file, ms': spread(floor),
    'discover / baseline': (median(discover) / median(floor)).toFixed(2),
  };
}
