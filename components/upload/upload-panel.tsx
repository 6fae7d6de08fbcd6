'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { type DragEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { useRouter } from '@/lib/i18n/navigation';
import { ACCEPTED_EXTENSIONS } from '@/lib/upload/file-kind';
import { localizedPricingHref, parseUploadFailure, uploadedToken, uploadFailureReason } from '@/lib/upload/upload-failure';
import { isAvailableUploadSource } from '@/lib/upload/upload-source';
import { sendUpload } from './send-upload';
import { UploadSourceListbox } from './upload-source-listbox';
import { useUploadSource } from './use-upload-source';

// SPEC §5 says the desktop input accepts only .pdf; issue 5 widens it to the
// office types the server converts (lib/upload/file-kind.ts), so both lists agree.
const ACCEPT = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const noSubscription = () => () => {};

/** A file dropped beside the drop zone would make the browser open it and leave the app: refuse such drops. */
function useRefuseStrayDrops() {
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      const inZone = event.target instanceof Element && event.target.closest('[data-drop-zone]');
      if (inZone || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);
}

function UploadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-primary-600 dark:text-primary-300" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </svg>
  );
}

/**
 * /welcome's upload (SPEC §4 Upload): source dropdown, drop zone and file
 * button; the upload runs over XHR for its progress, then goes to the new
 * document, or to the dashboard with the reason when it was refused.
 */
export function UploadPanel({ maxSize }: { maxSize: string }) {
  const t = useTranslations('auth.upload');
  const codes = useTranslations('errors.codes');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const [source, setSource] = useUploadSource();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const busy = progress !== null;
  // Until React has attached the handlers, a chosen file would be lost: keep the controls disabled till then.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  useRefuseStrayDrops();

  async function upload(file: File | undefined) {
    if (busy) return;
    if (!file) {
      toast.error(t('noFile'));
      return;
    }
    const id = toast.loading(t('uploading'));
    setProgress(0);
    const answer = await sendUpload(file, { locale, onProgress: setProgress });
    const token = uploadedToken(answer.status, answer.body);
    if (token) {
      toast.success(t('uploaded'), { id });
      router.push(`/document/${encodeURIComponent(token)}`);
      return;
    }
    const failure = parseUploadFailure(answer.status, answer.body);
    const reason =
      answer.status === 0 ? t('network') : uploadFailureReason(failure, locale, (code) => codes(code), t('noReason', { status: answer.status }));
    toast.error(t('notUploaded'), {
      id,
      duration: 15_000,
      description: (
        <span data-upload-reason>
          {reason}
          {failure.pricing ? (
            <>
              {' '}
              <a href={localizedPricingHref(failure.pricing, locale)} className="font-semibold underline">
                {t('seePlans')}
              </a>
            </>
          ) : null}
        </span>
      ),
    });
    router.push('/dashboard');
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer?.files?.[0]);
  };

  const sourceAvailable = isAvailableUploadSource(source);

  return (
    <section aria-labelledby="upload-heading" aria-busy={busy} className="space-y-5">
      <h2 id="upload-heading" className="text-xl font-semibold">
        {t('heading')}
      </h2>
      <UploadSourceListbox value={source} onChange={setSource} />
      <p role="status" className="text-sm text-warning-800 empty:hidden dark:text-warning-200">
        {sourceAvailable ? '' : t('notAvailable', { source: t(`sources.${source}`) })}
      </p>
      <div
        data-drop-zone
        data-dragging={dragging || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-surface-border bg-surface-raised px-4 py-10 text-center transition-colors data-dragging:border-primary-500 data-dragging:bg-primary-50 dark:data-dragging:bg-primary-950"
      >
        <UploadIcon />
        <p className="text-lg font-semibold">{t('dropTitle')}</p>
        <p className="max-w-md text-sm text-ink-muted">{t('dropHint', { size: maxSize })}</p>
        <p className="text-sm text-ink-muted">{t('or')}</p>
        <button
          type="button"
          disabled={busy || !hydrated}
          onClick={() => input.current?.click()}
          className="rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800"
        >
          {t('chooseFile')}
        </button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          disabled={!hydrated}
          onChange={(event) => {
            // Read the file before clearing the input, which lets the same file be chosen again.
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            void upload(file);
          }}
        />
      </div>
      {busy ? (
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
          <p className="mt-2 text-sm text-ink-muted">{progress < 100 ? format.number(progress / 100, { style: 'percent' }) : t('checking')}</p>
        </div>
      ) : null}
    </section>
  );
}
