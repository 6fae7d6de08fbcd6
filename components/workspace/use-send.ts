'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { useConfirm } from '@/components/dialogs/dialog-provider';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { ApiProblem } from '@/lib/client/v1-api';
import { documentDetailsKey } from '@/lib/client/use-document-details';
import { getPathname } from '@/lib/i18n/navigation';
import { checkBeforeSend, serverOrder, serverSendIssues, type TServerOrder } from '@/lib/workspace/send-checks';
import { settingsBody } from '@/lib/workspace/settings-form';
import { useMe } from './recipients-panel';
import type { TWorkspace } from './use-workspace-state';
import { useDocumentRequest, type TDocumentRequest } from './document-workspace';

/**
 * The server counts `fields.N` and `recipients.N` in its own order (fields by
 * page and position): read it, to put each error on what it names. Unread,
 * the errors stay on the document.
 */
async function serverOrderOf(
  request: TDocumentRequest,
  documentId: string,
  ids: { recipients: Map<string, string>; fields: Map<string, string> },
): Promise<TServerOrder> {
  try {
    return serverOrder(await request<TDocumentDetails>(`/documents/${encodeURIComponent(documentId)}`), ids);
  } catch {
    return { recipientKeys: [], fieldKeys: [] };
  }
}

/**
 * Sending: save what is pending, run the server's rules here first (each
 * problem shown where it is), confirm (send-to-sign), POST …/send. "Only me"
 * (the owner is the one signer) skips the invitation wording and goes
 * straight to the owner's own signing link.
 */
export function useSend(workspace: TWorkspace, onConfirming: () => void = () => {}) {
  const t = useTranslations('workspace');
  const locale = useLocale();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const router = useRouter();
  const request = useDocumentRequest();
  const me = useMe().data;
  const [busy, setBusy] = useState(false);
  const { details, recipients, fields, pages, settings, save, setIssues, showIssues } = workspace;
  const onlyMe =
    Boolean(me) && recipients.length === 1 && recipients[0]?.email.trim().toLowerCase() === me?.email.toLowerCase();

  const send = useCallback(async () => {
    setBusy(true);
    try {
      if (!(await save.flush())) return void toast.error(t('notSavedYet'));
      const issues = checkBeforeSend(recipients, fields, pages);
      const body = settingsBody(settings);
      if (issues.length > 0 || 'errors' in body) {
        showIssues(issues);
        toast.error(t('fixBeforeSending'));
        return;
      }
      setIssues([]);
      onConfirming(); // the confirmation is the only dialog open
      if (!onlyMe && !(await confirm('send-to-sign'))) return;
      const path = `/documents/${encodeURIComponent(details.id)}`;
      const sent = await request<TDocumentDetails>(`${path}/send`, { method: 'POST', body: body.body });
      if (onlyMe) {
        const mine = sent.recipients[0];
        const link =
          mine &&
          (await request<{ url: string }>(`${path}/recipients/${encodeURIComponent(mine.id)}/link`, {
            method: 'POST',
          }));
        if (link) return window.location.assign(link.url);
      }
      queryClient.setQueryData(documentDetailsKey(details.id), sent);
      await queryClient.invalidateQueries({ queryKey: documentDetailsKey(details.id) });
      router.refresh(); // the page's own details (status) are rendered on the server
      toast.success(t('sent'));
    } catch (error) {
      toast.error(t('sendFailed', { reason: error instanceof ApiProblem ? error.message : t('offline') }));
      if (error instanceof ApiProblem && error.status === 400 && error.errors.length) {
        showIssues(serverSendIssues(error.errors, await serverOrderOf(request, details.id, save.savedIds())));
      }
      if (error instanceof ApiProblem && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: documentDetailsKey(details.id) });
    } finally {
      setBusy(false);
    }
  }, [
    save,
    recipients,
    fields,
    pages,
    settings,
    setIssues,
    showIssues,
    onlyMe,
    confirm,
    details.id,
    queryClient,
    router,
    request,
    t,
    onConfirming,
  ]);

  /** "Save draft": everything stored, then the send-now-or-dashboard question: send it now, or go to the dashboard. */
  const saveDraft = useCallback(async () => {
    if (!(await save.flush())) return void toast.error(t('notSavedYet'));
    onConfirming();
    if (await confirm('send-now-or-dashboard')) return send();
    window.location.assign(getPathname({ href: '/dashboard', locale }));
  }, [save, confirm, send, locale, t, onConfirming]);

  return { send, saveDraft, busy, onlyMe };
}
