import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * E2E against the app started the way users start it (`npm start`), in
 * Debian's Chromium. scripts/test.mjs sets E2E_DATA_DIR to a fresh folder and,
 * for the PostgreSQL smoke run, DATABASE_URL.
 */
/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine as the browser without the
 * desktop browser around it, as Playwright's own Chromium runs headless. The suite's pages took about a sixth less
 * time in it than in the full binary on a 2-core machine. Without it, the full binary itself, never the
 * /usr/bin/chromium wrapper: that adds desktop flags (--enable-gpu-rasterization, which in headless mode rasterises
 * every frame through SwiftShader on the CPU, and the system's extensions) that made each page slower still.
 */
function chromiumBinary(): string {
  for (const binary of ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium'])
    if (existsSync(binary)) return binary;
  return '/usr/bin/chromium';
}

// Two of the footer's networks configured, the others not (SOCIAL_*_URL, docs/configuration.md): the landing spec
// checks both an icon shown and one hidden. Set here, so the test workers and the app see the same values.
process.env.SOCIAL_LINKEDIN_URL ??= 'https://www.linkedin.com/company/signet-e2e';
process.env.SOCIAL_GITHUB_URL ??= 'https://github.com/signet-e2e';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
/**
 * E2E_SMTP=1: the app sends its mail over SMTP to the sink the `smtpSink`
 * fixture starts (tests/e2e/fixtures.ts, on E2E_PORT + 20), and only the
 * *.smtp.spec.ts files run. Otherwise mail goes to the outbox folder and
 * those files are left out. `npm test` runs both passes.
 */
const smtp = process.env.E2E_SMTP === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  ...(smtp ? { testMatch: '**/*.smtp.spec.ts' } : { testIgnore: '**/*.smtp.spec.ts' }),
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace: actions, console, network and the failure screenshot. DOM snapshots and the
    // screencast are left out: recorded for every test and thrown away when it passes, they cost about a fifth of
    // the suite's time on a 2-core machine.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumBinary(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.test-data/e2e',
      LOG_LEVEL: 'warn',
      // The local identity provider npm start runs beside the app, with the test-variant switch and
      // short-lived access tokens so tests see a silent refresh (tests/e2e/auth).
      IDP_PORT: String(port + 10),
      IDP_TEST_HOOKS: 'true',
      IDP_ACCESS_TOKEN_TTL: '60',
      // Every test signs in from one address: the whole suite would pass the sign-in limit meant for one
      // client (tests/unit/http/route-limits.test.ts checks the limits themselves).
      RATE_LIMITS: 'signIn=2000/600',
      // Sessions are re-checked against the database this often (tests/e2e/auth/identity.spec.ts waits it out).
      SESSION_RECHECK_SECONDS: '2',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(smtp ? { SMTP_URL: `smtp://127.0.0.1:${port + 20}` } : {}),
    },
  },
});
