'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ApiProblem } from '@/lib/client/v1-api';
import { isOwnSigning } from '@/lib/signing/done-notes';
import { DoneView } from './done-view';
import type { TSigningEnd } from './signing-end';
import { LinkStatePage } from './link-state-page';
import { goneReason, useSigningSession } from './signing-requests';
import { SigningWorkspace } from './signing-workspace';
import { ViewerAuthStep } from './viewer-auth-step';

/**
 * The signer's page once the server found the link working: loads what the
 * signer sees (which marks them opened), then the document with their
 * fields; ends on the done page, the declined page, or why the link died.
 */
export function SigningPage({ token, documentName }: { token: string; documentName: string }) {
  const t = useTranslations('signing');
  const session = useSigningSession(token);
  const [end, setEndState] = useState<TSigningEnd | null>(null);
  // What the page said while signing (a refused save, a missing field) is over once it ends.
  const setEnd = useCallback((next: TSigningEnd) => {
    toast.dismiss();
    setEndState(next);
  }, []);

  const gone = end?.kind === 'gone' ? end.reason : goneReason(session.error);
  if (gone) return <LinkStatePage state={gone} documentName={documentName} />;
  if (end && end.kind !== 'gone') {
    const selfSigned = session.data ? isOwnSigning(session.data) : false;
    return (
      <DoneView
        kind={end.kind}
        documentName={documentName}
        sender={end.sender}
        everyoneSigned={end.everyoneSigned ?? false}
        reviewPending={end.reviewPending ?? false}
        selfSigned={selfSigned}
      />
    );
  }
  if (session.isPending) {
    return (
      <p role="status" className="py-16 text-center text-ink-muted">
        {t('loading')}
      </p>
    );
  }
  if (session.error || !session.data) {
    const reason = session.error instanceof ApiProblem ? (session.error.detail ?? session.error.code) : t('offline');
    return (
      <div role="alert" className="mx-auto max-w-xl py-16 text-center">
        <p>{t('loadFailed', { reason })}</p>
        <button
          type="button"
          onClick={() => void session.refetch()}
          className="mt-4 rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800"
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (session.data.recipient.role === 'viewer' && !session.data.auth.satisfied) {
    // Loading the session again once confirmed is what opens the document (and finishes the viewer's turn).
    return (
      <ViewerAuthStep token={token} session={session.data} onEnd={setEnd} onSatisfied={() => void session.refetch()} />
    );
  }
  return <SigningWorkspace token={token} session={session.data} onEnd={setEnd} />;
}
