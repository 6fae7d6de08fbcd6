'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type DragEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { TruncatedName } from '@/components/ui/truncated-name';
import { clipName } from '@/lib/clip-name';
import type { TUsage } from '@/lib/api/v1/usage';
import type { Plan } from '@/lib/generated/prisma/sqlite/enums';
import { useRouter } from '@/lib/i18n/navigation';
import { ACCEPTED_EXTENSIONS } from '@/lib/upload/file-kind';
import { formatFileSize } from '@/lib/upload/format-file-size';
import { parseUploadFailure, uploadedToken, uploadFailureReason } from '@/lib/upload/upload-failure';
import { isAvailableUploadSource } from '@/lib/upload/upload-source';
import { QuotaRefusal } from './quota-refusal';
import { QuotaUse } from './quota-use';
import { sendUpload } from './send-upload';
import { UploadProgress } from './upload-progress';
import { UploadSourceListbox } from './upload-source-listbox';
import { useRefuseStrayDrops } from './use-refuse-stray-drops';
import { useUploadSource } from './use-upload-source';
import { usedUp, useUploadUsage } from './use-upload-usage';

// The file input offers what the server takes: PDFs and the office types it
// converts (lib/upload/file-kind.ts), so both lists agree.
const ACCEPT = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const noSubscription = () => () => {};

/**
 * The upload's toasts go top left rather than top right (the others' place): the
 * last of them is still up on the new document's page, whose right-hand column
 * starts with the workspace's tabs, the owner's next click.
 */
const AT = { position: 'top-left' } as const;

/** Why the last upload did not happen, shown under the drop zone until the next try. */
type TRefusal = { kind: 'reason'; text: string; file?: string } | { kind: 'quota'; limit: number | null };

function UploadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-10 text-primary-600 dark:text-primary-300"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
      />
    </svg>
  );
}

/**
 * /welcome's upload: source dropdown, drop zone and file
 * button; the upload runs over XHR for its progress and can be cancelled, then
 * goes to the new document. A refusal keeps the user here with its reason
 * (going to /dashboard would lose both the page and the reason).
 * `maxBytes` is the server's UPLOAD_MAX_BYTES: a larger file is refused before
 * any byte is sent, and so is any file once a limited plan's month is used up
 * (`usage`, the server's count, asked again before each upload), with the
 * refusal the server would give.
 */
export function UploadPanel({
  maxBytes,
  plan,
  usage: initialUsage,
  workspace,
}: {
  maxBytes: number;
  plan: Plan;
  usage: TUsage;
  /** The workspace the page was rendered for: uploads and the quota asked for go there. */
  workspace?: string;
}) {
  const t = useTranslations('auth.upload');
  const codes = useTranslations('errors.codes');
  const locale = useLocale();
  const router = useRouter();
  const [source, setSource] = useUploadSource();
  const { fresh: freshUsage, refresh: refreshUsage } = useUploadUsage(initialUsage, workspace);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<TRefusal | null>(null);
  // The file under way, named above its progress bar.
  const [fileName, setFileName] = useState('');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const busy = progress !== null;
  // Until React has attached the handlers, a chosen file would be lost: keep the controls disabled till then.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const maxSize = formatFileSize(maxBytes, locale);
  useRefuseStrayDrops();
  const refusalBox = useRef<HTMLDivElement>(null);
  // Leaving the page cancels an upload under way rather than letting it land unseen.
  useEffect(() => () => running.current?.abort(), []);
  // On a phone the reason appears below the fold: bring it into view.
  useEffect(() => {
    if (refusal) refusalBox.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);

  // A refusal is said once, in the box under the drop zone (the page's place for it); the toast of the upload under way goes.
  const refuse = (shown: TRefusal, id?: string | number) => {
    if (id !== undefined) toast.dismiss(id);
    setRefusal(shown);
  };

  async function upload(file: File | undefined) {
    if (busy) return;
    setRefusal(null);
    if (!file) return refuse({ kind: 'reason', text: t('noFile') });
    if (file.size > maxBytes) {
      // The name cut to one readable line, so the reason after it is seen; the whole name is the box's hover tip.
      const reason = t('tooLarge', { file: clipName(file.name), size: maxSize });
      return refuse({ kind: 'reason', text: reason, file: file.name });
    }
    const controller = new AbortController();
    running.current = controller;
    setFileName(file.name);
    setProgress(0);
    // A plan without a limit has nothing to ask. Busy (progress 0) while asking, so a second file waits.
    if (initialUsage.documents.limit !== null && usedUp(await freshUsage())) {
      running.current = null;
      setProgress(null);
      return refuse({ kind: 'quota', limit: initialUsage.documents.limit });
    }
    const id = toast.loading(t('uploading'), AT);
    const answer = await sendUpload(file, { locale, onProgress: setProgress, signal: controller.signal, workspace });
    running.current = null;
    const token = uploadedToken(answer.status, answer.body);
    if (token) {
      toast.success(t('uploaded'), { id, ...AT });
      router.push(`/document/${encodeURIComponent(token)}`);
      return;
    }
    setProgress(null);
    if (answer.aborted) {
      toast.info(t('cancelled'), { id, ...AT });
      return;
    }
    const failure = parseUploadFailure(answer.status, answer.body);
    if (failure.quota) refreshUsage();
    if (failure.quota) return refuse({ kind: 'quota', limit: failure.quota.limit }, id);
    const reason =
      answer.status === 0
        ? t('network')
        : uploadFailureReason(failure, locale, (code) => codes(code), t('noReason', { status: answer.status }));
    refuse({ kind: 'reason', text: reason, file: file.name }, id);
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
      <QuotaUse initial={initialUsage} />
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
        <div className="min-w-0 space-y-2">
          <TruncatedName text={fileName} className="text-sm font-semibold" data-upload-file="" />
          <UploadProgress progress={progress} onCancel={() => running.current?.abort()} />
        </div>
      ) : null}
      <div ref={refusalBox} className="scroll-mb-4 empty:hidden">
        {refusal?.kind === 'reason' ? (
          <p
            role="alert"
            data-upload-error=""
            title={refusal.file}
            className="rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-800 [overflow-wrap:anywhere] dark:border-danger-800 dark:bg-danger-950/40 dark:text-danger-200"
          >
            {refusal.text}
          </p>
        ) : null}
        {refusal?.kind === 'quota' ? <QuotaRefusal limit={refusal.limit} plan={plan} /> : null}
      </div>
    </section>
  );
}
