import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: unit tests sit beside the code as *.test.ts(x).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      { test: { name: 'device', root: 'packages/device', include: ['src/**/*.test.ts'], testTimeout: 30000 } },
      { test: { name: 'emulator', root: 'packages/emulator', include: ['src/**/*.test.ts'], testTimeout: 30000 } },
      { test: { name: 'server', root: 'apps/server', include: ['src/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
