import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { methodAccessTable } from './contract/method-access.contract';
import { contract } from './contract/methods.contract';
import { pickLoginTexts } from './src/lib/login-texts';
import { TEST_SECRETS_KEY } from './tests/support/secrets-key';

/** `virtual:method-access`: the contract's rights per method, without its schemas (commands/can.ts reads it). */
function methodAccessModule(): Plugin {
  const id = 'virtual:method-access';
  return {
    name: 'method-access',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(methodAccessTable(contract))};` : null),
  };
}

/**
 * `locales/<lang>/common.json?login`: only the texts the login names (src/lib/login-texts.ts),
 * still JSON, so that each language's login fetches a few KiB, not all its texts.
 */
function loginTexts(): Plugin {
  return {
    name: 'login-texts',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'login' || !file!.endsWith('common.json')) return null;
      this.addWatchFile(file!);
      const texts = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, Record<string, unknown>>;
      return { code: JSON.stringify(pickLoginTexts(texts)), moduleType: 'json' };
    },
  };
}

/**
 * Sonner writes its CSS into a <style> tag when it loads, which the content security policy
 * (style-src 'self') refuses with a console error. The app imports sonner's stylesheet file
 * instead (src/components/ui/sonner.tsx); this drops the injecting call from the package.
 * Kept with the lazy src/lib/toast.ts for the login's weight (docs/development.md, "Login weight"):
 * sonner as it ships, on the login, would add its 6.2 KiB gz of code and 2.9 KiB gz of CSS text to
 * a login already at the 130 KiB budget.
 */
function sonnerWithoutStyleTag(): Plugin {
  return {
    name: 'sonner-without-style-tag',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const stripped = code.replace(/^__insertCSS\(".*"\);?$/m, '');
      if (stripped === code) this.error('sonner no longer calls __insertCSS as expected: check its styles against the CSP');
      return { code: stripped, map: null };
    },
  };
}

// Gateway tests run once per run, on one engine: the PostgreSQL server of TEST_DATABASE_URL
// when it is set (CI, and production's engine), embedded PGlite otherwise (a newcomer without a
// server still runs every one). The files whose subject is the embedded engine itself run on
// PGlite in every run (the `embedded` project; docs/development.md says why each is there), and
// on a PGlite run they run there only. Each file starts its own gateway on its own database, so
// the files of a worker share the loaded modules (isolate: false): the server, the contract and
// PGlite load once per worker, not once per file.
const gatewayEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// Every test process and what it spawns seals and opens the database's secrets with the tests' key
// (tests/support/secrets-key.ts), as a real deployment gives its own in SECRETS_KEY.
process.env.SECRETS_KEY ||= TEST_SECRETS_KEY;
const embeddedFiles = [
  'tests/gateway/embedded-smoke.test.ts',
  'tests/gateway/start.test.ts',
  'tests/gateway/database.test.ts',
  'tests/gateway/backup.test.ts',
];
const databaseProjects = [
  {
    extends: true as const,
    test: {
      name: 'gateway',
      include: ['tests/gateway/**/*.test.ts'],
      exclude: gatewayEngine === 'pglite' ? embeddedFiles : ['tests/gateway/embedded-smoke.test.ts'],
      env: { TEST_DB: gatewayEngine },
      isolate: false,
    },
  },
  { extends: true as const, test: { name: 'embedded', include: embeddedFiles, env: { TEST_DB: 'pglite' }, isolate: false } },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), sonnerWithoutStyleTag(), methodAccessModule(), loginTexts()],
  // Served as it is in development too, so the plugin above applies.
  optimizeDeps: { exclude: ['sonner'] },
  // The web app reaches the layers above it by name, not by ../../../ (tsconfig.json's paths say the same).
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '@machines': fileURLToPath(new URL('./machines', import.meta.url)),
      '@commands': fileURLToPath(new URL('./commands', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json (not served): tests/support/login-weight.ts follows chunks in it (the login weights and the web build test).
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill in the login's code.
    modulePreload: { polyfill: false },
    // Two entries, two bundles: the desktop app at / and the phone's at /m/ (under 992 px, docs/product.md#phone).
    rolldownOptions: {
      output: {
        // The login's code in one chunk (the app frame and all it imports statically): shared by
        // both entries, and about 7 KiB gz lighter than the 30 small chunks it was split into.
        codeSplitting: {
          groups: [
            {
              name: 'login',
              test: /[\\/]src[\\/](app[\\/](app|boot)\.tsx|lib[\\/]app-view\.ts)$/,
            },
          ],
        },
      },
      input: {
        desktop: fileURLToPath(new URL('./index.html', import.meta.url)),
        mobile: fileURLToPath(new URL('./mobile.html', import.meta.url)),
      },
    },
  },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fast-check-seed.ts', 'tests/support/file-cpu-time.ts', 'tests/support/file-expect-count.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // The last reporter prints the time per project at the end and keeps it for `npm run bench`.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'tests/.artifacts/vitest-report.json' }], './tests/support/project-times.reporter.ts']
      : ['default', './tests/support/project-times.reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['{contract,server,machines,commands}/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: ['tests/support/web-setup.ts'] },
      },
      ...databaseProjects,
      // End-to-end: the built app in Chromium against the real gateway (on PGlite, in the test process).
      // expect.poll gives a loaded CI machine 10 s (not 1 s) to show what a screen or a job gets to.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          env: { TEST_DB: 'pglite' },
          expect: { poll: { timeout: 10_000 } },
          // As the database projects: each file has its own gateway and Chromium.
          isolate: false,
        },
      },
    ],
  },
});
