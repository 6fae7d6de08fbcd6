import { useTranslations } from 'next-intl';
import type { TGoneReason } from '@/lib/api/v1/signing-session';

const ICON: Record<TGoneReason, string> = {
  signed: 'M5 12l5 5 9-11',
  completed: 'M5 12l5 5 9-11',
  declined: 'M6 6l12 12M18 6 6 18',
  cancelled: 'M6 6l12 12M18 6 6 18',
  expired: 'M12 7v5l3 3M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  replaced: 'M4 12a8 8 0 0 1 14-5l2 2M20 12a8 8 0 0 1-14 5l-2-2M20 4v5h-5M4 20v-5h5',
};

/**
 * Why a signing link no longer works, with the document's name and nothing
 * else of it (API.md's 410: reason and documentName). Rendered by the page's
 * server part for a dead link, and by the page itself when the link dies
 * while it is open (another tab finished, the sender cancelled).
 */
export function GoneLink({ reason, documentName }: { reason: TGoneReason; documentName: string }) {
  const t = useTranslations('signing.gone');
  const good = reason === 'signed' || reason === 'completed';
  return (
    <section data-signing-gone={reason} aria-labelledby="gone-title" className="mx-auto max-w-xl px-2 py-12 text-center sm:py-20">
      <span
        aria-hidden="true"
        className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${good ? 'bg-success-100 text-success-800 dark:bg-success-950 dark:text-success-200' : 'bg-surface-sunken text-ink-muted'}`}
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <path d={ICON[reason]} />
        </svg>
      </span>
      <h1 id="gone-title" className="mt-4 text-2xl font-bold">{t(`title.${reason}`)}</h1>
      <p className="mt-3 text-ink-muted [overflow-wrap:anywhere]">{t(`body.${reason}`, { name: documentName })}</p>
      <p className="mt-6 text-sm text-ink-muted">{t('close')}</p>
    </section>
  );
}
