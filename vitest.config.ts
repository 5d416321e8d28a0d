import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files in name order, but the end-to-end suites that spend funds other suites count exactly run last: FIO pays
 * LTC to a handle (bitcoin-ltc asserts each funded LTC account holds exactly 5 LTC) and a11y sends ETH dust.
 * The default order (by size and past duration) differs between a fresh clone and a warm one.
 */
class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Suites that spend funds other suites count exactly run last, in this order (the rest alphabetically first).
    const last = ['a11y', 'fio', 'fio-requests', 'fio-staking'];
    const rank = (f: TestSpecification) =>
      last.indexOf(/([\w-]+)\.e2e\.test\.ts$/.exec(f.moduleId)?.[1] ?? '') + 1;
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

const chainProjects = readdirSync(new URL('./chains', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    test: {
      name: `chain-${d.name}`,
      root: `chains/${d.name}`,
      include: ['src/**/*.test.ts'],
      // Families that start a local chain (ganache, LiteSVM) need the longer limits.
      testTimeout: 60000,
      hookTimeout: 120000,
    },
  }));

// One Vitest run covers every workspace: unit tests sit beside the code as *.test.ts(x).
export default defineConfig({
  test: {
    sequence: { sequencer: SuiteOrder },
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      {
        test: { name: 'device', root: 'packages/device', include: ['src/**/*.test.ts'], testTimeout: 30000 },
      },
      {
        test: {
          name: 'emulator',
          root: 'packages/emulator',
          include: ['src/**/*.test.ts'],
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
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          root: '.',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 120000,
          hookTimeout: 180000,
          fileParallelism: false,
        },
      },
    ],
  },
});
