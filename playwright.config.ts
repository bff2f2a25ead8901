import { defineConfig, devices } from '@playwright/test';

/*
 * The browser suite: Debian's Chromium (Playwright cannot download browsers here) against the built PWA served by
 * the reference server on a fresh database (scripts/e2e-server.mjs). The simulator is off so that what a test
 * reads from the API stays what the screen shows.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? 8882);

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${PORT}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), PUSH_PORT: String(PUSH_PORT) },
  },
});
