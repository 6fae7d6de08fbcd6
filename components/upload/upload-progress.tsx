'use client';

import { useFormatter, useTranslations } from 'next-intl';

/**
 * The bar of an upload under way, and its Cancel button while bytes are still
 * being sent. Once they all are, the server holds the whole file and decides;
 * closing the connection then would not stop it, so there is nothing to cancel.
 */
export function UploadProgress({ progress, onCancel }: { progress: number; onCancel: () => void }) {
  const t = useTranslations('auth.upload');
  const format = useFormatter();
  const sending = progress < 100;
  return (
    <div>
      <div
        role="progressbar"
        aria-label={t('progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-sunken"
      >
        <div className="h-full rounded-full bg-primary-600 transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <div className="mt-2 flex min-h-10 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {sending ? format.number(progress / 100, { style: 'percent' }) : t('checking')}
        </p>
        {sending ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg border border-surface-border px-4 py-2 text-sm font-semibold text-ink transition hover:bg-surface-sunken"
          >
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
