import { defineConfig, devices } from '@playwright/test';

// Point E2E_BASE_URL at a server that is already running (a dev server, a deployment) to skip starting one.
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? 'http://127.0.0.1:3100';

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // A whole user journey (sign in, several pages, a background job) on a 2-core CI box that also builds and
  // runs Postgres: 30 s is too tight when the machine is busy; a hung page still fails in a minute.
  timeout: 60_000,
  // Likewise for a single expectation: a page that loads its second page of rows can take over 5 s then.
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The system Chromium; Playwright's own browser downloads are not used.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    {
      name: 'phone',
      // Tests about the keyboard, or the same at every width, run on the desktop only.
      grepInvert: /@desktop-only/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  // The production server; run `npm run build` first.
  webServer: externalBaseURL
    ? undefined
    : {
        command: 'npm run start -- -p 3100',
        url: baseURL,
        reuseExistingServer: !process.env.CI,
        timeout: 120_000,
        env: {
          // CI gives the e2e server a database of its own (.ci/run); otherwise it uses the usual one.
          ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
          // The production server seeds the demo logins, keeps the local mailbox readable for the
          // magic-link test, and signs tokens with a fixed test secret.
          SEED_DEMO: 'true',
          DEV_MAILBOX: 'true',
          AUTH_SECRET: process.env.AUTH_SECRET ?? 'e2e-only-secret-e2e-only-secret-0123456789',
          APP_URL: baseURL,
          RATE_LIMIT_AUTH: '1000',
          // The built-in test bank for the resident's "Pay now" (outside production it is always there).
          TESTBANK: 'true',
        },
      },
});
