'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import type { TRecipient } from '@/lib/api/v1/recipients';
import { documentDetailsKey } from '@/lib/client/use-document-details';
import { useLocalDateTime } from '@/lib/client/use-local-date-time';
import { ApiProblem } from '@/lib/client/v1-api';
import { SMALL_BUTTON } from './field-settings';
import { useDocumentRequest } from './document-workspace';

/**
 * A recipient's eID vouched for another name than the one the owner typed
 * (EID_NAME_MISMATCH=review): both names, and while the document waits for
 * it, "Accept identity", confirmed in place (what accepting means, then
 * POST …/accept-identity). The other way out, cancelling the document, is
 * the panel's cancel button.
 */
export function IdentityReview({ details, recipient }: { details: TDocumentDetails; recipient: TRecipient }) {
  const t = useTranslations('workspace.identity');
  const queryClient = useQueryClient();
  const request = useDocumentRequest();
  const dateTime = useLocalDateTime();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mismatch = recipient.identityMismatch;
  if (!mismatch) return null;
  const waiting = !mismatch.acceptedAt && details.status === 'pending';
  const names = { name: recipient.name, verified: mismatch.verifiedName ?? '—', expected: mismatch.expectedName };
  const accept = async () => {
    setBusy(true);
    try {
      await request(
        `/documents/${encodeURIComponent(details.id)}/recipients/${encodeURIComponent(recipient.id)}/accept-identity`,
        { method: 'POST' },
      );
      toast.success(t('acceptedToast', { name: recipient.name }));
    } catch (error) {
      toast.error(
        t('acceptFailed', { reason: error instanceof ApiProblem ? (error.detail ?? error.code) : t('offline') }),
      );
    } finally {
      setBusy(false);
      setConfirming(false);
      // Either way the page shows where the document is now (accepted here or elsewhere, cancelled meanwhile).
      await queryClient.invalidateQueries({ queryKey: documentDetailsKey(details.id) });
    }
  };
  return (
    <div
      data-identity-mismatch={mismatch.acceptedAt ? 'accepted' : 'waiting'}
      className={`mt-2 space-y-1 rounded-md border p-2 text-sm ${waiting ? 'border-warning-300 bg-warning-50 text-warning-900 dark:border-warning-700 dark:bg-warning-950 dark:text-warning-100' : 'border-surface-border bg-surface-sunken'}`}
    >
      <p className="font-semibold">{mismatch.acceptedAt ? t('acceptedTitle') : t('title')}</p>
      <p className="[overflow-wrap:anywhere]">{mismatch.verifiedName ? t('body', names) : t('noName', names)}</p>
      {mismatch.acceptedAt ? (
        <p>{t('accepted', { when: dateTime(mismatch.acceptedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
      ) : null}
      {waiting && !confirming ? (
        <>
          <p>{t('waiting')}</p>
          <button type="button" onClick={() => setConfirming(true)} className={`${SMALL_BUTTON} border-current`}>
            {t('accept')}
          </button>
        </>
      ) : null}
      {waiting && confirming ? (
        <div
          role="group"
          aria-labelledby={`identity-confirm-${recipient.id}`}
          data-identity-confirm=""
          className="space-y-2 border-t border-current pt-2"
        >
          {/* Focused when shown, so a screen reader reads the question before the buttons. */}
          <p
            id={`identity-confirm-${recipient.id}`}
            tabIndex={-1}
            ref={(question) => question?.focus()}
            className="font-semibold outline-none"
          >
            {t('confirmTitle')}
          </p>
          <p className="[overflow-wrap:anywhere]">{t('confirm', names)}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => void accept()}
              className={`${SMALL_BUTTON} border-current font-semibold`}
            >
              {busy ? t('accepting') : t('accept')}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)} className={SMALL_BUTTON}>
              {t('notNow')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
