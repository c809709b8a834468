// Lint enforces the import directions of STYLE.md: data flows one way, and no cycles.
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

// The web app's test files (src/**/*.test.tsx) may also import tests/support (their jsdom set-up lives
// there, out of the production folders), and nothing else of tests/.
const importZones = ({ webTests }) => {
  const tests = webTests ? [] : ['./tests'];
  return [
    zone('./contract', ['./server', './machines', './commands', './locales', './src', './tests'], 'contract/ imports zod only'),
    zone('./shared', ['./contract', './server', './machines', './commands', './locales', './src', './tests'], 'shared/ imports nothing'),
    zone('./machines', ['./server', './commands', './locales', './src', './tests'], 'machines/ import the contract only'),
    zone('./commands', ['./server', './locales', './src', './tests'], 'commands/ import the contract and machines only'),
    zone('./server', ['./commands', './src', './tests'], 'server/ imports contract, machines and locales only'),
    zone(
      ['./src/api', './src/components', './src/lib', './src/hooks'],
      ['./src/features', './src/app', './server', ...tests],
      'shared web code never imports features or the app',
    ),
    zone('./src', ['./server', ...tests], 'the web app never imports the server'),
    ...(webTests ? [zone('./src', './tests', 'web tests import only tests/support', ['./support'])] : []),
    ...featureZones,
  ];
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'src/components/ui/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Hooks called the same way on every render, with every value they read in their dependencies.
  // (The plugin's React Compiler rules are left out: the app is not compiled by it.)
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
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
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: importZones({ webTests: false }) }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones({ webTests: true }) }] },
  },
);
