'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiProblem } from '@/lib/client/v1-api';
import { giveConsent, goneReason } from './signing-requests';
import type { TSigningEnd } from './signing-end';

type Props = {
  token: string;
  sender: string;
  pdfUrl: string;
  onAccepted: () => void;
  onEnd: (end: TSigningEnd) => void;
  /** Offered before consent: not agreeing to sign electronically is itself a reason to decline. */
  onDecline?: () => void;
};

/**
 * ESIGN/UETA consent before the first field: the disclosure (paper copy,
 * withdrawal, what the signer needs), an explicit tick, and the call that
 * records it (POST …/consent, with time, address and user agent).
 */
export function ConsentPanel({ token, sender, pdfUrl, onAccepted, onEnd, onDecline }: Props) {
  const t = useTranslations('signing.consent');
  const root = useTranslations('signing');
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    if (!checked) return setError(t('mustCheck'));
    setBusy(true);
    try {
      await giveConsent(token);
      onAccepted();
    } catch (problem) {
      const gone = goneReason(problem);
      if (gone) return onEnd({ kind: 'gone', reason: gone });
      toast.error(
        t('failed', { reason: problem instanceof ApiProblem ? (problem.detail ?? problem.code) : root('offline') }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="consent-title" data-signing-consent="" className="space-y-3 text-sm">
      <h2 id="consent-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      {/* Scrolls on a phone; the download link inside keeps it reachable by keyboard. */}
      <div className="max-h-64 space-y-2 overflow-y-auto pr-1 text-ink-muted [overflow-wrap:anywhere] lg:max-h-none">
        <p>{t('body1')}</p>
        <p>{t('body2', { sender })}</p>
        <p>
          {t('body3')}{' '}
          <a
            href={pdfUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-primary-700 underline dark:text-primary-300"
          >
            {t('download')}
          </a>
        </p>
      </div>
      <label className="flex items-start gap-3">
        <input
          id="signing-consent-check"
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'consent-error' : undefined}
          onChange={(event) => {
            setChecked(event.target.checked);
            setError(null);
          }}
        />
        <span className="font-medium text-ink">{t('checkbox')}</span>
      </label>
      {error ? (
        <p id="consent-error" role="alert" className="text-danger-700 dark:text-danger-300">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => void accept()}
        className="w-full rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
      >
        {t('accept')}
      </button>
      {onDecline ? (
        <button
          type="button"
          onClick={onDecline}
          data-signing-decline=""
          className="w-full rounded-lg border border-surface-border px-5 py-2.5 font-semibold text-ink hover:bg-surface-sunken"
        >
          {root('decline.button')}
        </button>
      ) : null}
    </section>
  );
}
