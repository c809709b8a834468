// Import rules that eslint's import-x cannot state: cycles through `import type` too (TypeScript
// erases them, but they still tie the modules' meaning together), checked on the whole graph,
// tests included (the only cycle check: eslint's import-x/no-cycle was slower and saw less).
// The server's back arrows are the same rules as eslint.config.js's server zones.
const composition = '^server/(gateway|simulator|seed|cli)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-back-arrow',
      comment: 'A server domain never imports the composition that wires the domains together.',
      severity: 'error',
      from: { path: '^server/', pathNot: composition },
      to: { path: composition },
    },
    {
      name: 'server-foreign-handlers',
      comment: 'Only gateway/handlers.ts and gateway/http/ import handlers files: shared helpers live in the module that owns the concept.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/gateway/(http/|handlers\\.ts$)' },
      to: { path: '^server/[^/]+/.+\\.handlers\\.ts$' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^tests/\\.artifacts/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
