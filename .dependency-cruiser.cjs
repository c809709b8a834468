// Import rules that eslint's import-x cannot state: cycles through `import type` too (TypeScript
// erases them, but they still tie the modules' meaning together), checked on the whole graph,
// tests included (the only cycle check: eslint's import-x/no-cycle was slower and saw less).

// The server's layers, lowest first (docs/architecture.md draws them): a folder imports its own
// layer and those below it, never one above. Every server folder is in one of them.
const serverLayers = [
  ['kernel'],
  ['geo', 'rollups'],
  ['tree', 'credentials', 'events', 'backup'],
  ['platform', 'game-rules'],
  // The game platform the demo and the tests play: on the platform's interface and rules only,
  // never a namespace; only the composition above the namespaces runs it (the rule below).
  ['simulator'],
  // The namespaces, in the order they may import each other: what others read lowest (files and
  // their writer, notices, reports and settlements, ...), the platform's pushes and the bets in
  // games/ above points and monitoring, and above them what runs every domain (jobs/, the account
  // services the bulk jobs call; platform-api/, the lobby that signs in and moves points).
  ['files', 'notices', 'reports', 'statements', 'audit', 'sub-accounts', 'deal-record', 'exposure', 'system-setting', 'retention'],
  ['monitoring', 'points'],
  ['games', 'score-check', 'transfer', 'reconciliation'],
  ['accounts', 'sites', 'suggestion'],
  ['auth', 'jobs'],
  ['platform-api'],
  ['seed'],
  ['gateway'],
  ['cli'],
];
const folders = (layers) => `^server/(${layers.flat().join('|')})/`;
const layerRules = serverLayers.slice(0, -1).map((layer, index) => ({
  name: 'server-layer',
  comment: `${layer.join(', ')} never import a layer above: ${serverLayers
    .slice(index + 1)
    .flat()
    .join(', ')}.`,
  severity: 'error',
  from: { path: folders([layer]) },
  to: { path: folders(serverLayers.slice(index + 1)) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'server-layer',
      comment: 'Every server folder is in one of the layers.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^server/', pathNot: folders(serverLayers) },
    },
    {
      name: 'server-layer',
      comment: 'Only the seed, the gateway and the scripts run the simulator: no namespace imports it.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/(simulator|seed|gateway|cli)/' },
      to: { path: '^server/simulator/' },
    },
    {
      name: 'server-foreign-handlers',
      comment: 'Only gateway/handlers.ts and gateway/http/ import router files: shared helpers live in the module that owns the concept.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/gateway/(http/|handlers\\.ts$)' },
      to: { path: '^server/[^/]+/.+\\.router\\.ts$' },
    },
    {
      name: 'server-foreign-handlers',
      comment:
        "A namespace's handler parts (*.handlers.ts) are its router's: no other folder imports them but the gateway's composition (which hands the jobs layer's to their namespaces' routers).",
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: '^server/gateway/handlers\\.ts$' },
      to: { path: '^server/[^/]+/[^/]+\\.handlers\\.ts$', pathNot: '^server/$1/' },
    },
    {
      name: 'server-foreign-handlers',
      comment: "Inside its folder, only a namespace's router imports its handler parts.",
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: '\\.router\\.ts$' },
      to: { path: '^server/$1/[^/]+\\.handlers\\.ts$' },
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
