'use client';

import { useTranslations } from 'next-intl';
import type { TSaveState } from './use-autosave';

/** "Saving… / Saved / Not saved — retry", announced politely as it changes. */
export function SaveStatus({ state, onRetry }: { state: TSaveState; onRetry: () => void }) {
  const t = useTranslations('workspace.save');
  return (
    <p role="status" data-save-state={state} className="flex items-center gap-2 text-sm font-medium">
      {state === 'saving' ? <span className="text-ink-muted">{t('saving')}</span> : null}
      {state === 'saved' ? <span className="text-success-700 dark:text-success-300">{t('saved')}</span> : null}
      {state === 'invalid' ? <span className="text-danger-700 dark:text-danger-300">{t('invalid')}</span> : null}
      {state === 'failed' ? (
        <>
          <span className="text-danger-700 dark:text-danger-300">{t('failed')}</span>
          <button
            type="button"
            onClick={onRetry}
            className="rounded-md border border-danger-700 px-2 py-0.5 text-danger-800 hover:bg-danger-50 dark:border-danger-300 dark:text-danger-200 dark:hover:bg-danger-950"
          >
            {t('retry')}
          </button>
        </>
      ) : null}
    </p>
  );
}
