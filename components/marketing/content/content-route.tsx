import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { type ReactNode, use } from 'react';
import { contentMetadata } from './content-metadata';
import { ContentPage } from './content-page';
import { findContentPage } from './registry';

type Props = { params: Promise<{ locale: string }> };

/**
 * The two exports of a static content route (`page.tsx`): metadata and the
 * page, statically rendered per locale (the [locale] layout lists the locales).
 */
export function contentRoute(path: string, extra?: ReactNode) {
  async function generateMetadata({ params }: Props) {
    return contentMetadata(findContentPage(path), (await params).locale);
  }

  function Page({ params }: Props) {
    const { locale } = use(params);
    setRequestLocale(locale);
    const page = findContentPage(path);
    if (!page) notFound();
    return <ContentPage page={page}>{extra}</ContentPage>;
  }

  return { generateMetadata, Page };
}

type SlugProps = { params: Promise<{ locale: string; slug: string }> };

/** Same for a family of pages under `<prefix>/[slug]`; an unknown slug answers 404. */
export function contentSlugRoute(prefix: string, slugs: readonly string[]) {
  function generateStaticParams() {
    return slugs.map((slug) => ({ slug }));
  }

  async function generateMetadata({ params }: SlugProps) {
    const { locale, slug } = await params;
    return contentMetadata(findContentPage(`${prefix}/${slug}`), locale);
  }

  function Page({ params }: SlugProps) {
    const { locale, slug } = use(params);
    setRequestLocale(locale);
    const page = findContentPage(`${prefix}/${slug}`);
    if (!page) notFound();
    return <ContentPage page={page} />;
  }

  return { generateStaticParams, generateMetadata, Page };
}
