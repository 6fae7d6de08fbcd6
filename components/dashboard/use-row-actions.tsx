'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useCorrectDeclined } from '@/components/workspace/use-correct-declined';
import type { TDocumentSummary } from '@/lib/api/v1/documents';
import { clipName } from '@/lib/clip-name';
import { CancelDialog } from './cancel-dialog';
import type { TRowAction } from './document-actions';
import { toastProblem } from './problem-toast';
import { useDocumentActions } from './use-documents';

/**
 * Carries out the action chosen in a row's menu: remind at once; delete after
 * a confirmation (a document out for signature is explained instead: it must
 * be cancelled first, which the dialog offers); cancel after asking why;
 * correct a declined document (its new draft opens).
 * Every outcome ends in a toast, a refusal with the API's own explanation.
 */
export function useRowActions() {
  const t = useTranslations('dashboard');
  const { open } = useDialog();
  const { remind, cancel, remove, retrySeal } = useDocumentActions();
  const [cancelling, setCancelling] = useState<TDocumentSummary | null>(null);
  const { correct } = useCorrectDeclined((error) =>
    toastProblem(t('toasts.correctFailed'), error, t('toasts.offline')),
  );

  const sendReminder = async ({ id, name }: TDocumentSummary) => {
    try {
      await remind.mutateAsync(id);
      toast.success(t('toasts.reminded', { name: clipName(name) }));
    } catch (error) {
      toastProblem(t('toasts.remindFailed', { name: clipName(name) }), error, t('toasts.offline'));
    }
  };

  const sealAgain = async ({ id, name }: TDocumentSummary) => {
    try {
      await retrySeal.mutateAsync(id);
      toast.success(t('toasts.retryQueued', { name: clipName(name) }));
    } catch (error) {
      toastProblem(t('toasts.retryFailed', { name: clipName(name) }), error, t('toasts.offline'));
    }
  };

  const explainPending = async (document: TDocumentSummary) => {
    const choice = await open({
      title: t('deleteDialog.pendingTitle', { name: document.name }),
      body: <p>{t('deleteDialog.pendingMessage')}</p>,
      buttons: [
        { label: t('deleteDialog.close'), value: false, tone: 'secondary' },
        { label: t('deleteDialog.cancelInstead'), value: 'cancel', tone: 'primary', autoFocus: true },
      ],
    });
    if (choice === 'cancel') setCancelling(document);
  };

  const deleteDocument = async (document: TDocumentSummary) => {
    const { id, name } = document;
    if (document.status === 'pending') return explainPending(document);
    const choice = await open({
      title: t('deleteDialog.title', { name }),
      body: <p>{t('deleteDialog.message')}</p>,
      tone: 'danger',
      buttons: [
        // A dangerous step starts on the safe answer, so a stray Enter deletes nothing.
        { label: t('deleteDialog.keep'), value: false, tone: 'secondary', autoFocus: true },
        { label: t('deleteDialog.confirm'), value: 'delete', tone: 'danger' },
      ],
    });
    if (choice !== 'delete') return;
    try {
      await remove.mutateAsync(id);
      toast.success(t('toasts.deleted', { name: clipName(name) }));
    } catch (error) {
      // e.g. 409 when the list was stale and the document went out for signature meanwhile.
      toastProblem(t('toasts.deleteFailed', { name: clipName(name) }), error, t('toasts.offline'));
    }
  };

  const run = (action: TRowAction, document: TDocumentSummary) => {
    if (action === 'remind') void sendReminder(document);
    else if (action === 'retry-seal') void sealAgain(document);
    else if (action === 'delete') void deleteDocument(document);
    else if (action === 'correct') void correct(document.id);
    else setCancelling(document);
  };

  const dialog = cancelling ? (
    <CancelDialog
      key={cancelling.id}
      name={cancelling.name}
      busy={cancel.isPending}
      onClose={() => setCancelling(null)}
      onConfirm={(reason) =>
        cancel.mutate(
          { id: cancelling.id, reason },
          {
            onSuccess: () => {
              toast.success(t('toasts.cancelled', { name: clipName(cancelling.name) }));
              setCancelling(null);
            },
            onError: (error) =>
              toastProblem(t('toasts.cancelFailed', { name: clipName(cancelling.name) }), error, t('toasts.offline')),
          },
        )
      }
    />
  ) : null;

  /** The document whose seal is being queued again (its button waits). */
  const retrying = retrySeal.isPending ? retrySeal.variables : undefined;
  return { run, dialog, retrying };
}
