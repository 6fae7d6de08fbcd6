import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, expectNoHorizontalOverflow, setScheme, test } from '../fixtures';

// The app under test writes here (playwright.config.ts passes the same folder as DATA_DIR).
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

type StoredRequest = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  message: string;
  locale: string;
  plan: string | null;
  status: string;
};

/** Reads the app's SQLite file directly, read-only: what the form stored, not what the page says. */
function storedRequests(where: { email: string } | { name: string }): StoredRequest[] {
  const db = new Database(path.join(dataDir, 'signet.db'), { readonly: true, fileMustExist: true });
  const [column, value] = 'email' in where ? ['email', where.email] : ['name', where.name];
  try {
    return db.prepare(`SELECT * FROM "ContactRequest" WHERE "${column}" = ?`).all(value) as StoredRequest[];
  } finally {
    db.close();
  }
}

function outboxMailsMentioning(text: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.includes(text));
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test('sending the form stores the request, notifies sales by mail and resets the form', async ({ page }) => {
  const email = uniqueEmail('ann');
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talk to our team');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your name').fill('Ann Example');
  await form.getByLabel('Work email').fill(email);
  await form.getByLabel('Company').fill('Example Ltd');
  await form.getByLabel('Topic').selectOption({ label: 'Partnership' });
  await form.getByLabel('Message').fill('We resell document software in Portugal and would like to talk.');

  // Hold the request to see the button while it is sending.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  release();

  await expect(page.getByText('Thanks, your message is on its way')).toBeVisible();
  await expect(page.getByText('We will get back to you within one business day.')).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();

  const rows = storedRequests({ email });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    name: 'Ann Example',
    company: 'Example Ltd',
    topic: 'PARTNERSHIP',
    locale: 'en',
    plan: null,
    status: 'NEW',
  });
  // The job runner picks the notification up within a poll or two.
  await expect.poll(() => outboxMailsMentioning(email).length, { timeout: 15_000 }).toBe(1);
  const mail = outboxMailsMentioning(email)[0] ?? '';
  expect(mail).toContain('To: sales@signet.localhost');
  expect(mail).toContain(`Reference: ${rows[0]?.id}`);
});

test('an invalid email shows the inline error, sends nothing and stores nothing', async ({ page }) => {
  const name = `Bad Email ${Date.now()}`;
  let posted = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) posted += 1;
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your name').fill(name);
  const email = form.getByLabel('Work email');
  await email.fill('ann@');
  await form.getByLabel('Topic').selectOption('SUPPORT');
  await form.getByLabel('Message').fill('Too short');
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(form.getByText('Please enter a valid email address, like name@company.com.')).toBeVisible();
  await expect(form.getByText('Please write at least 10 characters.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address, like name@company.com.');
  expect(posted).toBe(0);
  // The message goes away as soon as the field is fixed.
  await email.fill('ann@example.com');
  await expect(form.getByText('Please enter a valid email address, like name@company.com.')).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  expect(storedRequests({ name })).toHaveLength(0);
});

test('a network or server failure says what happened and keeps the typed text', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your name').fill('Offline Olga');
  await form.getByLabel('Work email').fill('olga@example.com');
  await form.getByLabel('Topic').selectOption('OTHER');
  await form.getByLabel('Message').fill('Is there a desktop app as well?');

  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/We could not reach the server\..*still in the form/)).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue('Offline Olga');
  await expect(form.getByLabel('Message')).toHaveValue('Is there a desktop app as well?');

  await page.unroute('**/api/contact');
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: '{"status":503,"code":"SERVICE_UNAVAILABLE"}',
    }),
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/\(error 503\)/)).toBeVisible();
  await expect(form.getByLabel('Work email')).toHaveValue('olga@example.com');
});

test('toasts follow the dark scheme and pass axe', async ({ page, makeAxeBuilder }) => {
  // No fade-in, so axe measures the toast's final colours.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/contact?topic=press');
  await setScheme(page, 'dark');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your name').fill('Dark Dora');
  await form.getByLabel('Work email').fill('dora@example.com');
  await form.getByLabel('Message').fill('How do your toasts look at night?');
  // Only the look is under test here, so the answer is canned and nothing is stored.
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"c0"}' }),
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toContainText('Thanks, your message is on its way');
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
  const results = await makeAxeBuilder().include('[data-sonner-toaster]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`a toast sits below the header at ${width}px, leaving its buttons free`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/contact?topic=press');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Top Tom');
    await form.getByLabel('Work email').fill('tom@example.com');
    await form.getByLabel('Message').fill('Where do toasts appear?');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"c1"}' }),
    );
    await form.getByRole('button', { name: 'Send message' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
}

test('the API refuses bad JSON, wrong content type, foreign origins and oversize bodies', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const valid = {
    name: 'Api Test',
    email: uniqueEmail('api'),
    topic: 'PRESS',
    message: 'A question from a journalist.',
    locale: 'en',
  };
  const send = (data: string, headers: Record<string, string> = {}) =>
    request.post('/api/contact', { data, headers: { 'content-type': 'application/json', origin, ...headers } });
  const problem = async (response: Awaited<ReturnType<typeof send>>, status: number, code: string) => {
    expect(response.status()).toBe(status);
    expect(response.headers()['content-type']).toBe('application/problem+json');
    const body = (await response.json()) as { code: string; errors?: { path: string; message: string }[] };
    expect(body.code).toBe(code);
    return body;
  };

  await problem(await send('{"name": '), 400, 'INVALID_INPUT');
  const fields = await problem(await send(JSON.stringify({ ...valid, email: 'not-an-email' })), 400, 'INVALID_INPUT');
  expect(fields.errors).toEqual([{ path: 'email', message: 'invalidEmail' }]);
  await problem(await send(JSON.stringify(valid), { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  await problem(await send(JSON.stringify(valid), { origin: 'https://evil.example' }), 403, 'FORBIDDEN');
  await problem(await send(JSON.stringify({ ...valid, message: 'x'.repeat(20_000) })), 413, 'PAYLOAD_TOO_LARGE');
  expect(storedRequests({ email: valid.email })).toHaveLength(0);
});

test('the Enterprise plan button opens the form with Enterprise preselected', async ({ page }) => {
  await page.goto('/');
  const free = page.locator('[data-plan="free"] a[data-button-style="primary"]');
  await expect(free).toHaveAttribute('href', '/welcome');
  await page.locator('[data-plan="enterprise"]').getByRole('link', { name: 'Contact sales' }).click();
  await expect(page).toHaveURL(/\/contact\?topic=enterprise$/);
  const topic = page.getByLabel('Topic');
  await expect(topic).toHaveValue('SALES');
  await expect(topic.locator('option:checked')).toHaveText('Sales and the Enterprise plan');
  await expect(topic).toHaveAccessibleDescription('You are asking about the Enterprise plan.');

  await page.goto('/pt');
  await expect(page.locator('[data-plan="enterprise"] a[data-button-style="primary"]')).toHaveAttribute(
    'href',
    '/pt/contact?topic=enterprise',
  );
});

test('each locale has its own static page with title, canonical and hreflang links', async ({ page }) => {
  await page.goto('/cs/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Napište našemu týmu');
  await expect(page.getByLabel('Pracovní e-mail')).toBeVisible();
  await expect(page).toHaveTitle(/Kontaktujte Signet/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/cs\/contact$/);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/contact$/);
  // Header and footer of the site surround the form.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

for (const width of [375, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`/contact has no axe violations and no overflow at ${width}px, ${scheme}, also with errors shown`, async ({
      page,
      makeAxeBuilder,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/contact?topic=enterprise');
      await setScheme(page, scheme);
      await expectNoHorizontalOverflow(page);
      const clean = await makeAxeBuilder().analyze();
      expect(clean.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.locator('[data-field-error]')).toHaveCount(3);
      await expectNoHorizontalOverflow(page);
      const invalid = await makeAxeBuilder().analyze();
      expect(invalid.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
    });
  }
}
