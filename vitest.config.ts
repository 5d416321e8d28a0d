import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const chainProjects = readdirSync(new URL('./chains', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    test: {
      name: `chain-${d.name}`,
      root: `chains/${d.name}`,
      include: ['src/**/*.test.ts'],
      // Families that start a local chain (anvil, litecoind, LiteSVM) need the longer limits.
      testTimeout: 60000,
      hookTimeout: 120000,
    },
  }));

// One Vitest run covers every workspace: unit tests sit beside the code as *.test.ts(x).
export default defineConfig({
  test: {
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
        },
      },
    ],
  },
});
