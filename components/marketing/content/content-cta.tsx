import { useTranslations } from 'next-intl';
import { LocaleLink as Link } from '@/components/i18n/locale-link';
import type { CtaKind } from './registry';

const TARGETS = {
  pricing: { pathname: '/', hash: 'Pricing' },
  contact: '/contact',
} as const;

/** Closing call to action: to the pricing section or to the contact page. */
export function ContentCta({ kind }: { kind: CtaKind }) {
  const t = useTranslations(`pages.cta.${kind}`);
  return (
    <section aria-labelledby="content-cta-title" className="px-4 pb-20">
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-to-br from-primary-800 to-info-800 px-6 py-12 text-center text-white shadow-xl">
        <h2 id="content-cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-primary-50">{t('text')}</p>
        <Link
          href={TARGETS[kind]}
          prefetch={false}
          className="mt-8 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-primary-800 transition hover:bg-primary-50"
        >
          {t('button')}
        </Link>
      </div>
    </section>
  );
}
