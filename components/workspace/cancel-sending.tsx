'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { CancelDialog } from '@/components/dashboard/cancel-dialog';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { clipName } from '@/lib/clip-name';
import { documentDetailsKey } from '@/lib/client/use-document-details';
import { ApiProblem } from '@/lib/client/v1-api';
import { useDocumentRequest } from './document-workspace';

const DANGER_BUTTON =
  'rounded-md border border-danger-300 px-2.5 py-1.5 text-sm font-medium text-danger-700 hover:bg-danger-50 dark:border-danger-700 dark:text-danger-300 dark:hover:bg-danger-950';

/**
 * "Cancel the document…" in the workspace of a document out for signature:
 * the dashboard's dialog asks why (the recipients are told), then
 * POST …/cancel; the page shows the document as it is once it answers.
 */
export function CancelSending({ details }: { details: TDocumentDetails }) {
  const t = useTranslations('workspace');
  const toasts = useTranslations('dashboard.toasts');
  const queryClient = useQueryClient();
  const request = useDocumentRequest();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async (reason: string) => {
    setBusy(true);
    try {
      await request(`/documents/${encodeURIComponent(details.id)}/cancel`, { method: 'POST', body: { reason } });
      toast.success(toasts('cancelled', { name: clipName(details.name) }));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: documentDetailsKey(details.id) });
    } catch (error) {
      toast.error(toasts('cancelFailed', { name: clipName(details.name) }), {
        description: error instanceof ApiProblem ? error.detail : toasts('offline'),
        duration: 10_000,
      });
      // 409: the document is no longer out for signature (signed, cancelled elsewhere): show it as it is now.
      // Anything else (offline, rate-limited, a server error) keeps the dialog open with the reason typed, to try again.
      if (error instanceof ApiProblem && error.status === 409) {
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: documentDetailsKey(details.id) });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={DANGER_BUTTON}>
        {t('cancelDocument')}
      </button>
      {open ? (
        <CancelDialog
          name={details.name}
          busy={busy}
          onConfirm={(reason) => void cancel(reason)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
