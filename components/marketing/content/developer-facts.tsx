import { useTranslations } from 'next-intl';
import { LocaleLink as Link } from '@/components/i18n/locale-link';
import { developerFacts, type TDeveloperFacts } from '@/lib/api/v1/developer-facts';
import { Icon } from '../icons';

/** Anchor of the capability list on /developers/api, where the other developer pages point. */
export const CAPABILITIES_ANCHOR = 'capabilities';
const CAPABILITIES_HREF = { pathname: '/developers/api', hash: CAPABILITIES_ANCHOR };

type FactsProps = { facts?: TDeveloperFacts };

const linkClass = 'inline-flex items-center gap-2 font-semibold text-primary-700 hover:underline dark:text-primary-300';

/**
 * On /developers/api: the v1 endpoint groups with their operation counts and
 * the webhook events, as the OpenAPI document lists them (lib/api/v1/developer-facts.ts).
 */
export function ApiCapabilities({ facts = developerFacts() }: FactsProps) {
  const t = useTranslations('pages.developerFacts');
  return (
    <section
      id={CAPABILITIES_ANCHOR}
      aria-labelledby="capabilities-title"
      className="mx-auto max-w-5xl scroll-mt-24 px-4 pb-14"
    >
      <h2 id="capabilities-title" className="text-2xl font-semibold tracking-tight">
        {t('title')}
      </h2>
      <p className="mt-3 text-ink-muted">{t('intro', { version: facts.openapi })}</p>
      <div className="mt-8 grid gap-8 developer:grid-cols-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">
            {t('groups', { count: facts.groups.length, endpoints: facts.endpoints })}
          </h3>
          <dl
            data-api-groups
            className="mt-3 divide-y divide-surface-border overflow-hidden rounded-xl border border-surface-border bg-surface-raised"
          >
            {facts.groups.map(({ path, endpoints }) => (
              <div key={path} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <dt className="min-w-0 font-mono text-sm font-semibold break-all">{path}</dt>
                <dd className="text-ink-muted">{t('endpoints', { count: endpoints })}</dd>
              </div>
            ))}
          </dl>
        </div>
        {facts.webhookEvents.length > 0 ? (
          <div className="min-w-0">
            <h3 className="text-lg font-semibold">{t('events', { count: facts.webhookEvents.length })}</h3>
            <ul data-webhook-events className="mt-3 flex flex-wrap gap-2">
              {facts.webhookEvents.map((event) => (
                <li key={event}>
                  <code className="inline-block rounded-md border border-surface-border bg-surface-raised px-2 py-1 font-mono text-sm">
                    {event}
                  </code>
                </li>
              ))}
            </ul>
            {facts.webhookSignatureHeader ? (
              <p className="mt-4 text-ink-muted">{t('signature', { header: facts.webhookSignatureHeader })}</p>
            ) : null}
          </div>
        ) : null}
      </div>
      <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3">
        <li>
          {/* A plain <a>: a JSON document, not a page. */}
          <a href={facts.openApiPath} className={linkClass}>
            {t('openapi', { version: facts.openapi })}
            <Icon name="arrowRight" className="h-4 w-4 shrink-0" />
          </a>
        </li>
        <li>
          <Link href={facts.referencePath} prefetch={false} className={linkClass}>
            {t('reference')}
            <Icon name="arrowRight" className="h-4 w-4 shrink-0" />
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** On /developers/community: what the API offers today, in one line, pointing at the list on /developers/api. */
export function DeveloperFactsSummary({ facts = developerFacts() }: FactsProps) {
  const t = useTranslations('pages.developerFacts.summary');
  return (
    <section aria-labelledby="facts-summary-title" className="mx-auto max-w-5xl px-4 pb-14">
      <div className="rounded-xl border border-primary-200 bg-primary-50 p-5 dark:border-primary-800 dark:bg-primary-950">
        <h2 id="facts-summary-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p data-developer-facts className="mt-1 text-ink-muted">
          {t('text', { endpoints: facts.endpoints, groups: facts.groups.length, events: facts.webhookEvents.length })}
        </p>
        <Link href={CAPABILITIES_HREF} prefetch={false} className={`mt-3 ${linkClass}`}>
          {t('link')}
          <Icon name="arrowRight" className="h-4 w-4 shrink-0" />
        </Link>
      </div>
    </section>
  );
}

/**
 * On /developers/sdk: whether an official SDK package exists and what to use
 * today, from the same facts, so publishing a package changes one constant.
 */
export function SdkToday({ facts = developerFacts() }: FactsProps) {
  const t = useTranslations('pages.developerFacts.sdk');
  const rows = [
    {
      key: 'package',
      value: facts.sdkPackage ? (
        <>
          {t('packageValue')} <code className="font-mono text-sm break-all">npm install {facts.sdkPackage}</code>
        </>
      ) : (
        t('noPackage')
      ),
    },
    {
      key: 'rest',
      value: (
        <>
          {t('restValue', { endpoints: facts.endpoints, groups: facts.groups.length })}{' '}
          <Link href={CAPABILITIES_HREF} prefetch={false} className="text-primary-700 underline dark:text-primary-300">
            {t('restLink')}
          </Link>
        </>
      ),
    },
    {
      key: 'openapi',
      value: (
        <>
          <a
            href={facts.openApiPath}
            className="font-mono text-sm break-all text-primary-700 underline dark:text-primary-300"
          >
            {facts.openApiPath}
          </a>{' '}
          {t('openapiValue', { version: facts.openapi })}
        </>
      ),
    },
    ...(facts.webhookSignatureHeader
      ? [
          {
            key: 'webhooks',
            value: (
              <>
                {t('webhooksValue', { header: facts.webhookSignatureHeader })}{' '}
                <Link
                  href={facts.referencePath}
                  prefetch={false}
                  className="text-primary-700 underline dark:text-primary-300"
                >
                  {t('webhooksLink')}
                </Link>
              </>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="sdk-today-title" className="mx-auto max-w-5xl px-4 pb-14">
      <h2 id="sdk-today-title" className="text-2xl font-semibold tracking-tight">
        {t('title')}
      </h2>
      <dl
        data-developer-facts
        className="mt-4 divide-y divide-surface-border overflow-hidden rounded-xl border border-surface-border bg-surface-raised"
      >
        {rows.map(({ key, value }) => (
          <div key={key} className="grid gap-1 px-4 py-3 sm:grid-cols-[13rem_1fr] sm:gap-4">
            <dt className="font-semibold">{t(key)}</dt>
            <dd className="min-w-0 text-ink-muted">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
