import { runInNewContext } from 'node:vm';
import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiCapabilities, DeveloperFactsSummary, SdkToday } from '@/components/marketing/content/developer-facts';
import { CONFIG_SAMPLE, REQUEST_SAMPLE } from '@/components/marketing/developers-section';
import { developerFacts, developerFactsOf, SDK_PACKAGE, type TOpenApiFactsSource } from '@/lib/api/v1/developer-facts';
import { openApiDocument } from '@/lib/api/v1/openapi';
import { ZSigningRequestBody } from '@/lib/api/v1/signing-requests';
import { WEBHOOK_EVENTS } from '@/lib/api/v1/webhooks';
import { loadMessages } from '@/lib/i18n/messages';

type Tree = { [key: string]: string | Tree };
const LOCALES = ['en', 'pt', 'cs', 'es'] as const;
const catalogues = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, (await loadMessages(locale)) as Tree] as const)),
);

const document = () => structuredClone(openApiDocument('/')) as TOpenApiFactsSource;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const operationsUnder = (doc: TOpenApiFactsSource, prefix: string) =>
  Object.entries(doc.paths ?? {})
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}/`))
    .reduce((sum, [, item]) => sum + Object.keys(item ?? {}).filter((key) => METHODS.includes(key)).length, 0);

function render(element: ReactElement, locale: (typeof LOCALES)[number] = 'en') {
  // A missing or malformed message fails the test instead of rendering its key.
  const onError = (error: Error) => {
    throw error;
  };
  const provider: ComponentProps<typeof NextIntlClientProvider> = {
    locale,
    messages: catalogues[locale],
    onError,
    timeZone: 'UTC',
    children: element,
  };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, provider))
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('developer facts, read from the OpenAPI document', () => {
  it('list every v1 resource group with its operation count, and the webhook events', () => {
    const doc = document();
    const facts = developerFacts();
    const prefixes = new Set(Object.keys(doc.paths ?? {}).map((path) => path.split('/').slice(0, 4).join('/')));
    expect(facts.groups.map((group) => group.path).sort()).toEqual([...prefixes].sort());
    for (const group of facts.groups) expect(group.endpoints, group.path).toBe(operationsUnder(doc, group.path));
    expect(facts.groups.map((group) => group.path)).toEqual(
      expect.arrayContaining(['/api/v1/documents', '/api/v1/signing-requests', '/api/v1/webhooks']),
    );
    expect(facts.endpoints).toBe(facts.groups.reduce((sum, group) => sum + group.endpoints, 0));
    expect(facts.webhookEvents).toEqual([...WEBHOOK_EVENTS]);
    expect(facts.webhookSignatureHeader).toBe('Signet-Signature');
    expect(facts.openapi).toBe('3.1.0');
    expect(facts.openApiPath).toBe('/api/v1/openapi.json');
  });

  it('change with the document: a new group appears, and without webhooks no events are claimed', () => {
    const doc = document();
    const before = developerFactsOf(doc);
    const operation = { summary: 'A future operation' };
    doc.paths = {
      ...doc.paths,
      '/api/v1/templates': { get: operation, post: operation },
      '/api/v1/templates/{id}': { delete: operation },
    };
    const after = developerFactsOf(doc);
    expect(after.groups).toContainEqual({ path: '/api/v1/templates', endpoints: 3 });
    expect(after.endpoints).toBe(before.endpoints + 3);
    expect(render(createElement(ApiCapabilities, { facts: after }))).toContain(
      '/api/v1/templates</dt><dd class="text-ink-muted">3 endpoints</dd>',
    );

    const withoutWebhooks = document();
    delete withoutWebhooks.paths?.['/api/v1/webhooks'];
    delete withoutWebhooks.paths?.['/api/v1/webhooks/{id}'];
    delete withoutWebhooks.components?.schemas?.WebhookEvent;
    const bare = developerFactsOf(withoutWebhooks);
    expect(bare.groups.map((group) => group.path)).not.toContain('/api/v1/webhooks');
    expect(bare.webhookEvents).toEqual([]);
    expect(bare.webhookSignatureHeader).toBeNull();
    const html = render(createElement(ApiCapabilities, { facts: bare }));
    expect(html).not.toContain('data-webhook-events');
    expect(html).not.toContain('Signet-Signature');
  });
});

describe('the developer pages render those facts', () => {
  it('/developers/api lists exactly the groups and events of the document', () => {
    const facts = developerFacts();
    const html = render(createElement(ApiCapabilities));
    const groups = [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>(\d+) endpoints?<\/dd>/g)].map(
      ([, path, count]) => ({ path, endpoints: Number(count) }),
    );
    expect(groups).toEqual(facts.groups);
    const events = [...html.matchAll(/<code[^>]*>([^<]+)<\/code>/g)].map(([, event]) => event);
    expect(events).toEqual(facts.webhookEvents);
    expect(html).toContain('href="/api/v1/openapi.json"');
    expect(html).toContain('href="/developers/api/reference"');
  });

  it.each(LOCALES)('%s: the API, SDK and community blocks render every message with the current counts', (locale) => {
    const facts = developerFacts();
    for (const element of [
      createElement(ApiCapabilities),
      createElement(SdkToday),
      createElement(DeveloperFactsSummary),
    ]) {
      const html = render(element, locale);
      expect(html).not.toMatch(/\{\w+[,}]/);
      if (element.type !== ApiCapabilities) expect(html).toContain(String(facts.endpoints));
    }
  });

  it('the SDK block says whether an official package exists from SDK_PACKAGE alone', () => {
    const facts = developerFacts();
    expect(render(createElement(SdkToday, { facts: { ...facts, sdkPackage: null } }))).toContain('None published yet.');
    const published = render(createElement(SdkToday, { facts: { ...facts, sdkPackage: '@signet/sdk' } }));
    expect(published).toContain('npm install @signet/sdk');
    expect(published).not.toContain('None published yet.');
    expect(render(createElement(SdkToday))).toContain(
      SDK_PACKAGE ? `npm install ${SDK_PACKAGE}` : 'None published yet.',
    );
  });
});

/** Every string under the developer pages, the API feature page and the landing page's API claims. */
function developerStrings(locale: (typeof LOCALES)[number]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: string | Tree | undefined, key: string) => {
    if (typeof node === 'string') out.set(key, node);
    else if (node) for (const [name, child] of Object.entries(node)) walk(child, `${key}.${name}`);
  };
  const tree = catalogues[locale];
  const at = (path: string) =>
    path
      .split('.')
      .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  const pages = at('pages') as Tree;
  for (const key of Object.keys(pages).filter((name) => name.startsWith('developer'))) walk(pages[key], `pages.${key}`);
  for (const path of [
    'pages.features.api',
    'apiDocs',
    'landing.developers',
    'landing.solutions.items.api',
    'landing.faq.items.api',
  ])
    walk(at(path), path);
  return out;
}

// What was shipped must not read as announced (each language's ways of saying "next", "coming", "will ship with",
// and the old future tense of webhooks). Plans for the SDK, which does not exist yet, may say "will".
const ANNOUNCED: Record<(typeof LOCALES)[number], RegExp> = {
  en: /\b(are|is|comes?) next\b|\bcoming (soon|next)\b|\bwill ship\b|\bship(s)? together\b|\barriv\w* together\b|\bwebhooks? will\b|\bonce .* ships\b/i,
  pt: /vêm a seguir|seguem-se|será lançad|chegam junto|vão avisar/i,
  cs: /dále přijdou|další na řadě|vyjde společně|přijdou spolu|dají vašim/i,
  es: /después llegan|llegarán|se publicará junto|avisarán/i,
};

describe('developer page messages', () => {
  it.each(LOCALES)('%s: nothing the API offers is announced as coming', (locale) => {
    const strings = developerStrings(locale);
    expect(strings.size).toBeGreaterThan(40);
    const announced = [...strings]
      .filter(([, text]) => ANNOUNCED[locale].test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(announced).toEqual([]);
  });

  it('say "no official SDK" exactly while no SDK package is published', () => {
    const saysNone = [...developerStrings('en').values()].some((text) => /no official SDK/i.test(text));
    expect(saysNone).toBe(SDK_PACKAGE === null);
  });
});

describe('the landing page samples', () => {
  it('call a real v1 endpoint with a body its schema accepts, through no SDK package while none exists', () => {
    const call = /signet\('([^']+)', (\{[\s\S]*\})\);$/.exec(REQUEST_SAMPLE);
    expect(call).not.toBeNull();
    const [, path = '', literal = ''] = call ?? [];
    const body: unknown = runInNewContext(`(${literal})`);
    expect(ZSigningRequestBody.safeParse(body).success).toBe(true);
    expect(CONFIG_SAMPLE).toContain('/api/v1${path}');
    expect(CONFIG_SAMPLE).toContain("method: 'POST'");
    const doc = document();
    expect(doc.paths?.[`/api/v1${path}`]?.post).toBeDefined();
    if (SDK_PACKAGE === null)
      for (const sample of [CONFIG_SAMPLE, REQUEST_SAMPLE]) expect(sample).not.toMatch(/\bimport\b|\brequire\(/);
  });
});
