import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LocalDateTime } from '@/components/i18n/local-date-time';
import { TruncatedName } from '@/components/ui/truncated-name';
import { localizedPath } from '@/lib/i18n/localized-path';
import type { TOutbox } from '@/lib/server/mail/list-outbox';

/** Admin outbox: the mails the app wrote instead of sending, newest first; each subject opens the mail. */
export async function OutboxTable({ outbox, locale }: { outbox: TOutbox; locale: string }) {
  const t = await getTranslations('outbox');
  if (outbox.entries.length === 0) {
    return <p className="rounded-xl border border-surface-border bg-surface-raised p-5 text-ink-muted">{t('empty')}</p>;
  }
  // Dates in the viewer's time zone (the server's formatter knows only its own).
  return (
    <ClientMessages scope="localDates">
      {outbox.total > outbox.entries.length ? (
        <p className="mb-4 text-ink-muted">{t('newest', { count: outbox.entries.length })}</p>
      ) : null}
      {/* Focusable so keyboard users can scroll the table sideways on narrow screens. */}
      <div
        role="region"
        aria-label={t('title')}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-surface-border bg-surface-raised"
      >
        <table className="w-full min-w-[34rem] text-left text-sm">
          <thead className="border-b border-surface-border bg-surface-sunken">
            <tr>
              {(['subject', 'to', 'date'] as const).map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-semibold">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-surface-border">
            {outbox.entries.map((entry) => (
              <tr key={entry.id}>
                <td className="px-4 py-3">
                  <a
                    href={localizedPath(`/admin/outbox/${entry.id}`, locale)}
                    className="block font-semibold text-primary-700 hover:underline dark:text-primary-300"
                  >
                    <TruncatedName text={entry.subject || t('noSubject')} lines={2} />
                  </a>
                </td>
                <td className="px-4 py-3">
                  <TruncatedName text={entry.to} lines={2} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <LocalDateTime
                    value={entry.date.toISOString()}
                    options={{ dateStyle: 'medium', timeStyle: 'medium' }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ClientMessages>
  );
}
