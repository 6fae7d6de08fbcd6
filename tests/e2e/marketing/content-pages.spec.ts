import { expect, expectNoHorizontalOverflow, setScheme, test } from '../fixtures';

/** Every public content page the footer and the "Learn More" links lead to (locale-free paths). */
const PAGES = [
  ...['free', 'signing', 'api', 'web-formulars', 'components', 'validator'].map((slug) => `/features/${slug}`),
  ...['biometric-signature', 'trusted-by-thousands', 'compatibility', 'safety'].map((slug) => `/why/${slug}`),
  '/security',
  '/compliance',
  '/web-formulars',
  '/developers/api',
  '/developers/sdk',
  '/developers/signpad',
  '/developers/blog',
  '/developers/community',
  '/about',
  '/careers',
  '/blog',
  '/legal',
  '/legal/privacy',
  '/legal/terms',
];
const LOCALES = ['en', 'pt', 'cs', 'es'] as const;
const localized = (locale: string, path: string) => (locale === 'en' ? path : `/${locale}${path}`);

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
const headingsOf = (html: string) => [...html.matchAll(/<h1[\s>][\s\S]*?<\/h1>/g)].map((m) => textOf(m[0]));

test('every content page answers 200 in all four languages, with one localized h1, title and canonical', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const path of PAGES) {
    const h1s = new Map<string, string>();
    for (const locale of LOCALES) {
      const url = localized(locale, path);
      // No locale cookie: an unprefixed (English) URL must not be redirected by an earlier visit's choice.
      await page.context().clearCookies();
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain(`<html lang="${locale}"`);
      const headings = headingsOf(html);
      expect(headings, url).toHaveLength(1);
      expect(headings[0], url).not.toBe('');
      h1s.set(locale, headings[0] ?? '');
      expect(html, url).toMatch(new RegExp(`<title>[^<]+ \\| Signet</title>`));
      expect(html, url).toMatch(new RegExp(`<link rel="canonical" href="(https?://[^/"]+)?${url}"`));
      expect(html, url).toMatch(new RegExp(`<link rel="alternate" hrefLang="cs" href="(https?://[^/"]+)?/cs${path}"`));
    }
    // The Czech page is really Czech, not English text under a Czech URL.
    expect(h1s.get('cs'), path).not.toBe(h1s.get('en'));
  }
});

test('the pages read in their language', async ({ page }) => {
  await page.goto('/cs/security');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zabezpečení');
  await expect(page.getByRole('heading', { level: 2, name: 'Šifrování' })).toBeVisible();
  await page.goto('/es/legal/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
  await page.goto('/pt/features/validator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Validador');
  await expect(page).toHaveTitle('Validador | Signet');
});

test('unknown slugs and pages answer 404 with the localized not-found page', async ({ request, page }) => {
  for (const url of [
    '/features/nope',
    '/why/nope',
    '/cs/features/unknown',
    '/es/why/x',
    '/developers/nope',
    '/legal/cookies',
  ]) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
  const response = await page.goto('/cs/features/unknown');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stránka nenalezena');
});

test('the API page documents the legacy upload contract and presents the v1 REST API', async ({ page }) => {
  await page.goto('/developers/api');
  const main = page.getByRole('main');
  await expect(main).toContainText('POST');
  await expect(main).toContainText('/REST/uploadDocument');
  await expect(main).toContainText('application/x-www-form-urlencoded');
  for (const field of ['docData', 'docOwner', 'documentName', 'docExtension', 'applicationMode']) {
    await expect(main.locator('dt', { hasText: new RegExp(`^${field}$`) })).toBeVisible();
  }
  const answer = JSON.parse((await main.locator('pre').nth(1).textContent()) ?? '') as Record<string, unknown>;
  expect(answer).toEqual({
    uploadResult: 'OK',
    document: { doctoken: expect.any(String), docname: expect.any(String), docid: expect.any(String) },
  });
  await expect(page.getByRole('heading', { level: 2, name: 'The versioned REST API (v1)' })).toBeVisible();

  // What v1 covers is read from the OpenAPI document this server serves: exactly its groups and webhook events.
  type Spec = {
    openapi: string;
    paths: Record<string, object>;
    components: { schemas: { WebhookEvent: { enum: string[] } } };
  };
  const spec = (await (await page.request.get('/api/v1/openapi.json')).json()) as Spec;
  const groups = [...new Set(Object.keys(spec.paths).map((path) => path.split('/').slice(0, 4).join('/')))];
  expect(groups).toEqual(expect.arrayContaining(['/api/v1/documents', '/api/v1/webhooks']));
  const covers = page.getByRole('region', { name: 'What the v1 API covers' });
  await expect(covers.locator('[data-api-groups] dt')).toHaveText(groups);
  await expect(covers.locator('[data-webhook-events] code')).toHaveText(spec.components.schemas.WebhookEvent.enum);
  await expect(covers.getByRole('link', { name: `OpenAPI ${spec.openapi} document (JSON)` })).toHaveAttribute(
    'href',
    '/api/v1/openapi.json',
  );
  await expect(main).not.toContainText(/\b(are|is|come) next\b/);

  // The SDK and community pages state the same facts and point at that list.
  await page.goto('/developers/sdk');
  const today = page.getByRole('region', { name: 'Where things stand' });
  await expect(today).toContainText('None published yet.');
  await expect(today.getByRole('link', { name: '/api/v1/openapi.json' })).toHaveAttribute(
    'href',
    '/api/v1/openapi.json',
  );
  await today.getByRole('link', { name: 'See what it covers' }).click();
  await expect(page).toHaveURL(/\/developers\/api#capabilities$/);
  await expect(covers).toBeInViewport();
  await page.goto('/developers/community');
  await expect(
    page.getByRole('region', { name: 'Available today' }).getByRole('link', { name: 'See the endpoints and events' }),
  ).toHaveAttribute('href', '/developers/api#capabilities');
});

test('a content page closes with a call to action and links to related pages', async ({ page }) => {
  await page.goto('/security');
  await expect(page.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/#Pricing');
  const related = page.getByRole('region', { name: 'Related pages' }).getByRole('link');
  await expect(related).toHaveCount(3);
  await related.first().click();
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  // The legal index leads to the full texts from its section headings.
  await page.goto('/es/legal');
  await page.getByRole('heading', { level: 2, name: 'Política de privacidad' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/es\/legal\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
  // The Spanish visit set the locale cookie, which would send /legal/privacy to /es/legal/privacy.
  await page.context().clearCookies();
  await page.goto('/legal/privacy');
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await toc.getByRole('link', { name: 'Your rights' }).click();
  await expect(page).toHaveURL(/#rights$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInViewport();
});

test.describe('header navigation from a content page', () => {
  const inView = (id: string) =>
    `(() => { const r = document.getElementById('${id}').getBoundingClientRect(); return r.top >= -2 && r.top < 120; })()`;

  test('desktop: the nav items lead to the landing sections on /web', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pt/security', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Principal', exact: true });
    await expect(nav.getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/pt/web');
    await nav.getByRole('link', { name: 'Preços' }).click();
    await expect(page).toHaveURL(/\/pt\/web#Pricing$/);
    await expect.poll(() => page.evaluate(inView('Pricing'))).toBe(true);
  });

  test('mobile: the sidebar items lead to the landing sections on /web', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/features/api', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/web#FAQ$/);
    await expect.poll(() => page.evaluate(inView('FAQ'))).toBe(true);
  });
});

for (const width of [375, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`content pages have no axe violations and no overflow at ${width}px, ${scheme}`, async ({
      page,
      makeAxeBuilder,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      for (const url of ['/security', '/features/api', '/legal/privacy', '/cs/developers/api']) {
        await page.goto(url);
        await setScheme(page, scheme);
        await expectNoHorizontalOverflow(page);
        const results = await makeAxeBuilder().analyze();
        expect(results.violations.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual(
          [],
        );
      }
    });
  }
}

test('section cards: one column on phones, two from 582px, three in a row for three sections from 1080px', async ({
  page,
}) => {
  const columns = () =>
    page
      .locator('main article > ul')
      .first()
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/security');
  expect(await columns()).toBe(1);
  await page.setViewportSize({ width: 768, height: 800 });
  expect(await columns()).toBe(2);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await columns()).toBe(2);
  await page.goto('/legal');
  expect(await columns()).toBe(3);
});
