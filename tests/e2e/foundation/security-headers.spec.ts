import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { signInAs } from '../auth/helpers';
import { expect, test, waitForHydration } from '../fixtures';

const port = Number(process.env.E2E_PORT ?? 3210);

/** The script-src of a policy: our origin, then nonces or hashes only. */
function scriptSources(policy: string | undefined) {
  const directive = (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

function expectStrictPolicy(policy: string | undefined, what: string) {
  expect(policy, what).toContain("frame-ancestors 'none'");
  expect(policy, what).toContain("object-src 'none'");
  const scripts = scriptSources(policy);
  expect(scripts[0], what).toBe("'self'");
  for (const source of scripts.slice(1))
    expect(source, what).toMatch(/^'(nonce-[A-Za-z0-9+/=]+|sha256-[A-Za-z0-9+/=]+)'$/);
}

test('pages, the app and the API answer with the security headers', async ({ page, request }) => {
  for (const path of ['/', '/cs', '/security', '/sign-in']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expectStrictPolicy(headers['content-security-policy'], path);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    // APP_URL is http here: no HSTS (it would pin a plain-http test host to https).
    expect(headers['strict-transport-security'], path).toBeUndefined();
  }
  // Prerendered pages name their inline scripts by hash (no nonce: they stay static); the sign-in page is rendered per request.
  expect(
    scriptSources((await request.get('/')).headers()['content-security-policy']).some((source) =>
      source.startsWith("'nonce-"),
    ),
  ).toBe(false);
  expect((await request.get('/')).headers()['x-nextjs-prerender']).toBeTruthy();
  expect(
    scriptSources((await request.get('/sign-in')).headers()['content-security-policy']).some((source) =>
      source.startsWith("'nonce-"),
    ),
  ).toBe(true);

  const api = await request.get('/api/health');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(api.headers()['x-content-type-options']).toBe('nosniff');

  await signInAs(page, 'alice', '/dashboard');
  const app = await page.request.get('/dashboard', { maxRedirects: 0 });
  expect(app.status()).toBe(200);
  expectStrictPolicy(app.headers()['content-security-policy'], '/dashboard');
});

/** Collects CSP violations (the DOM event and the console's report) and script errors of everything the page loads. */
async function watchViolations(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.exposeFunction('reportViolation', (line: string) => problems.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation: (line: string) => void }).reportViolation(
        `violation: ${event.effectiveDirective} blocked ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  return problems;
}

test('the landing page runs under its policy without a violation and stays interactive', async ({ page }) => {
  const problems = await watchViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/', { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-sidebar')).toHaveAttribute('data-open', '');
  await page.getByRole('button', { name: 'Close menu' }).click();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('option', { name: 'Čeština' }).click();
  await expect(page).toHaveURL(/\/cs$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  // The FAQ accordion opens another question (its first one starts open).
  const question = page.locator('#FAQ [data-faq-button]').nth(1);
  await question.scrollIntoViewIfNeeded();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(problems).toEqual([]);
});

for (const path of ['/security', '/contact?topic=enterprise', '/sign-in', '/cs/features/free']) {
  test(`${path} runs under its policy without a violation`, async ({ page }) => {
    const problems = await watchViolations(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    expect(problems).toEqual([]);
  });
}

test('a 404 for a made-up content address runs its scripts on every visit, not only the first', async ({ page }) => {
  const problems = await watchViolations(page);
  for (let visit = 0; visit < 2; visit += 1) {
    const response = await page.goto('/cs/features/made-up', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(response?.headers()['cache-control']).toContain('no-store');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stránka nenalezena');
  }
  expect(problems.filter((line) => !line.includes('404 (Not Found)'))).toEqual([]);
});

/** A raw request: fetch and Playwright do not let a test choose the Host header. */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers }, (incoming) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
      incoming.on('end', () => resolve({ headers: incoming.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('a forged Host reaches neither the answer nor the cached page of the next visitor', async () => {
  // Accept-Language es on / is a redirect (its Location is built from the host too).
  const redirect = await get('/', {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'accept-language': 'es',
  });
  expect(String(redirect.headers.location)).not.toContain('evil.example');
  for (const path of ['/', '/cs', '/es/web', '/security']) {
    const forged = await get(path, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'accept-language': 'en',
    });
    expect(JSON.stringify(forged.headers) + forged.body, path).not.toContain('evil.example');
    const normal = await get(path, { host: `localhost:${port}`, 'accept-language': 'en' });
    expect(JSON.stringify(normal.headers) + normal.body, path).not.toContain('evil.example');
    expect(String(normal.headers.link ?? ''), path).toContain(`http://localhost:${port}`);
  }
});
