'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ApiProblem } from '@/lib/client/v1-api';
import { declineSigning, goneReason } from './signing-requests';
import type { TSigningEnd } from './signing-end';

const MAX_REASON = 1000;

/** Decline with a reason (the reject confirmation, plus the reason the server requires): the sender is told why, and nobody can sign any more. */
export function DeclineDialog({
  open,
  token,
  sender,
  onClose,
  onEnd,
}: {
  open: boolean;
  token: string;
  sender: string;
  onClose: () => void;
  onEnd: (end: TSigningEnd) => void;
}) {
  const t = useTranslations('signing.decline');
  const root = useTranslations('signing');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decline = async () => {
    if (!reason.trim()) return setError(t('reasonRequired', { sender }));
    setBusy(true);
    try {
      await declineSigning(token, reason.trim());
      onEnd({ kind: 'declined', sender });
    } catch (problem) {
      const gone = goneReason(problem);
      if (gone) return onEnd({ kind: 'gone', reason: gone });
      const detail =
        problem instanceof ApiProblem
          ? (problem.errors[0]?.message ?? problem.detail ?? problem.code)
          : root('offline');
      setError(t('failed', { reason: detail }));
      toast.error(t('failed', { reason: detail }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      open={open}
      title={t('title')}
      subtitle={t('lead', { sender })}
      closeLabel={t('close')}
      tone="danger"
      buttons={[
        { label: t('cancel'), value: 'cancel', tone: 'secondary' },
        { label: t('confirm'), value: 'decline', tone: 'danger' },
      ]}
      onClose={(result) => {
        if (result === 'decline') {
          if (!busy) void decline();
          return;
        }
        setError(null);
        onClose();
      }}
    >
      <label htmlFor="decline-reason" className="block text-sm font-medium">
        {t('reason')}
      </label>
      <textarea
        id="decline-reason"
        rows={4}
        maxLength={MAX_REASON}
        value={reason}
        placeholder={t('reasonHint')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'decline-error' : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        className="mt-1 block w-full rounded-lg border border-surface-border bg-surface px-3 py-2 text-base text-ink"
      />
      {error ? (
        <p id="decline-error" role="alert" className="mt-1 text-sm text-danger-700 dark:text-danger-300">
          {error}
        </p>
      ) : null}
    </ModalDialog>
  );
}
