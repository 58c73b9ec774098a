import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker less than the cores: one worker on a 2-core CI machine,
    // which leaves a core idle while a test file waits on its database. Two files at once took the
    // PGlite API tests from 9.6 to 6.4 minutes there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Hang guards, not speed limits: no test waits on the wall clock (the jobs run on a test clock),
          // and a loaded 2-core CI machine took over 30 s for the two-process job test's round trips.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          globalSetup: ['test/global-setup.ts'],
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], passWithNoTests: true } },
      // The boundaries of .dependency-cruiser.js, on the whole tree.
      { test: { name: 'boundaries', root: '.', include: ['scripts/boundaries.test.ts'], testTimeout: 120_000 } },
      'apps/web/vitest.components.config.ts',
    ],
  },
});
