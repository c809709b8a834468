// Lint enforces the import directions of STYLE.md: data flows one way. Cycles are dependency-cruiser's
// (.dependency-cruiser.cjs): it sees type-only ones too, in about a second, where import-x/no-cycle
// took 12 s of the lint's 30 and missed them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

// Features never import each other: one zone per feature folder.
const featureZones = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => zone(`./src/features/${entry.name}`, './src/features', 'a feature never imports another feature', [`./${entry.name}`]));

// Inside server/, the layers and who imports handlers files are .dependency-cruiser.cjs's rules
// (one ordered list of the layers, and the folder cycles, which import-x cannot see).

const zones = [
  zone('./contract', ['./server', './machines', './commands', './locales', './src', './tests'], 'contract/ imports zod only'),
  zone('./shared', ['./contract', './server', './machines', './commands', './locales', './src', './tests'], 'shared/ imports nothing'),
  zone('./machines', ['./server', './commands', './locales', './src', './tests'], 'machines/ import the contract only'),
  zone('./commands', ['./server', './locales', './src', './tests'], 'commands/ import the contract and machines only'),
  zone('./server', ['./commands', './src', './tests'], 'server/ imports contract, machines and locales only'),
  zone(
    ['./src/api', './src/components', './src/lib', './src/hooks'],
    ['./src/features', './src/app', './server', './tests'],
    'shared web code never imports features or the app',
  ),
  zone('./src', ['./server', './tests'], 'the web app never imports the server'),
  ...featureZones,
];

// A test beside its code (machines/x.machine.test.ts) is a test: it may use tests/support
// (fixtures) and tests/paths (the test models), which the code itself may not.
const testFileZones = zones.flatMap((restriction) => {
  const from = [restriction.from].flat();
  if (!from.includes('./tests')) return [restriction];
  const others = { ...restriction, from: from.filter((folder) => folder !== './tests') };
  return [others, zone(restriction.target, './tests', restriction.message, ['./support', './paths'])];
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'src/components/ui/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  // Hooks called the same way on every render, with every value they read in their dependencies.
  // (The plugin's React Compiler rules are left out: the app is not compiled by it.)
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // A screen a reader takes in at once: a longer one is split into its parts (its tabs, forms, fields).
  { files: ['src/**/*.tsx'], ignores: ['src/**/*.test.tsx'], rules: { 'max-lines': ['error', { max: 300 }] } },
  // A server function a reader takes in at once: a longer one is split into named steps.
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['tests/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testFileZones }] },
  },
);
