import { defineConfig, devices } from '@playwright/test';

// The e2e suite runs the built app (dist/) served by the real reference server in Debian's
// Chromium; no browser is ever downloaded. `npm test` builds dist/ first.
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromium,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: { baseURL, trace: 'retain-on-failure', locale: 'zh-CN', timezoneId: 'Asia/Shanghai' },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions },
      testIgnore: '**/*.mobile.spec.ts',
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions },
      testMatch: '**/*.mobile.spec.ts',
    },
  ],
  webServer: {
    // The server's node flags (scripts/lib.mjs SERVER_NODE_FLAGS): V8's linear-time regexp fallback.
    command:
      'node_modules/.bin/tsx --enable-experimental-regexp-engine-on-excessive-backtracks server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // The demo accounts and documents, without the simulator moving things under the tests.
      DEMO_DATA: 'on',
      SIM: 'off',
      // A fresh in-memory PGlite per run, or the CI's PostgreSQL when TEST_DATABASE_URL is set.
      DATA_DIR: 'memory://',
      // No SMS is sent: codes go to this outbox file too (README "Verification codes (SMS)").
      SMS_OUTBOX_FILE: `${process.env.TMPDIR ?? '/tmp'}/purchasing-e2e-sms-${port}.jsonl`,
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    },
  },
});
