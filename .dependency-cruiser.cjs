/**
 * The import rules ESLint cannot see across files (npm run lint): no cycles anywhere, and a server module reaches
 * another only through its public face, server/modules/<x>/index.ts. With every module's routes behind its face,
 * a cycle between modules is a cycle between files, so the first rule catches both.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle (between files, or between server modules through their faces): move what both need down into core/ or domain/.',
      from: {},
      // A cycle of type-only imports loads nothing at run time (a context type and the guards it lists).
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-public-face',
      severity: 'error',
      comment: 'A server module imports another only through its index.ts: export what it needs there.',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/.+', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(node_modules|dist|dist-server|data|test-results)/' },
  },
};
