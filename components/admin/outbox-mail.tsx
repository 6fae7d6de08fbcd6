import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LocalDateTime } from '@/components/i18n/local-date-time';
import type { TOutboxMail } from '@/lib/server/mail/read-outbox-mail';
import { LinkedText } from './linked-text';
import { mailFrameHeight, textOfHtml } from './mail-frame-height';

/**
 * Links in the mail open in a new tab, outside the sandbox: the frame may
 * open pop-ups but never run scripts, reach this page or navigate it.
 */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

const LINK = 'font-medium text-primary-700 underline break-all dark:text-primary-300';

/** One outbox mail: its headers, the HTML part in a sandboxed frame and the text part with clickable links. */
export async function OutboxMail({ mail }: { mail: TOutboxMail }) {
  const t = await getTranslations('outbox');
  const fields = [
    ['from', mail.from],
    ['to', mail.to],
    ['replyTo', mail.replyTo],
    // In the viewer's time zone, not the server's.
    [
      'date',
      <LocalDateTime key="date" value={mail.date.toISOString()} options={{ dateStyle: 'long', timeStyle: 'medium' }} />,
    ],
    ['messageId', mail.messageId],
  ] as const;
  return (
    <>
      <ClientMessages scope="localDates">
        <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-surface-border bg-surface-raised p-5 text-sm sm:grid-cols-[auto_1fr]">
          {fields.map(([key, value]) =>
            value ? (
              <div key={key} className="contents">
                <dt className="font-semibold">{t(`fields.${key}`)}</dt>
                <dd className="break-all text-ink-muted">{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
      </ClientMessages>
      <section aria-labelledby="outbox-html" className="mt-10">
        <h2 id="outbox-html" className="text-2xl font-bold tracking-tight">
          {t('htmlPart')}
        </h2>
        {mail.html ? (
          <iframe
            title={t('htmlFrame')}
            // No allow-scripts and no allow-same-origin: the mail's markup can run nothing and reach nothing of ours.
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            srcDoc={withLinksInNewTab(mail.html)}
            // Tall enough for the whole mail, footer included (nobody finds a scroll inside a scrolling page).
            style={{ height: `${mailFrameHeight(mail.text ?? textOfHtml(mail.html))}px` }}
            className="mt-4 w-full rounded-xl border border-surface-border bg-white"
          />
        ) : (
          <p className="mt-4 text-ink-muted">{t('noHtml')}</p>
        )}
      </section>
      <section aria-labelledby="outbox-text" className="mt-10">
        <h2 id="outbox-text" className="text-2xl font-bold tracking-tight">
          {t('textPart')}
        </h2>
        {mail.text ? (
          <pre className="mt-4 overflow-x-auto rounded-xl border border-surface-border bg-surface-raised p-5 font-mono text-sm break-words whitespace-pre-wrap">
            <LinkedText text={mail.text} linkClassName={LINK} />
          </pre>
        ) : (
          <p className="mt-4 text-ink-muted">{t('noText')}</p>
        )}
      </section>
    </>
  );
}
