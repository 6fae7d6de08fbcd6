'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { parsePageNumber } from '@/lib/viewer/visible-pages';
import { ZOOM_STEPS, type TZoom } from '@/lib/viewer/zoom';

type Props = {
  current: number;
  pageCount: number;
  zoom: TZoom;
  /** The zoom controls are hidden on a phone, where the pages always fit the width. */
  showZoom: boolean;
  canZoomIn: boolean;
  canZoomOut: boolean;
  onGoTo: (pageNumber: number) => void;
  onZoom: (zoom: TZoom) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
};

const button =
  'inline-flex size-9 items-center justify-center rounded-md border border-surface-border bg-surface-raised text-lg leading-none font-semibold hover:bg-surface-sunken disabled:hover:bg-surface-raised';

/** Page indicator with a go-to-page field, and zoom (fit width, 50–200 %). */
export function ViewerToolbar({
  current,
  pageCount,
  zoom,
  showZoom,
  canZoomIn,
  canZoomOut,
  onGoTo,
  onZoom,
  onZoomIn,
  onZoomOut,
}: Props) {
  const t = useTranslations('viewer');
  const format = useFormatter();
  // What the person is typing; null shows the current page (which follows scrolling).
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (draft === null) return;
    const page = parsePageNumber(draft, pageCount);
    if (page === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(null);
    onGoTo(page);
  }

  return (
    <div
      role="toolbar"
      aria-label={t('toolbar')}
      className="flex flex-wrap items-center justify-between gap-2 border-b border-surface-border bg-surface-raised px-3 py-2"
    >
      <form onSubmit={submit} className="flex items-center gap-2 text-sm">
        <input
          type="text"
          inputMode="numeric"
          aria-label={t('pageInput', { count: pageCount })}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'viewer-page-error' : undefined}
          value={draft ?? String(current)}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(false);
          }}
          onBlur={() =>
            draft !== null && parsePageNumber(draft, pageCount) !== null
              ? submit()
              : (setDraft(null), setInvalid(false))
          }
          onKeyDown={(event) => event.key === 'Escape' && (setDraft(null), setInvalid(false))}
          className="w-14 rounded-md border border-surface-border bg-surface px-2 py-1 text-right tabular-nums aria-[invalid=true]:border-danger-600"
        />
        <span className="tabular-nums text-ink-muted" data-page-count>
          / {pageCount}
        </span>
        {invalid ? (
          <span id="viewer-page-error" role="alert" className="text-danger-700 dark:text-danger-300">
            {t('badPage', { count: pageCount })}
          </span>
        ) : null}
      </form>
      {showZoom ? (
        <div className="flex items-center gap-1.5">
          <button
            type="button"
            className={button}
            aria-label={t('zoomOut')}
            title={`${t('zoomOut')} (Ctrl −)`}
            disabled={!canZoomOut}
            onClick={onZoomOut}
          >
            −
          </button>
          <select
            aria-label={t('zoom')}
            value={zoom === 'fit' ? 'fit' : String(zoom)}
            onChange={(event) => onZoom(event.target.value === 'fit' ? 'fit' : Number(event.target.value))}
            className="h-9 rounded-md border border-surface-border bg-surface-raised px-2 text-sm"
          >
            <option value="fit">{t('fitWidth')}</option>
            {ZOOM_STEPS.map((step) => (
              <option key={step} value={String(step)}>
                {format.number(step / 100, { style: 'percent' })}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={button}
            aria-label={t('zoomIn')}
            title={`${t('zoomIn')} (Ctrl +)`}
            disabled={!canZoomIn}
            onClick={onZoomIn}
          >
            +
          </button>
        </div>
      ) : null}
    </div>
  );
}
