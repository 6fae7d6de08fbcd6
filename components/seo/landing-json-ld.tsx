import { useLocale, useTranslations } from 'next-intl';
import { PLANS } from '@/components/marketing/landing-content';
import { localizedPath } from '@/lib/i18n/localized-path';
import type { Locale } from '@/lib/i18n/routing';
import { landingJsonLd, serializeJsonLd } from '@/lib/seo/json-ld';
import { absoluteUrl, siteUrl } from '@/lib/seo/site-url';

/** Organization and product (with the pricing section's three plans) as JSON-LD for the landing page. */
export function LandingJsonLd() {
  const locale = useLocale() as Locale;
  const meta = useTranslations('metadata');
  const pricing = useTranslations('landing.pricing');
  const brand = useTranslations('common')('brand');
  const base = siteUrl();
  const url = (href: string) => absoluteUrl(localizedPath(href, locale), base);
  const data = landingJsonLd({
    siteUrl: absoluteUrl('/', base),
    pageUrl: url('/'),
    name: brand,
    description: meta('description'),
    locale,
    logoUrl: absoluteUrl('/icon.svg', base),
    plans: PLANS.map((plan) => ({
      name: pricing(`plans.${plan.key}.title`),
      description: pricing(`plans.${plan.key}.description`),
      price: plan.price,
      perMonth: plan.perMonth,
      url: url(plan.href),
    })),
  });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
