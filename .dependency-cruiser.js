// The boundaries of the code, checked by dependency-cruiser in `npm test` (scripts/boundaries.test.ts):
// the server's layers and features, the web's features. ARCHITECTURE.md draws the same picture in words.
/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const serverRules = [];

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const webRules = [
  {
    name: 'web-feature-entries',
    comment:
      "A web feature uses another feature only through that feature's public entry: its index.ts, or its " +
      'lazy.ts for the code it loads on first use. Anything else in the folder is internal and may change ' +
      'without the other features noticing. The app shell, lib and components are not features.',
    severity: 'error',
    from: { path: '^apps/web/src/features/([^/]+)/' },
    to: {
      path: '^apps/web/src/features/[^/]+/',
      pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/(index|lazy)[.]ts$'],
    },
  },
];

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
