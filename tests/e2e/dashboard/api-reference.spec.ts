import { expect, test } from '../fixtures';

/**
 * The self-hosted API reference: every operation of /api/v1/openapi.json is
 * rendered, under the pages' CSP (no violation), with nothing fetched from
 * another origin; the landing page links to it without loading its script.
 */
test('the reference renders every operation of the OpenAPI document under our CSP', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '') && !request.url().startsWith('data:')) foreign.push(request.url());
  });

  const spec = (await (await request.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  const summaries = Object.values(spec.paths).flatMap((operations) =>
    Object.values(operations).map((operation) => operation.summary),
  );
  expect(summaries.length).toBeGreaterThan(10);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/developers/api/reference');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const reference = page.locator('[data-api-reference]');
  // Scalar renders operations as they scroll into view; its sidebar lists every one of them.
  const sidebar = reference.getByRole('complementary');
  // Scalar's bundle is large: on a loaded 2-core machine its first render can take longer than one assertion's 5 s.
  await expect(sidebar.getByRole('link').first()).toBeVisible({ timeout: 30_000 });
  for (const summary of summaries) await expect(sidebar.getByRole('link', { name: summary })).toHaveCount(1);
  await sidebar.getByRole('link', { name: /^Cancel a document out for signature/ }).click();
  const cancel = reference.getByRole('heading', { name: /^Cancel a document out for signature/ }).first();
  await expect(cancel).toBeInViewport();
  await expect(reference).toContainText('/api/v1/documents/{id}/cancel');
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});

test('the landing page and /developers/api link to the reference; only the reference loads its script', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/reference/')) scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.locator('#Developers').getByRole('link', { name: /API Documentation/ })).toHaveAttribute(
    'href',
    '/developers/api/reference',
  );
  await page.goto('/developers/api');
  expect(scripts).toEqual([]);
  await page.getByRole('link', { name: 'Open the API reference' }).click();
  await expect(page).toHaveURL(/\/developers\/api\/reference$/);
  await expect(page.locator('[data-api-reference]')).toContainText('List your documents, newest first', {
    timeout: 30_000,
  });
  expect(scripts).toHaveLength(1);
});
