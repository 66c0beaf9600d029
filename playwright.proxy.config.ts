import { defineConfig, devices } from '@playwright/test';

// The proxy suite (issue 19 item 3): Debian's Chromium opens the built app through a real nginx
// in front of two server processes on one PostgreSQL. Its own config because the stack is not
// one webServer: e2e/proxy/stack.ts starts it. `npm test` runs it after the e2e suite.
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e/proxy',
  testMatch: '**/*.proxy.ts',
  globalSetup: './e2e/proxy/stack.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 60_000,
  // Its own folder: a run beside the e2e suite must not delete that one's traces (footguns 50).
  outputDir: 'test-results/proxy',
  // nginx serves https with a certificate the setup made for 127.0.0.1: trusted as an operator's
  // real one would be.
  use: {
    trace: 'retain-on-failure',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ignoreHTTPSErrors: true,
  },
  projects: [
    {
      name: 'proxy',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
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
        },
      },
    },
  ],
});
