import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApiReferenceIntro } from '@/components/api-docs/api-reference-intro';
import { ApiReference } from '@/components/api-docs/api-reference';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/marketing/site-footer';
import { isLocale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { SCALAR_SCRIPT_URL } from '@/components/api-docs/scalar-config';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'apiDocs' });
  const brand = (await getTranslations({ locale, namespace: 'common' }))('brand');
  return pageMetadata({
    locale,
    path: '/developers/api/reference',
    title: `${t('title')} | ${brand}`,
    description: t('description'),
  });
}

/** `/developers/api/reference`: the v1 API reference, rendered from /api/v1/openapi.json. */
export default async function ApiReferencePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('apiDocs');
  return (
    <>
      <SiteHeader />
      {/* Not a <main>: Scalar renders the reference as the page's main landmark (beside its sidebar);
          the intro is a named region. The skip link still lands here. */}
      <div id="main" className="overflow-x-clip">
        <ApiReferenceIntro />
        <ApiReference
          specUrl="/api/v1/openapi.json"
          scriptUrl={SCALAR_SCRIPT_URL}
          loadingText={t('loading')}
          failedText={t('failed')}
        />
      </div>
      <SiteFooter />
    </>
  );
}
