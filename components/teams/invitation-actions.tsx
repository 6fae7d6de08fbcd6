'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { toastProblem } from '@/components/dashboard/problem-toast';
import { signOutAndLeave } from '@/components/layout/sign-out';
import type { TWorkspace } from '@/lib/api/v1/workspaces';
import { switchWorkspace } from '@/lib/client/current-workspace';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';
import type { Locale } from '@/lib/i18n/routing';

const PRIMARY =
  'rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60';

/**
 * "Accept and join": POST /api/v1/invitations/accept, then the team becomes the current workspace and the
 * dashboard opens in it, with a welcome toast. A refusal (used or withdrawn meanwhile, another address) is a
 * toast with the API's reason, and the page shows the invitation as it is now.
 */
export function AcceptInvitation({
  token,
  team,
  dashboardPath,
}: {
  token: string;
  team: string;
  dashboardPath: string;
}) {
  const t = useTranslations('teams.invite');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      const joined = await v1Request<TWorkspace>('/invitations/accept', { method: 'POST', body: { token } });
      switchWorkspace(joined.id, { flash: t('joined', { team }), to: dashboardPath, dashboard: dashboardPath });
    } catch (problem) {
      setBusy(false);
      toastProblem(t('failed'), problem, t('offline'));
      if (problem instanceof ApiProblem) router.refresh();
    }
  };
  return (
    <button type="button" onClick={() => void accept()} disabled={busy} className={PRIMARY} data-accept-invitation="">
      {busy ? t('accepting') : t('accept')}
    </button>
  );
}

/** Signing out, so that the invited address can sign in (the provider's session ends too, as from the avatar menu). */
export function SignOutForInvitation({ locale }: { locale: Locale }) {
  const t = useTranslations('teams.invite.otherAddress');
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await signOutAndLeave(locale);
    } catch {
      setBusy(false);
      toast.error(t('signOutFailed'));
    }
  };
  return (
    <button type="button" onClick={() => void signOut()} disabled={busy} className={PRIMARY} data-sign-out="">
      {busy ? t('signingOut') : t('signOut')}
    </button>
  );
}
