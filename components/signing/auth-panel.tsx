'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { TOtpSent } from '@/lib/api/v1/signer-otp';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';
import type { TSigningEnd } from './signing-end';
import { goneReason, signingPath } from './signing-requests';

type Props = { token: string; method: string; onSatisfied: () => void; onEnd: (end: TSigningEnd) => void };

/**
 * Signer authentication before the first field, when the sender asked for it:
 * an email one-time code (POST …/otp, then …/otp/verify). Each refusal is said
 * in the signer's language from its reason (wrong code with tries left, spent,
 * expired, too many codes this hour).
 */
export function AuthPanel({ token, method, onSatisfied, onEnd }: Props) {
  const t = useTranslations('signing.auth');
  const root = useTranslations('signing');
  const [sent, setSent] = useState<TOtpSent | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const explain = (problem: unknown): string => {
    if (!(problem instanceof ApiProblem)) return root('offline');
    const reason = problem.body.reason;
    if (reason === 'otp_wrong') return t('wrong', { triesLeft: Number(problem.body.triesLeft ?? 0) });
    if (reason === 'otp_spent') return t('spent');
    if (reason === 'otp_expired') return t('expired');
    if (problem.status === 429) return t('tooMany');
    if (problem.status === 400) return t('format');
    return problem.detail ?? problem.code;
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (problem) {
      const gone = goneReason(problem);
      if (gone) return onEnd({ kind: 'gone', reason: gone });
      if (problem instanceof ApiProblem && problem.body.reason === 'auth_satisfied') return onSatisfied();
      setError(explain(problem));
    } finally {
      setBusy(false);
    }
  };
  const send = () => run(async () => setSent(await v1Request<TOtpSent>(signingPath(token, '/otp'), { method: 'POST', body: {} })));
  const verify = () =>
    run(async () => {
      await v1Request(signingPath(token, '/otp/verify'), { method: 'POST', body: { code } });
      onSatisfied();
    });

  if (method !== 'email_otp') {
    return <p role="note" className="rounded-md bg-info-50 p-2 text-sm text-info-900 dark:bg-info-950 dark:text-info-100">{t(method === 'oidc' ? 'oidc' : 'other')}</p>;
  }
  const errorLine = error ? <p id="otp-error" role="alert" className="text-sm text-danger-700 dark:text-danger-300">{error}</p> : null;
  return (
    <section aria-labelledby="auth-title" data-signing-auth="" className="space-y-3 text-sm">
      <h2 id="auth-title" className="text-base font-semibold">{t('title')}</h2>
      <p className="text-ink-muted">{t('email_otp')}</p>
      {sent ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void verify();
          }}
        >
          <p>{t('sent', { to: sent.sentTo })}</p>
          <label htmlFor="otp-code" className="block font-medium">{t('code')}</label>
          <input
            id="otp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'otp-error' : undefined}
            onChange={(event) => setCode(event.target.value)}
            className="block w-full rounded-lg border border-surface-border bg-surface px-3 py-2 text-lg tracking-widest text-ink"
          />
          {errorLine}
          <button type="submit" disabled={busy} className="w-full rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60">{t('verify')}</button>
          <button type="button" disabled={busy} onClick={() => void send()} className="w-full rounded-lg border border-surface-border px-4 py-2 font-semibold hover:bg-surface-sunken disabled:opacity-60">{t('resend')}</button>
        </form>
      ) : (
        <>
          {errorLine}
          <button type="button" disabled={busy} onClick={() => void send()} className="w-full rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60">{t('send')}</button>
        </>
      )}
    </section>
  );
}
