import { defineConfig } from 'vitest/config';

export default defineConfig({
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
  },
  test: {
    include: ['{contract,server,machines,commands,src,tests}/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
