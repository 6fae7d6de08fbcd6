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

/** Signs in by opening a protected page and going through the provider's form. */
export async function signInAs(page: Page, user: keyof typeof USERS, path = '/welcome') {
  await page.goto(path);
  await submitProviderForm(page, USERS[user].email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

export function avatar(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
}

/** Switches the provider's test variant (IDP_TEST_HOOKS=true in the e2e config). */
export async function setProviderVariant(variant: 'none' | 'wrong-issuer' | 'wrong-audience' | 'wrong-nonce' | 'expired' | 'refuse-refresh') {
  const response = await fetch(`${idpUrl}/__test/variant`, { method: 'POST', body: variant });
  expect(response.status).toBe(204);
}

/**
 * Shortens the lifetime of the provider's access and ID tokens issued from now
 * on (IDP_TEST_HOOKS), so a test sees a silent refresh within seconds; null
 * goes back to IDP_ACCESS_TOKEN_TTL. Reset it in a `finally`: tests share the provider.
 */
export async function setTokenLifetime(seconds: number | null) {
  const response = await fetch(`${idpUrl}/__test/access-token-ttl`, { method: 'POST', body: seconds === null ? '' : String(seconds) });
  expect(response.status).toBe(204);
}

/** A fresh address of the provider's throwaway domain (IDP_TEST_HOOKS): a new Free user no other test shares. */
export function throwawayEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@test.signet.localhost`;
}

/** Signs in as a brand-new user (see throwawayEmail) by opening a protected page; returns the address. */
export async function signInAsNew(page: Page, prefix: string, path = '/welcome') {
  const email = throwawayEmail(prefix);
  await page.goto(path);
  await submitProviderForm(page, email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  return email;
}
