import type { TDocumentStatus } from '@/lib/api/v1/enums';

const TONE: Record<TDocumentStatus, string> = {
  draft: 'bg-surface-sunken text-ink border-surface-border',
  pending: 'bg-info-50 text-info-800 border-info-200 dark:bg-info-950 dark:text-info-200 dark:border-info-800',
  completed:
    'bg-success-50 text-success-800 border-success-200 dark:bg-success-950 dark:text-success-200 dark:border-success-800',
  declined:
    'bg-danger-50 text-danger-800 border-danger-200 dark:bg-danger-950 dark:text-danger-200 dark:border-danger-800',
  expired:
    'bg-warning-50 text-warning-900 border-warning-200 dark:bg-warning-950 dark:text-warning-200 dark:border-warning-800',
  cancelled: 'bg-surface-sunken text-ink-muted border-surface-border',
  sealing_failed:
    'bg-danger-50 text-danger-800 border-danger-200 dark:bg-danger-950 dark:text-danger-200 dark:border-danger-800',
};

/** A document's status as a coloured pill; the label comes translated. */
export function StatusBadge({ status, label }: { status: TDocumentStatus; label: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}
    >
      {label}
    </span>
  );
}
