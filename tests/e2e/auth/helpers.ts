import { expect, type Page } from '@playwright/test';

/** The local identity provider of this test run (playwright.config.ts puts it 10 ports above the app). */
export const idpUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 10}`;

export const DEMO_PASSWORD = 'signet-demo';

export const USERS = {
  admin: { email: 'admin@signet.localhost', letter: 'A', given: 'Ada' },
  alice: { email: 'alice@signet.localhost', letter: 'A', given: 'Alice' },
  bob: { email: 'bob@signet.localhost', letter: 'B', given: 'Bob' },
} as const;

/** Fills the provider's form, which the browser must be showing. */
export async function submitProviderForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page).toHaveURL(new RegExp(`^${idpUrl}/interaction/`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in through the real authorization-code flow (the app's /api/auth/login, the provider's form post,
 * the app's callback) as HTTP requests in the page's own cookie jar, then opens `path` signed in. The browser
 * does not render the provider's form: that costs seconds per test on a 2-core machine and is what
 * tests/e2e/auth/sign-in.spec.ts tests (with submitProviderForm), not what the other specs are about.
 */
async function signInThroughRequests(page: Page, email: string, path: string) {
  const start = await page.request.get(`/api/auth/login?callbackUrl=${encodeURIComponent(path)}`);
  expect(start.url(), "the sign-in starts at the provider's form").toMatch(
    new RegExp(`^${idpUrl}/interaction/[\\w-]+$`),
  );
  // Redirects followed one by one, so the app's callback sets the session without rendering `path` twice.
  let response = await page.request.post(`${start.url()}/login`, {
    form: { email, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  for (let hop = 0; hop < 4 && !new URL(response.url()).pathname.startsWith('/api/auth/callback/'); hop++) {
    expect(response.status(), `${response.url()} redirects`).toBe(303);
    response = await page.request.get(new URL(response.headers().location!, response.url()).href, { maxRedirects: 0 });
  }
  expect(response.status(), "the app's callback accepts the code").toBe(302);
  expect(response.headers().location, 'and sends the user on to the page asked for').toMatch(
    new RegExp(`${path.replace(/[?]/g, '\\?')}$`),
  );
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Signs in as one of the seeded users (see signInThroughRequests) and opens `path`. */
export async function signInAs(page: Page, user: keyof typeof USERS, path = '/welcome') {
  await signInThroughRequests(page, USERS[user].email, path);
}

export function avatar(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
}

/** Switches the provider's test variant (IDP_TEST_HOOKS=true in the e2e config). */
export async function setProviderVariant(
  variant: 'none' | 'wrong-issuer' | 'wrong-audience' | 'wrong-nonce' | 'expired' | 'refuse-refresh',
) {
  const response = await fetch(`${idpUrl}/__test/variant`, { method: 'POST', body: variant });
  expect(response.status).toBe(204);
}

/**
 * Shortens the lifetime of the provider's access and ID tokens issued from now
 * on (IDP_TEST_HOOKS), so a test sees a silent refresh within seconds; null
 * goes back to IDP_ACCESS_TOKEN_TTL. Reset it in a `finally`: tests share the provider.
 */
export async function setTokenLifetime(seconds: number | null) {
  const response = await fetch(`${idpUrl}/__test/access-token-ttl`, {
    method: 'POST',
    body: seconds === null ? '' : String(seconds),
  });
  expect(response.status).toBe(204);
}

/** A fresh address of the provider's throwaway domain (IDP_TEST_HOOKS): a new Free user no other test shares. */
export function throwawayEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@test.signet.localhost`;
}

/** Signs in as a brand-new user (see throwawayEmail, signInThroughRequests) and opens `path`; returns the address. */
export async function signInAsNew(page: Page, prefix: string, path = '/welcome') {
  const email = throwawayEmail(prefix);
  await signInThroughRequests(page, email, path);
  return email;
}
