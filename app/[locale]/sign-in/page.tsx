import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteHeader } from '@/components/layout/site-header';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import { getEnv } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/localized-path';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Auth.js's codes, plus ours: signInIdentity's refusals and a session that ended elsewhere (lib/auth/session-ended.ts).
const KNOWN_ERRORS = [
  'Configuration',
  'AccessDenied',
  'OAuthCallbackError',
  'Verification',
  'EmailInUse',
  'EmailUnverified',
  'SessionEnded',
] as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth.signIn' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The sign-in page. Auth.js sends sign-in errors here (`?error=`): it says
 * what went wrong and offers a fresh attempt, never restarting the flow by
 * itself (that would loop on a broken provider).
 */
export default async function SignInPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const t = await getTranslations('auth.signIn');
  const error = typeof query.error === 'string' ? query.error : undefined;
  const errorKey = error ? (KNOWN_ERRORS.find((known) => known === error) ?? 'default') : undefined;
  const back = safeRedirectPath(query.callbackUrl, getEnv().appUrl, localizedPath('/welcome', locale));
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-xl px-4 py-16 sm:py-24">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-4 text-lg text-ink-muted">{t('lead')}</p>
        {errorKey ? (
          <div
            role="alert"
            className="mt-8 rounded-xl border border-danger-300 bg-danger-50 p-5 text-danger-900 dark:border-danger-800 dark:bg-danger-950 dark:text-danger-100"
          >
            <h2 className="font-semibold">{errorKey === 'SessionEnded' ? t('sessionEndedTitle') : t('errorTitle')}</h2>
            <p className="mt-2">{t(`errors.${errorKey}`)}</p>
            {errorKey === 'SessionEnded' ? null : <p className="mt-2">{t('stillSignedOut')}</p>}
          </div>
        ) : null}
        {/* Plain <a>: starting a sign-in must never be prefetched. */}
        <a
          href={`/api/auth/login?${new URLSearchParams({ callbackUrl: back })}`}
          className="mt-8 inline-block rounded-lg bg-primary-700 px-6 py-3 text-lg font-semibold text-white hover:bg-primary-800"
        >
          {t('button')}
        </a>
      </main>
    </>
  );
}
