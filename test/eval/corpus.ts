/** The shared corpus of 54,001 CS papers (../shared/corpus), read once per process. */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CORPUS_FILE, type CorpusPaper } from './labelset';

let cached: CorpusPaper[] | undefined;

/** Every corpus paper, in file order; exits with a clear message when the corpus is not beside the project. */
export function readCorpus(): CorpusPaper[] {
  if (cached) return cached;
  if (!existsSync(CORPUS_FILE)) {
    console.error(
      `corpus not found at ${CORPUS_FILE}\n(expected ../shared/corpus beside the project; set PULSE_SHARED=/path/to/shared)`,
    );
    process.exit(2);
  }
  cached = gunzipSync(readFileSync(CORPUS_FILE))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CorpusPaper);
  return cached;
}
