import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Records the Help menu's screen recordings (scripts/help-video/*.video.ts)
 * against the app started as for e2e. Not part of the test run (the main
 * config's testDir is tests/e2e): run it through `npm run help:video`
 * (scripts/record-help-video.mjs), which also compresses the result into public/help/.
 */
export default defineConfig({
  ...base,
  testDir: 'scripts/help-video',
  testMatch: '**/*.video.ts',
  testIgnore: [],
  timeout: 180_000,
  use: { ...base.use, trace: 'off', screenshot: 'off' },
});
