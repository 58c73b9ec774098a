// Browser tests: the built app served by the real server on a fresh embedded database,
// driven in Debian's Chromium (scripts/ensure-chromium.mjs installs it when missing).
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous: a test waits for outcomes, never for time, and a busy 2-core machine can take many times
  // longer than an idle one to build a page (a failure costs its wait, a false failure a whole CI run).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
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
    // Tests that change what every user sees at once (the firm's date format, maintenance mode) run after
    // all the others, alone, so that no other test reads the firm's settings while they change them.
    // One worker: two firm-wide files at once would change the firm under each other (a restore puts back
    // the date format another file has just set).
    {
      name: 'firm-wide',
      testMatch: /\.firm-wide\.spec\.ts$/,
      dependencies: ['main'],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
