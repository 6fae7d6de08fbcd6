/**
 * schema.org data for the landing page: the organization and the product with
 * its three plans, built from the same constants the pricing section shows.
 */

export type PlanOffer = {
  name: string;
  description: string;
  /** As displayed, e.g. `$29`; null for a custom (quoted) price. */
  price: string | null;
  perMonth: boolean;
  /** Absolute address where the plan is taken. */
  url: string;
};

type LandingJsonLdOptions = {
  /** Absolute address of the site root. */
  siteUrl: string;
  /** Absolute address of this locale's landing page. */
  pageUrl: string;
  name: string;
  description: string;
  locale: string;
  logoUrl: string;
  plans: readonly PlanOffer[];
};

const CURRENCIES: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };

/** `$29` → `{ price: '29', priceCurrency: 'USD' }`; anything else is not a price. */
export function parsePrice(display: string): { price: string; priceCurrency: string } | null {
  const match = /^([$€£])\s?(\d+(?:\.\d{1,2})?)$/.exec(display.trim());
  if (!match) return null;
  const currency = CURRENCIES[match[1] ?? ''];
  return currency ? { price: match[2] ?? '', priceCurrency: currency } : null;
}

function offer(plan: PlanOffer): Record<string, unknown> {
  const base = { '@type': 'Offer', name: plan.name, description: plan.description, url: plan.url };
  const price = plan.price === null ? null : parsePrice(plan.price);
  if (!price) return base;
  if (!plan.perMonth) return { ...base, ...price };
  return {
    ...base,
    ...price,
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      ...price,
      unitCode: 'MON',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
    },
  };
}

export function landingJsonLd(options: LandingJsonLdOptions): Record<string, unknown> {
  const organizationId = `${options.siteUrl}/#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: options.name,
        url: options.siteUrl,
        logo: options.logoUrl,
      },
      {
        '@type': 'SoftwareApplication',
        name: options.name,
        url: options.pageUrl,
        description: options.description,
        inLanguage: options.locale,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        publisher: { '@id': organizationId },
        offers: options.plans.map(offer),
      },
    ],
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. JSON.stringify
 * alone would let a `</script>` inside any text end the element early, so
 * `<`, `>` and `&` (and the JS line separators) are written as \u escapes,
 * which JSON parsers read back as the same characters.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
