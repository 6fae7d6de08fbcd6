'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { toast } from 'sonner';
import type { TCreatedApiKey } from '@/lib/api/v1/api-keys';

/**
 * The new key's secret, shown this once (only its hash is stored): a
 * read-only field to select, a copy button, and a warning that it will not
 * be shown again. "Done" forgets it.
 */
export function CreatedKey({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  const t = useTranslations('apiKeys.created');
  const field = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success(t('copied'));
    } catch {
      field.current?.select();
      toast.error(t('copyFailed'));
    }
  };

  return (
    <div
      role="region"
      aria-labelledby="api-key-created"
      className="mt-5 rounded-xl border border-warning-300 bg-warning-50 p-4 text-warning-950 dark:border-warning-800 dark:bg-warning-950 dark:text-warning-50"
    >
      <h3 id="api-key-created" className="font-semibold">
        {t('title', { name: created.name })}
      </h3>
      <p className="mt-1 text-sm">{t('warning')}</p>
      <label htmlFor="api-key-secret" className="mt-3 block text-sm font-semibold">
        {t('secret')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          id="api-key-secret"
          readOnly
          value={created.secret}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-md border border-surface-border bg-surface-raised px-3 py-2 font-mono text-sm text-ink"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded-lg bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800"
        >
          {t('copy')}
        </button>
      </div>
      <button type="button" onClick={onDone} className="mt-3 text-sm font-semibold underline">
        {t('done')}
      </button>
    </div>
  );
}
