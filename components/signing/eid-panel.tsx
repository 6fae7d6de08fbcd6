'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { type TEidStarted, ZEidError } from '@/lib/api/v1/signer-eid';
import type { TSigningSession } from '@/lib/api/v1/signing-session';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';
import type { TSigningEnd } from './signing-end';
import { goneReason, signingPath } from './signing-requests';

type Props = {
  token: string;
  /** The recipient's name as the sender typed it. */
  expectedName: string;
  auth: TSigningSession['auth'];
  /** What the authentication is for: signing (signers, approvers) or opening the document (viewers). */
  purpose?: 'sign' | 'view';
  onEnd: (end: TSigningEnd) => void;
};

/**
 * Signer authentication by eID (`auth: oidc`): one button to the provider
 * (POST …/oidc/start, then the browser goes there and comes back to this
 * page, which reloads the session); a failed return arrives as `?eidError=`.
 * Once confirmed, the verified name is shown, with a warning when it is not
 * the name the sender typed (recorded in the audit trail, not refused).
 */
export function EidPanel({ token, expectedName, auth, purpose = 'sign', onEnd }: Props) {
  const t = useTranslations('signerEid');
  const returned = ZEidError.safeParse(useSearchParams().get('eidError'));
  const [error, setError] = useState<string | null>(returned.success ? t(`errors.${returned.data}`) : null);
  const [busy, setBusy] = useState(false);

  if (auth.satisfied) {
    return (
      <div data-signing-eid="" className="space-y-2 text-sm">
        <p>{auth.verifiedName ? t('confirmed', { name: auth.verifiedName }) : t('confirmedNoName')}</p>
        {auth.nameMatches === false ? (
          <p
            role="note"
            className="rounded-md border border-warning-300 bg-warning-50 p-2 text-warning-900 dark:border-warning-700 dark:bg-warning-950 dark:text-warning-100"
          >
            {t('nameMismatch', { verified: auth.verifiedName ?? '—', expected: expectedName })}
          </p>
        ) : null}
      </div>
    );
  }

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await v1Request<TEidStarted>(signingPath(token, '/oidc/start'), { method: 'POST', body: {} });
      window.location.assign(url);
    } catch (problem) {
      setBusy(false);
      const gone = goneReason(problem);
      if (gone) return onEnd({ kind: 'gone', reason: gone });
      if (!(problem instanceof ApiProblem)) return setError(t('errors.offline'));
      // Another tab finished first: the page's session says so once reloaded.
      if (problem.body.reason === 'auth_satisfied') return window.location.reload();
      setError(
        problem.body.reason === 'eid_unavailable' ? t('errors.unavailable') : (problem.detail ?? t('errors.failed')),
      );
    }
  };

  return (
    <section aria-labelledby="eid-title" data-signing-auth="" className="space-y-3 text-sm">
      <h2 id="eid-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      <p className="text-ink-muted">{t(purpose === 'view' ? 'introView' : 'intro')}</p>
      {error ? (
        <p role="alert" className="text-danger-700 dark:text-danger-300">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => void start()}
        className="w-full rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
      >
        {busy ? t('starting') : t('start')}
      </button>
    </section>
  );
}
