import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileContracts } from '@secux-companion/localnet';
import { CHROMIUM_PATH } from './browser';
import { CONTRACT_CACHE, WEB_DIST } from './stack';

/**
 * Once for the end-to-end run, before the files start side by side: the prerequisites every file needs are there
 * (the built web app, Chromium), and the EVM contracts are compiled into the cache, so that the files' own local
 * networks (e2e/stack.ts) load them instead of compiling them at the same time.
 */
export default function setup(): void {
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`${WEB_DIST} is missing: the test command builds the web app before the e2e tests`);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: the test command installs it (apt-get install chromium)`,
    );
  compileContracts(CONTRACT_CACHE);
}
