'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';

/** The API's limit for a cancel reason (ZCancelBody). */
const MAX_REASON = 500;

type Props = { name: string; busy: boolean; onConfirm: (reason: string) => void; onClose: () => void };

/**
 * Asks why a document out for signature is cancelled (the recipients are told).
 * The app's modal dialog, kept open until a reason is given or the owner
 * backs out; it is not a preset because a preset carries no input.
 */
export function CancelDialog({ name, busy, onConfirm, onClose }: Props) {
  const t = useTranslations('dashboard.cancelDialog');
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  // Opened in place of another dialog ("Cancel it…" on the delete explanation), the first focus is taken
  // back by that dialog's focus restore at the end of its 200 ms close transition: focus the reason after it.
  useEffect(() => {
    const timer = window.setTimeout(() => field.current?.focus(), 250);
    return () => window.clearTimeout(timer);
  }, []);

  const close = (result: string | boolean) => {
    if (result !== 'confirm') return onClose();
    if (busy) return;
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };

  return (
    <ModalDialog
      open
      tone="danger"
      title={t('title', { name })}
      closeLabel={t('close')}
      onClose={close}
      buttons={[
        { label: t('keep'), value: false, tone: 'secondary' },
        { label: busy ? t('busy') : t('confirm'), value: 'confirm', tone: 'danger' },
      ]}
    >
      <p>{t('lead')}</p>
      <label htmlFor={`${id}-reason`} className="mt-4 block font-semibold">
        {t('reason')}
      </label>
      <textarea
        ref={field}
        id={`${id}-reason`}
        value={reason}
        maxLength={MAX_REASON}
        rows={3}
        required
        autoFocus
        aria-invalid={missing}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          if (event.target.value.trim()) setMissing(false);
        }}
        className="mt-1 block w-full rounded-md border border-surface-border bg-surface px-3 py-2 text-ink"
      />
      {missing ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-danger-700 dark:text-danger-300">
          {t('required')}
        </p>
      ) : null}
    </ModalDialog>
  );
}
