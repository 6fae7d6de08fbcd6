import { useTranslations } from 'next-intl';
import type { TGoneReason } from '@/lib/api/v1/signing-session';

/** Every page a signing link can show instead of the document (lib/server/signing/link/signing-link-state.ts decides which). */
export type TLinkStatePageState = TGoneReason | 'unknown';

const CHECK = 'M5 12l5 5 9-11';
const CROSS = 'M6 6l12 12M18 6 6 18';

/** Each state's icon and tone: done is good news, an invalid link is a warning, an ended document is neutral. */
const VARIANT: Record<TLinkStatePageState, { icon: string; tone: 'good' | 'neutral' | 'warning' }> = {
  signed: { icon: CHECK, tone: 'good' },
  completed: { icon: CHECK, tone: 'good' },
  declined: { icon: CROSS, tone: 'neutral' },
  cancelled: { icon: CROSS, tone: 'neutral' },
  expired: { icon: 'M12 7v5l3 3M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', tone: 'neutral' },
  replaced: { icon: 'M4 12a8 8 0 0 1 14-5l2 2M20 12a8 8 0 0 1-14 5l-2-2M20 4v5h-5M4 20v-5h5', tone: 'neutral' },
  // A broken chain link.
  unknown: {
    icon: 'M9 15l-2 2a3 3 0 0 1-4-4l2-2M15 9l2-2a3 3 0 0 1 4 4l-2 2M8 4v2M4 8h2M16 20v-2M20 16h-2',
    tone: 'warning',
  },
};

const TONE = {
  good: 'bg-success-100 text-success-800 dark:bg-success-950 dark:text-success-200',
  neutral: 'bg-surface-sunken text-ink-muted',
  warning: 'bg-warning-100 text-warning-900 dark:bg-warning-950 dark:text-warning-100',
};

/**
 * What a signer sees when their link does not open a document: why, with the
 * document's name and nothing else of it (the 410's reason and documentName,
 * docs/api.md), or that the link is not valid at all (no name: nothing is
 * known). No account and no way into the app: a signer has nothing to sign
 * in to. Rendered by the page's server part for a dead or unknown link, and
 * by the page itself when the link dies while it is open (another tab
 * finished, the sender cancelled).
 */
export function LinkStatePage({ state, documentName }: { state: TLinkStatePageState; documentName: string | null }) {
  const t = useTranslations('signing.gone');
  const { icon, tone } = VARIANT[state];
  return (
    <section
      data-signing-gone={state}
      aria-labelledby="gone-title"
      className="mx-auto max-w-xl px-2 py-12 text-center sm:py-20"
    >
      <span
        aria-hidden="true"
        className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${TONE[tone]}`}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={icon} />
        </svg>
      </span>
      <h1 id="gone-title" className="mt-4 text-2xl font-bold">
        {t(`title.${state}`)}
      </h1>
      <p className="mt-3 text-ink-muted [overflow-wrap:anywhere]">{t(`body.${state}`, { name: documentName ?? '' })}</p>
      <p className="mt-6 text-sm text-ink-muted">{t('close')}</p>
    </section>
  );
}
