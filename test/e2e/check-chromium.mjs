// `npm test` needs a real Chromium for the end-to-end suite; say how to get one instead of skipping.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `Chromium not found at ${path}.\n` +
      'The end-to-end tests load the built extension in a real Chromium. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROME_PATH at a Chromium/Chrome binary.',
  );
  process.exit(1);
}
