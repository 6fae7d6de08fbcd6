import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** Title of a signed-in page; such pages are never indexed. */
export async function privatePageMetadata(params: Promise<{ locale: string }>, key: string): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  const brand = (await getTranslations({ locale, namespace: 'common' }))('brand');
  return { title: `${t(key)} · ${brand}`, robots: { index: false, follow: false } };
}
