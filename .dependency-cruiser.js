// The boundaries of the code, checked by dependency-cruiser in `npm test` (scripts/boundaries.test.ts):
// the server's layers and features, the web's features. ARCHITECTURE.md draws the same picture in words.
/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const serverRules = [];

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const webRules = [];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...serverRules,
    ...webRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    // Type-only imports count: a layer that needs another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
