'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { useConfirm } from '@/components/dialogs/dialog-provider';
import { apiFetch } from '@/lib/http/api-fetch';

/** Admin: deletes a user after the delete-user confirmation, then says so in a toast and reloads the list. */
export function DeleteUserButton({ userId, name }: { userId: string; name: string }) {
  const t = useTranslations('dialogs.deleteUser');
  const confirm = useConfirm();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!(await confirm('delete-user', { name }))) return;
    setBusy(true);
    try {
      const response = await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
      if (!response.ok) {
        const problem = (await response.json().catch(() => ({}))) as { title?: string; detail?: string };
        toast.error(t('failed', { name, reason: problem.detail ?? problem.title ?? String(response.status) }));
        return;
      }
      toast.success(t('deleted', { name }));
      router.refresh();
    } catch {
      toast.error(t('failed', { name, reason: t('offline') }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={remove}
      disabled={busy}
      aria-label={t('label', { name })}
      data-delete-user={userId}
      className="rounded-lg border border-danger-700 px-3 py-1.5 text-sm font-semibold text-danger-800 hover:bg-danger-50 disabled:opacity-60 dark:border-danger-300 dark:text-danger-200 dark:hover:bg-danger-950"
    >
      {t('button')}
    </button>
  );
}
