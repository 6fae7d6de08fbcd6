'use client';

import { useTranslations } from 'next-intl';
import type { TSigningSession } from '@/lib/api/v1/signing-session';
import { AuthPanel } from './auth-panel';
import { EidPanel } from './eid-panel';
import type { TSigningEnd } from './signing-end';

type Props = { token: string; session: TSigningSession; onSatisfied: () => void; onEnd: (end: TSigningEnd) => void };

/**
 * A viewer whose sender asked for authentication: only that step, no
 * document (the server serves neither its fields nor its PDF before it, since
 * opening is what finishes a viewer's turn). Once confirmed, the page loads
 * the session again, which opens the document.
 */
export function ViewerAuthStep({ token, session, onSatisfied, onEnd }: Props) {
  const t = useTranslations('signing');
  return (
    <div className="mx-auto max-w-xl space-y-3 py-6 sm:py-10">
      <h1 className="text-lg font-bold [overflow-wrap:anywhere] sm:text-xl">{session.document.name}</h1>
      <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
        {t('from', { name: session.sender.name, email: session.sender.email })}
      </p>
      <div className="rounded-xl border border-surface-border bg-surface-raised p-4 shadow-sm">
        {session.auth.method === 'oidc' ? (
          <EidPanel
            token={token}
            expectedName={session.recipient.name}
            auth={session.auth}
            purpose="view"
            onEnd={onEnd}
          />
        ) : (
          <AuthPanel
            token={token}
            method={session.auth.method}
            sender={session.sender.name}
            purpose="view"
            onSatisfied={onSatisfied}
            onEnd={onEnd}
          />
        )}
      </div>
    </div>
  );
}
