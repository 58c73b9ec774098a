// The component tests (issue 30): components rendered in Debian's Chromium (Vitest's browser mode), calling
// the real server on a fresh embedded database (test/component-server.ts) through the dev server's /api proxy,
// same-origin as the built app calls its server. Files: src/**/*.browser.test.tsx.
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { freePort } from './e2e/e2e-servers.ts';

// Chosen here, where the proxy needs it, and read by the server's global setup (same process).
const port = Number(process.env.COMPONENT_SERVER_PORT) || (await freePort());
process.env.COMPONENT_SERVER_PORT = String(port);

export default defineProject({
  plugins: [react()],
  server: {
    // The Host header passes unchanged, so the page's Origin is the request's own to the server's
    // cross-site guard, as behind the firm's reverse proxy.
    proxy: { '/api': { target: `http://localhost:${port}` } },
  },
  test: {
    name: 'components',
    include: ['src/**/*.browser.test.tsx'],
    globalSetup: ['test/component-server.ts'],
    // A hang guard: the first test waits for the browser and the dev server's first transform.
    testTimeout: 120_000,
    // expect.element and expect.poll wait for an outcome; their 1 s default is a speed limit a busy machine
    // outruns. One hang guard instead, as the browser tests' 60 s a step.
    expect: { poll: { timeout: 60_000 } },
    // One file at a time: each opens its page in the one browser; a busy machine is slow to start two.
    fileParallelism: false,
    browser: {
      enabled: true,
      // Hang guard for a page to start on a busy machine (Vitest's default is 60 s).
      connectTimeout: 300_000,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
