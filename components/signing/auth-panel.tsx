'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { TOtpSent } from '@/lib/api/v1/signer-otp';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';
import type { TSigningEnd } from './signing-end';
import { goneReason, signingPath } from './signing-requests';

type Props = {
  token: string;
  method: string;
  /** The sender's name: whom to ask for a new link once the link's tries are used up. */
  sender: string;
  /** What the authentication is for: signing (signers, approvers) or opening the document (viewers). */
  purpose?: 'sign' | 'view';
  onSatisfied: () => void;
  onEnd: (end: TSigningEnd) => void;
};

/** What the panel offers after a refusal: the code form again, a new code only, or nothing (the sender must act). */
type TNext = 'retry' | 'new-code' | 'ask-sender';

const PRIMARY =
  'w-full rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60';
const SECONDARY =
  'w-full rounded-lg border border-surface-border px-4 py-2 font-semibold hover:bg-surface-sunken disabled:opacity-60';

/**
 * Signer authentication before the first field (or, for a viewer, before the
 * document), when the sender asked for it: an email one-time code (POST …/otp,
 * then …/otp/verify). Each refusal is said in the signer's language from its
 * code and reason: a wrong code with tries left; OTP_EXPIRED or a spent code,
 * where "Send a new code" becomes the one way on; OTP_LOCKED `otp_locked`,
 * where only the sender can help; too many codes this hour.
 */
export function AuthPanel({ token, method, sender, purpose = 'sign', onSatisfied, onEnd }: Props) {
  const t = useTranslations('signing.auth');
  const root = useTranslations('signing');
  const [sent, setSent] = useState<TOtpSent | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [next, setNext] = useState<TNext>('retry');
  const [busy, setBusy] = useState(false);

  const explain = (problem: unknown): [string, TNext] => {
    if (!(problem instanceof ApiProblem)) return [root('offline'), 'retry'];
    const reason = problem.body.reason;
    if (reason === 'otp_wrong') return [t('wrong', { triesLeft: Number(problem.body.triesLeft ?? 0) }), 'retry'];
    if (reason === 'otp_locked') return [t('locked', { sender }), 'ask-sender'];
    if (problem.code === 'OTP_LOCKED') return [t('spent'), 'new-code'];
    if (problem.code === 'OTP_EXPIRED') return [t('expired'), 'new-code'];
    if (reason === 'otp_not_sent') return [t('notSent'), 'new-code'];
    if (problem.status === 429) return [t('tooMany'), 'retry'];
    if (problem.status === 400) return [t('format'), 'retry'];
    return [problem.detail ?? problem.code, 'retry'];
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
      const [message, then] = explain(problem);
      setError(message);
      setNext(then);
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      setSent(await v1Request<TOtpSent>(signingPath(token, '/otp'), { method: 'POST', body: {} }));
      setCode('');
      setNext('retry');
    });
  const verify = () =>
    run(async () => {
      await v1Request(signingPath(token, '/otp/verify'), { method: 'POST', body: { code } });
      onSatisfied();
    });

  if (method !== 'email_otp') {
    return (
      <p role="note" className="rounded-md bg-info-50 p-2 text-sm text-info-900 dark:bg-info-950 dark:text-info-100">
        {t(method === 'oidc' ? 'oidc' : 'other')}
      </p>
    );
  }
  const errorLine = error ? (
    <p id="otp-error" role="alert" className="text-sm text-danger-700 dark:text-danger-300">
      {error}
    </p>
  ) : null;
  const sendButton = (label: string) => (
    <button type="button" disabled={busy} onClick={() => void send()} className={PRIMARY}>
      {label}
    </button>
  );
  let body;
  if (next === 'ask-sender') body = errorLine;
  else if (sent && next === 'new-code') {
    body = (
      <>
        {errorLine}
        {sendButton(t('resend'))}
      </>
    );
  } else if (sent) {
    body = (
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <p>{t('sent', { to: sent.sentTo })}</p>
        <label htmlFor="otp-code" className="block font-medium">
          {t('code')}
        </label>
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
        <button type="submit" disabled={busy} className={PRIMARY}>
          {t('verify')}
        </button>
        <button type="button" disabled={busy} onClick={() => void send()} className={SECONDARY}>
          {t('resend')}
        </button>
      </form>
    );
  } else {
    body = (
      <>
        {errorLine}
        {sendButton(t('send'))}
      </>
    );
  }
  return (
    <section aria-labelledby="auth-title" data-signing-auth="" className="space-y-3 text-sm">
      <h2 id="auth-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      <p className="text-ink-muted">{t(purpose === 'view' ? 'email_otp_view' : 'email_otp')}</p>
      {body}
    </section>
  );
}
