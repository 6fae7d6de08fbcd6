'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiFetch } from '@/lib/http/api-fetch';

type Status = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; reason: string };

type TLabels = { send: string; sending: string; sent: string; failed: string; offline: string };

/**
 * Sends the administrator a test mail (POST /api/admin/outbox/test-mail),
 * then shows the outbox again with it. Text comes as props: this page need
 * not load next-intl's client runtime for one button.
 */
export function SendTestMail({ locale, labels }: { locale: string; labels: TLabels }) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const send = async () => {
    setStatus({ kind: 'sending' });
    try {
      const response = await apiFetch('/api/admin/outbox/test-mail', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ locale }),
      });
      if (!response.ok) {
        const problem = (await response.json().catch(() => ({}))) as { title?: string; detail?: string };
        return setStatus({ kind: 'failed', reason: problem.detail ?? problem.title ?? String(response.status) });
      }
      setStatus({ kind: 'sent' });
      router.refresh();
    } catch {
      setStatus({ kind: 'failed', reason: labels.offline });
    }
  };

  return (
    <div className="mb-8 flex flex-wrap items-center gap-4">
      <button
        type="button"
        onClick={send}
        disabled={status.kind === 'sending'}
        className="rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
      >
        {status.kind === 'sending' ? labels.sending : labels.send}
      </button>
      <p role="status" className="text-sm font-medium">
        {status.kind === 'sent' ? labels.sent : null}
        {status.kind === 'failed' ? (
          <span className="text-danger-700 dark:text-danger-300">{`${labels.failed} ${status.reason}`}</span>
        ) : null}
      </p>
    </div>
  );
}
