// Browser tests: the built app served by the real server, one server and embedded database per worker
// (apps/web/e2e/e2e-servers.ts, copied from a template global-setup.ts prepares), driven in Debian's
// Chromium (scripts/ensure-chromium.mjs installs it when missing).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Hang guards, the same for every test (no file sets its own): a test waits for outcomes, never for time,
  // and a busy 2-core machine (the suite beside a benchmark) can take many times longer than an idle one to
  // build a page. A failure costs its wait; a false failure costs a whole CI run.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './apps/web/e2e/global-setup.ts',
  use: {
    // baseURL: the worker's own server (fixtures.ts).
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'main', testIgnore: /\.firm-wide\.spec\.ts$/ },
    // Tests that change what every user sees at once (the firm's date format, maintenance mode, a restore)
    // run after all the others in one worker, so that each finds the firm as the one before left it.
    {
      name: 'firm-wide',
      testMatch: /\.firm-wide\.spec\.ts$/,
      dependencies: ['main'],
      fullyParallel: false,
      workers: 1,
    },
  ],
});
