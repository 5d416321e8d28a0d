import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { families } from './apps/web/families.js';
import { LongestFirstSequencer } from './e2e/sequencer.js';

// Unit files share one module graph per worker (isolate: false): Mantine, the chain SDKs and Fastify load once per
// worker instead of once per file, which took the unit phase from 317 s to about 150 s on 2 cores. Files stay
// independent of each other's order (checked with --sequence.shuffle.files). A web file that replaces a module with
// vi.mock runs in its own module graph (project web-isolated): a mock cannot replace a module a neighbour loaded.
// The web tests: the shell (apps/web), the shared web kit and each family's web side (chains/<dir>/src/web).
const webRoots = [
  'apps/web/src',
  'packages/web-kit/src',
  ...readdirSync(new URL('./chains', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(new URL(`./chains/${d.name}/src/web`, import.meta.url)))
    .map((d) => `chains/${d.name}/src/web`),
];
const webTests = webRoots.flatMap((dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `${dir}/${f}`),
);
const webIsolated = new Set(
  webTests.filter((f) => readFileSync(new URL(`./${f}`, import.meta.url), 'utf8').includes('vi.mock(')),
);

const chainProjects = readdirSync(new URL('./chains', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    test: {
      name: `chain-${d.name}`,
      root: `chains/${d.name}`,
      include: ['src/**/*.test.ts'],
      // The family's web side runs in the web projects (jsdom).
      exclude: [...configDefaults.exclude, 'src/web/**'],
      isolate: false,
      // Families that start a local chain (anvil, litecoind, LiteSVM) need the longer limits.
      testTimeout: 60000,
      hookTimeout: 120000,
    },
  }));

const shuffled = process.argv.some((a) => a.startsWith('--sequence.shuffle'));

// One Vitest run covers every workspace: unit tests sit beside the code as *.test.ts(x).
export default defineConfig({
  test: {
    // The end-to-end files start longest first, by the table of the last full run (e2e/sequencer.ts); a run asked to
    // shuffle (--sequence.shuffle, --sequence.shuffle.files) keeps Vitest's random order, which a sequencer set here
    // would replace.
    sequence: shuffled ? {} : { sequencer: LongestFirstSequencer },
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'device',
          root: 'packages/device',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'server-kit',
          root: 'packages/server-kit',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'sim-kit',
          root: 'packages/sim-kit',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'emulator',
          root: 'packages/emulator',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30000,
        },
      },
      // One project per chain family package (chains/<name> → chain-<name>): a new family needs no line here.
      ...chainProjects,
      {
        test: {
          name: 'localnet',
          root: 'localnet',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // The registry reads the manifest through virtual:families, as in the app's build.
        plugins: [families()],
        test: {
          name: 'web',
          root: '.',
          include: webTests.filter((f) => !webIsolated.has(f)),
          environment: 'jsdom',
          // The tests' root provides the family registry, as main.tsx does in the app.
          setupFiles: ['apps/web/src/test/families.ts'],
          isolate: false,
        },
      },
      {
        plugins: [families()],
        test: {
          name: 'web-isolated',
          root: '.',
          include: [...webIsolated],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/families.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: '.',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          // The stack's modules (localnet, the server) load once per worker; each file still starts its own stack.
          isolate: false,
          testTimeout: 120000,
          hookTimeout: 180000,
        },
      },
    ],
  },
});
