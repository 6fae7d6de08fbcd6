import { describe, expect, it } from 'vitest';
import { PLANS } from '@/components/marketing/landing-content';
import { landingJsonLd, parsePrice, serializeJsonLd } from '@/lib/seo/json-ld';

describe('parsePrice', () => {
  it.each([
    ['$0', { price: '0', priceCurrency: 'USD' }],
    ['$29', { price: '29', priceCurrency: 'USD' }],
    ['€9.99', { price: '9.99', priceCurrency: 'EUR' }],
  ])('%s', (display, expected) => expect(parsePrice(display)).toEqual(expected));

  it.each(['Custom', '', '29', '$', '$2x', '¥100'])('rejects %j', (display) => expect(parsePrice(display)).toBeNull());
});

describe('landingJsonLd', () => {
  const data = landingJsonLd({
    siteUrl: 'https://sign.example',
    pageUrl: 'https://sign.example/cs',
    name: 'Signet',
    description: 'E-signatures',
    locale: 'cs',
    logoUrl: 'https://sign.example/icon.svg',
    plans: PLANS.map((plan) => ({
      name: plan.key,
      description: `${plan.key} plan`,
      price: plan.price,
      perMonth: plan.perMonth,
      url: `https://sign.example${plan.href}`,
    })),
  });
  const graph = data['@graph'] as Record<string, unknown>[];
  const app = graph.find((node) => node['@type'] === 'SoftwareApplication') as Record<string, unknown>;
  const offers = app.offers as Record<string, unknown>[];

  it('describes the organization and links the product to it', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(graph[0]).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://sign.example/#organization',
      url: 'https://sign.example',
    });
    expect(app).toMatchObject({
      publisher: { '@id': 'https://sign.example/#organization' },
      inLanguage: 'cs',
      url: 'https://sign.example/cs',
    });
  });

  it('offers the three plans of the pricing section with their prices', () => {
    expect(offers.map((offer) => offer.name)).toEqual(['free', 'pro', 'enterprise']);
    expect(offers[0]).toMatchObject({ price: '0', priceCurrency: 'USD' });
    expect(offers[1]).toMatchObject({
      price: '29',
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: '29',
        referenceQuantity: { value: 1, unitCode: 'MON' },
      },
    });
    expect(offers[2]).not.toHaveProperty('price');
    expect(offers[2]).toMatchObject({ url: 'https://sign.example/contact?topic=enterprise' });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element or open a comment, and parses back unchanged', () => {
    const data = { text: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});
