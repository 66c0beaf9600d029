import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run screenshots`: draws the store screenshots the web app manifest names
// (public/screenshots/*.png, the browser's rich install dialog) from the built app on the demo
// data, signed in as the demo buyer. Run after the screens change and commit the PNGs: the build
// only copies them. The e2e suite's server and browser, its own test files (*.shots.ts).
export default defineConfig({
  ...base,
  testDir: 'e2e/screenshots',
  testMatch: '**/*.shots.ts',
  reporter: [['list']],
  outputDir: 'test-results/screenshots',
  projects: base.projects?.filter((project) => project.name === 'desktop'),
});
