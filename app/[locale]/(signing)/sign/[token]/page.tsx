import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { GoneLink } from '@/components/signing/gone-link';
import { SigningPage } from '@/components/signing/signing-page';
import { findSigningPage } from '@/lib/server/signing/find-signing-page';

type Props = { params: Promise<{ locale: string; token: string }> };

// A signing link is a secret: never indexed, never sent on as a referrer.
export const dynamic = 'force-dynamic';
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'signing' });
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** /sign/{token}: the recipient's page (no account), or why their link no longer works; an unknown link is a plain 404. */
export default async function SignPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const found = await findSigningPage(token);
  if (!found) notFound();
  if (found.state === 'gone') return <GoneLink reason={found.reason} documentName={found.documentName} />;
  return (
    <ClientMessages scope="signing">
      <SigningPage token={token} documentName={found.documentName} />
    </ClientMessages>
  );
}
