// The boundaries of the code, checked by dependency-cruiser in `npm test` (scripts/boundaries.test.ts):
// the server's layers and features, the web's features. ARCHITECTURE.md draws the same picture in words.
const SERVER = '^apps/server/src/';
const PLATFORM = `${SERVER}(db|plugins|storage|exports|pdf|jobs|platform)/|${SERVER}config\\.ts$`;
const COMPOSITION = `${SERVER}(seed|scripts)/|${SERVER}(app|main|scheduled-jobs)\\.ts$`;
const TESTS = '\\.test\\.ts$';
const SQL = '(^|/)node_modules/drizzle-orm/|^apps/server/src/db/schema/';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const serverRules = [
  {
    name: 'platform-below-features',
    comment:
      'The platform (database, plugins, storage, exports, PDF, jobs, and platform/: audit, settings, mail, webhooks, credentials) serves every feature and imports none of them, nor the app that composes them.',
    severity: 'error',
    from: { path: PLATFORM, pathNot: TESTS },
    to: { path: `${SERVER}features/|${COMPOSITION}` },
  },
  {
    name: 'features-below-composition',
    comment: 'Only the composition (app.ts, main.ts, scheduled-jobs.ts, seed, scripts) knows every feature.',
    severity: 'error',
    from: { path: `${SERVER}features/`, pathNot: TESTS },
    to: { path: COMPOSITION },
  },
  {
    name: 'no-feature-circles',
    comment: 'Features depend on each other one way: no two features (folders) reach each other.',
    severity: 'error',
    scope: 'folder',
    from: { path: `${SERVER}features/[^/]+` },
    to: { circular: true },
  },
  {
    name: 'routes-only-in-the-app',
    comment: 'A routes file is registered by app.ts and imported by nothing else (jobs and services included).',
    severity: 'error',
    from: { path: SERVER, pathNot: `${SERVER}app\\.ts$|${TESTS}` },
    to: { path: '\\.routes\\.ts$' },
  },
  {
    name: 'routes-call-services',
    comment:
      "Routes are thin: they call a service and never reach a feature's repository or SQL themselves (the platform's settings reads they may use).",
    severity: 'error',
    from: { path: '\\.routes\\.ts$' },
    to: { path: `${SERVER}features/.+\\.repository\\.ts$|${SQL}` },
  },
  {
    name: 'sql-only-in-repositories',
    comment: 'In a feature, SQL (drizzle-orm and the table definitions) is written in its repository files only.',
    severity: 'error',
    from: { path: `${SERVER}features/`, pathNot: `\\.repository\\.ts$|${TESTS}` },
    to: { path: SQL },
  },
];

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
      comment:
        'A module never reaches itself again through its imports (a circle closed only by a type import runs no code and is left alone).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...serverRules,
    ...webRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests reach across on purpose (an app, a fixture, a feature's internals): the boundaries are the product code's.
    exclude: { path: ['(^|/)(dist|data)/', '\\.test\\.tsx?$', '^apps/server/test/', '^apps/web/e2e/'] },
    // Type-only imports count: a layer that needs another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
