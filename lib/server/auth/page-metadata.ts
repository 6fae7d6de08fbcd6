import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** Title of a signed-in page (`key` in `namespace`); such pages are never indexed. */
export async function privatePageMetadata(
  params: Promise<{ locale: string }>,
  key: string,
  namespace = 'auth',
): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace });
  const brand = (await getTranslations({ locale, namespace: 'common' }))('brand');
  return { title: `${t(key)} · ${brand}`, robots: { index: false, follow: false } };
}
