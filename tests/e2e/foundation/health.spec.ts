import { signInAs } from '../auth/helpers';
import { expect, test } from '../fixtures';

test('@smoke /api/health tells anyone only that the app is ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('@smoke /api/health tells an administrator every part and the job queue', async ({ page }) => {
  await signInAs(page, 'admin');
  const response = await page.request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    status: 'ok',
    db: 'ok',
    storage: 'ok',
    jobs: 'ok',
    checkedAt: expect.any(String),
    queue: { failed: expect.any(Number) },
  });
});

test('@smoke unknown API paths answer 404 problem+json', async ({ request }) => {
  const response = await request.post('/api/does-not-exist', {
    data: { a: 1 },
    headers: { 'accept-language': 'pt-BR' },
  });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/problem+json');
  expect(await response.json()).toMatchObject({
    status: 404,
    code: 'NOT_FOUND',
    title: 'O recurso solicitado não foi encontrado.',
    instance: '/api/does-not-exist',
  });
});
