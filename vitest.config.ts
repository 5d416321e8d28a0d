import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: unit tests sit beside the code as *.test.ts(x).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      { test: { name: 'device', root: 'packages/device', include: ['src/**/*.test.ts'], testTimeout: 30000 } },
      { test: { name: 'emulator', root: 'packages/emulator', include: ['src/**/*.test.ts'], testTimeout: 30000 } },
      { test: { name: 'chain-common', root: 'chains/common', include: ['src/**/*.test.ts'] } },
      { test: { name: 'chain-bitcoin', root: 'chains/bitcoin', include: ['src/**/*.test.ts'], testTimeout: 30000 } },
      {
        test: { name: 'chain-evm', root: 'chains/evm', include: ['src/**/*.test.ts'], testTimeout: 60000, hookTimeout: 120000 },
      },
      {
        test: { name: 'localnet', root: 'localnet', include: ['src/**/*.test.ts'], testTimeout: 60000, hookTimeout: 120000 },
      },
      { test: { name: 'server', root: 'apps/server', include: ['src/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 } },
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
