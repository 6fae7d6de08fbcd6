import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { BrandBar } from '@/components/signing/brand-bar';
import { LinkStatePage } from '@/components/signing/link-state-page';
import { SigningPage } from '@/components/signing/signing-page';
import { findSigningPage } from '@/lib/server/signing/link/find-signing-page';

type Props = { params: Promise<{ locale: string; token: string }> };

// A signing link is a secret: never indexed, never sent on as a referrer.
export const dynamic = 'force-dynamic';
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'signing' });
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * /sign/{token}: the recipient's page (no account), or the state page saying
 * why their link does not work; an unknown link answers 404 with its own
 * state page (not-found.tsx beside this file), not the site's.
 */
export default async function SignPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const found = await findSigningPage(token);
  if (found.state === 'unknown') notFound();
  if (found.state !== 'open') return <LinkStatePage state={found.state} documentName={found.documentName} />;
  return (
    <ClientMessages scope="signing">
      {found.brand && (
        <BrandBar
          brand={{ name: found.brand.name, color: found.brand.color, logoPath: found.brand.logo?.path ?? null }}
        />
      )}
      <SigningPage token={token} documentName={found.documentName ?? ''} />
    </ClientMessages>
  );
}
