// `npm test` runs the Firefox end-to-end suite; a missing Firefox or openssl fails here, loudly, instead of
// the suite being skipped.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const path = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `Firefox not found at ${path}.\n` +
      'The Firefox end-to-end tests load the built MV2 and MV3 extensions in a real Firefox. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y firefox-esr\n' +
      'or point FIREFOX_PATH at a Firefox binary (ESR 128 or newer speaks WebDriver BiDi).',
  );
  process.exit(1);
}
try {
  // The suite's fake web signs a throwaway certificate with the openssl CLI.
  execFileSync('openssl', ['version'], { stdio: 'ignore' });
} catch {
  console.error('openssl not found: sudo apt-get install -y openssl');
  process.exit(1);
}
