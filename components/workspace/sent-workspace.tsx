'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { TruncatedName } from '@/components/ui/truncated-name';
import { LazyDocumentViewer, type TPageOverlayInfo } from '@/components/viewer/lazy-document-viewer';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import type { TRecipient } from '@/lib/api/v1/recipients';
import { clipName } from '@/lib/clip-name';
import { useLocalDateTime } from '@/lib/client/use-local-date-time';
import { ApiProblem } from '@/lib/client/v1-api';
import type { TDraftField } from '@/lib/workspace/draft-types';
import { recipientColor } from '@/lib/workspace/recipient-colors';
import { SMALL_BUTTON } from './field-settings';
import { FieldLayer } from './field-layer';
import { CancelSending } from './cancel-sending';
import { CorrectDeclined } from './correct-declined';
import { IdentityReview } from './identity-review';
import { SealPanel } from './seal-panel';
import { useDocumentRequest } from './document-workspace';

const STATUS_TONE: Record<TRecipient['status'], string> = {
  waiting: 'bg-surface-sunken text-ink',
  sent: 'bg-info-100 text-info-900 dark:bg-info-950 dark:text-info-100',
  opened: 'bg-warning-100 text-warning-900 dark:bg-warning-950 dark:text-warning-100',
  signed: 'bg-success-100 text-success-900 dark:bg-success-950 dark:text-success-100',
  declined: 'bg-danger-100 text-danger-900 dark:bg-danger-950 dark:text-danger-100',
};

/** When the recipient's current status began. */
const since = (recipient: TRecipient) =>
  ({
    waiting: null,
    sent: recipient.sentAt,
    opened: recipient.openedAt,
    signed: recipient.signedAt,
    declined: recipient.declinedAt,
  })[recipient.status];

/**
 * Someone who had not acted when the document was cancelled, expired or declined (by another recipient) is no
 * longer asked: that ("Cancelled", "Expired", "Not needed"), not "Sent", is where they are.
 */
const stoppedBy = (details: TDocumentDetails, recipient: TRecipient) =>
  (details.status === 'cancelled' || details.status === 'expired' || details.status === 'declined') &&
  ['waiting', 'sent', 'opened'].includes(recipient.status)
    ? details.status
    : null;

function RecipientStatus({
  details,
  recipient,
  index,
}: {
  details: TDocumentDetails;
  recipient: TRecipient;
  index: number;
}) {
  const t = useTranslations('workspace');
  // In the viewer's time zone, not the server's.
  const dateTime = useLocalDateTime();
  const request = useDocumentRequest();
  const [busy, setBusy] = useState(false);
  const stopped = stoppedBy(details, recipient);
  const at = stopped ? null : since(recipient);
  const path = `/documents/${encodeURIComponent(details.id)}/recipients/${encodeURIComponent(recipient.id)}`;
  const act = async (kind: 'resend' | 'link') => {
    setBusy(true);
    try {
      if (kind === 'resend') {
        await request(`${path}/resend`, { method: 'POST' });
        toast.success(t('resent', { name: clipName(recipient.name) }));
      } else {
        const { url } = await request<{ url: string }>(`${path}/link`, { method: 'POST' });
        await navigator.clipboard.writeText(url);
        toast.success(t('linkCopied', { name: clipName(recipient.name) }));
      }
    } catch (error) {
      toast.error(t('actionFailed', { reason: error instanceof ApiProblem ? error.message : t('offline') }));
    } finally {
      setBusy(false);
    }
  };
  const open = details.status === 'pending' && (recipient.status === 'sent' || recipient.status === 'opened');
  return (
    <li
      data-recipient-status={stopped ?? recipient.status}
      className="rounded-lg border border-surface-border bg-surface p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="h-3 w-3 rounded-full" style={{ backgroundColor: recipientColor(index) }} />
        <TruncatedName text={recipient.name} className="flex-1 font-semibold" />
        {stopped ? (
          <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-semibold text-ink-muted">
            {t(`stoppedStatuses.${stopped}`)}
          </span>
        ) : (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[recipient.status]}`}>
            {t(`statuses.${recipient.status}`)}
          </span>
        )}
      </div>
      {/* Wrapped, not truncated: a long address used to hide the role behind an ellipsis. */}
      <p className="mt-1 text-sm text-ink-muted [overflow-wrap:anywhere]">
        {recipient.email} · {t(`roles.${recipient.role}`)}
      </p>
      {at ? (
        <p className="text-sm text-ink-muted">
          {t('statusSince', { when: dateTime(at, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
      ) : null}
      {recipient.declineReason ? (
        <p className="mt-1 text-sm">{t('declineReason', { reason: recipient.declineReason })}</p>
      ) : null}
      {recipient.mailError ? (
        <p role="alert" className="mt-1 text-sm text-danger-700 dark:text-danger-300">
          {t('mailError', { error: recipient.mailError })}
        </p>
      ) : null}
      <IdentityReview details={details} recipient={recipient} />
      {open ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" disabled={busy} onClick={() => void act('resend')} className={SMALL_BUTTON}>
            {t('resend')}
          </button>
          <button type="button" disabled={busy} onClick={() => void act('link')} className={SMALL_BUTTON}>
            {t('copyLink')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** After sending: the pages with their fields, read-only, and where each recipient is. */
export function SentWorkspace({
  details,
  pdfUrl,
  notice,
}: {
  details: TDocumentDetails;
  pdfUrl: string;
  notice: string | null;
}) {
  const t = useTranslations('workspace');
  const indexOf = useCallback(
    (key: string) => details.recipients.findIndex((recipient) => recipient.id === key),
    [details.recipients],
  );
  const fields: TDraftField[] = details.fields.flatMap(({ id, recipientId, value: _value, ...rest }) =>
    recipientId ? [{ ...rest, key: id, recipientKey: recipientId }] : [],
  );
  const renderPageOverlay = (page: TPageOverlayInfo) => (
    <FieldLayer
      page={page}
      fields={fields.filter((field) => field.page === page.pageNumber)}
      selectedKey={null}
      focusKey={null}
      errorsOf={() => []}
      colorOf={(key) => recipientColor(Math.max(0, indexOf(key)))}
      recipientName={(key) => details.recipients[indexOf(key)]?.name ?? ''}
      readOnly
      onSelect={() => {}}
      onFocused={() => {}}
      dispatch={() => {}}
      onDuplicate={() => {}}
    />
  );
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">
        {/* Once completed the viewer shows the sealed PDF, values already drawn in: no field boxes over it. */}
        <LazyDocumentViewer
          src={pdfUrl}
          name={details.name}
          renderPageOverlay={details.status === 'completed' ? undefined : renderPageOverlay}
        />
      </div>
      <aside
        aria-labelledby="progress-title"
        className="h-fit space-y-3 rounded-xl border border-surface-border bg-surface-raised p-4 shadow-sm"
      >
        {notice ? (
          <p
            role="alert"
            className="rounded-md bg-warning-50 p-2 text-sm text-warning-900 dark:bg-warning-950 dark:text-warning-100"
          >
            {notice}
          </p>
        ) : null}
        <SealPanel details={details} />
        <h2 id="progress-title" className="font-semibold">
          {t('progress')}
        </h2>
        <p className="text-sm text-ink-muted">{t('readOnly', { status: t(`documentStatuses.${details.status}`) })}</p>
        {/* Not sealed until the owner accepts each eID name mismatch below (or cancels the document). */}
        {details.reviewNeeded ? (
          <p
            role="status"
            data-review-needed=""
            className="rounded-md bg-warning-50 p-2 text-sm font-semibold text-warning-900 dark:bg-warning-950 dark:text-warning-100"
          >
            {t('identity.reviewNeeded')}
          </p>
        ) : null}
        {details.status === 'cancelled' && details.cancelReason ? (
          <p className="text-sm [overflow-wrap:anywhere]">{t('cancelledReason', { reason: details.cancelReason })}</p>
        ) : null}
        <ol className="space-y-2">
          {details.recipients.map((recipient, index) => (
            <RecipientStatus key={recipient.id} details={details} recipient={recipient} index={index} />
          ))}
        </ol>
        {details.status === 'pending' ? <CancelSending details={details} /> : null}
        {details.status === 'declined' ? <CorrectDeclined details={details} /> : null}
      </aside>
    </div>
  );
}
