import { defineConfig } from 'vitest/config';

// Standalone config for `npx vitest run --root localnet`; the root vitest.config.ts has the same project.
export default defineConfig({
  test: { name: 'localnet', include: ['src/**/*.test.ts'], testTimeout: 60000, hookTimeout: 120000 },
});
