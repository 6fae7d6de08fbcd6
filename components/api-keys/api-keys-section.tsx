'use client';

import { useFormatter, useLocale, useNow, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { toastProblem } from '@/components/dashboard/problem-toast';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { API_SCOPES, type TApiKey, type TApiScope, type TCreatedApiKey } from '@/lib/api/v1/api-keys';
import { ApiProblem } from '@/lib/client/v1-api';
import { getPathname } from '@/lib/i18n/navigation';
import { CreatedKey } from './created-key';
import { useApiKeys } from './use-api-keys';

/** The API's limit for a key's name (ZCreateApiKeyBody). */
const MAX_NAME = 100;

/** Each scope's message key under apiKeys.scopes (message keys cannot hold the scope's colon). */
const SCOPE_LABELS = {
  'documents:read': 'documentsRead',
  'documents:write': 'documentsWrite',
  'templates:read': 'templatesRead',
  'templates:write': 'templatesWrite',
  'webhooks:manage': 'webhooksManage',
  'team:manage': 'teamManage',
} as const satisfies Record<TApiScope, string>;

const CHECKBOX = 'mt-0.5 h-4 w-4 shrink-0 accent-primary-700';

/** Settings → API keys: the live keys, a form to create one (its secret shown once) and revoking with a confirmation. */
export function ApiKeysSection() {
  const t = useTranslations('apiKeys');
  const locale = useLocale();
  const { list, create, revoke } = useApiKeys();
  const { open } = useDialog();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Every scope by default, as the API gives a key made without a choice; "Sign out everywhere" leaves keys alone unless asked.
  const [scopes, setScopes] = useState<TApiScope[]>([...API_SCOPES]);
  const [scopesError, setScopesError] = useState<string | null>(null);
  const [endsWithSessions, setEndsWithSessions] = useState(false);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nameMissing = !name.trim();
    setError(nameMissing ? t('nameRequired') : null);
    setScopesError(scopes.length === 0 ? t('scopes.required') : null);
    if (nameMissing || scopes.length === 0) return;
    try {
      setCreated(await create.mutateAsync({ name: name.trim(), scopes, endsWithSessions }));
      setName('');
      setScopes([...API_SCOPES]);
      setEndsWithSessions(false);
    } catch (problem) {
      // A refusal that names a field is shown by it; any other one in a toast.
      const errors = problem instanceof ApiProblem ? problem.errors : [];
      const field = errors.find((item) => item.path === 'name');
      const scope = errors.find((item) => item.path.startsWith('scopes'));
      if (field) setError(field.message);
      if (scope) setScopesError(scope.message);
      if (!field && !scope) toastProblem(t('createFailed'), problem, t('offline'));
    }
  };

  const toggleScope = (scope: TApiScope, on: boolean) => {
    setScopes((current) => API_SCOPES.filter((item) => (item === scope ? on : current.includes(item))));
    if (on) setScopesError(null);
  };

  const revokeKey = async (key: TApiKey) => {
    const choice = await open({
      title: t('revokeDialog.title', { name: key.name }),
      body: (
        <>
          <p>{t('revokeDialog.message')}</p>
          <p className="mt-2">{t('revokeDialog.webhooks')}</p>
        </>
      ),
      tone: 'danger',
      buttons: [
        { label: t('revokeDialog.keep'), value: false, tone: 'secondary', autoFocus: true },
        { label: t('revokeDialog.confirm'), value: 'revoke', tone: 'danger' },
      ],
    });
    if (choice !== 'revoke') return;
    try {
      await revoke.mutateAsync(key.id);
      toast.success(t('revoked', { name: key.name }));
    } catch (problem) {
      toastProblem(t('revokeFailed', { name: key.name }), problem, t('offline'));
    }
  };

  return (
    <section
      id="api-keys"
      aria-labelledby="api-keys-title"
      className="mt-8 max-w-3xl scroll-mt-24 rounded-xl border border-surface-border bg-surface-raised p-5 sm:p-6"
    >
      <h2 id="api-keys-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mt-2 text-ink-muted">
        {t('lead')}{' '}
        <a
          href={getPathname({ href: '/developers/api/reference', locale })}
          className="font-semibold text-primary-700 underline dark:text-primary-300"
        >
          {t('reference')}
        </a>
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        <div>
          <label htmlFor="api-key-name" className="block font-semibold">
            {t('name')}
          </label>
          <input
            id="api-key-name"
            value={name}
            maxLength={MAX_NAME}
            placeholder={t('namePlaceholder')}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'api-key-name-error' : undefined}
            onChange={(event) => setName(event.target.value)}
            className="mt-1 block w-full rounded-md border border-surface-border bg-surface px-3 py-2.5 text-ink"
          />
          {error ? (
            <p
              id="api-key-name-error"
              role="alert"
              className="mt-2 text-sm font-medium text-danger-700 dark:text-danger-300"
            >
              {error}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={scopesError ? 'api-key-scopes-hint api-key-scopes-error' : 'api-key-scopes-hint'}>
          <legend className="font-semibold">{t('scopes.legend')}</legend>
          <p id="api-key-scopes-hint" className="text-sm text-ink-muted">
            {t('scopes.hint')}
          </p>
          <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggleScope(scope, event.target.checked)}
                  className={CHECKBOX}
                />
                <span className="min-w-0">
                  {t(`scopes.${SCOPE_LABELS[scope]}`)} <code className="font-mono text-xs text-ink-muted">{scope}</code>
                </span>
              </label>
            ))}
          </div>
          {scopesError ? (
            <p
              id="api-key-scopes-error"
              role="alert"
              className="mt-2 text-sm font-medium text-danger-700 dark:text-danger-300"
            >
              {scopesError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex items-start gap-2">
          <input
            id="api-key-ends"
            type="checkbox"
            checked={endsWithSessions}
            onChange={(event) => setEndsWithSessions(event.target.checked)}
            aria-describedby="api-key-ends-hint"
            className={CHECKBOX}
          />
          <div>
            <label htmlFor="api-key-ends" className="font-semibold">
              {t('endsWithSessions.label')}
            </label>
            <p id="api-key-ends-hint" className="text-sm text-ink-muted">
              {t('endsWithSessions.hint')}
            </p>
          </div>
        </div>
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
        >
          {create.isPending ? t('creating') : t('create')}
        </button>
      </form>
      {created ? <CreatedKey created={created} onDone={() => setCreated(null)} /> : null}
      <KeyList keys={list.data?.items} failed={list.isError} onRevoke={(key) => void revokeKey(key)} />
    </section>
  );
}

function KeyList({
  keys,
  failed,
  onRevoke,
}: {
  keys: TApiKey[] | undefined;
  failed: boolean;
  onRevoke: (key: TApiKey) => void;
}) {
  const t = useTranslations('apiKeys');
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  if (failed)
    return (
      <p role="alert" className="mt-5 text-danger-700 dark:text-danger-300">
        {t('loadFailed')}
      </p>
    );
  if (!keys) return <p className="mt-5 text-ink-muted">{t('loading')}</p>;
  if (keys.length === 0) return <p className="mt-5 text-ink-muted">{t('empty')}</p>;
  return (
    <ul
      aria-label={t('listLabel')}
      className="mt-5 divide-y divide-surface-border rounded-lg border border-surface-border"
    >
      {keys.map((key) => (
        <li key={key.id} data-api-key={key.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-semibold break-words">{key.name}</p>
            <p className="text-sm text-ink-muted">
              <code className="font-mono">{key.prefix}…</code>
              {' · '}
              {t('createdAt', { date: format.dateTime(new Date(key.createdAt), { dateStyle: 'medium' }) })}
              {' · '}
              {key.lastUsedAt
                ? t('lastUsed', { when: format.relativeTime(new Date(key.lastUsedAt), now) })
                : t('neverUsed')}
              {key.endsWithSessions ? ` · ${t('endsWithSessionsNote')}` : null}
            </p>
            {/* A group, not a nested list: the key list's items stay the keys alone. */}
            <div
              role="group"
              aria-label={t('scopesLabel', { name: key.name })}
              className="mt-1.5 flex flex-wrap gap-1.5"
            >
              {key.scopes.map((scope) => (
                <code
                  key={scope}
                  className="rounded border border-surface-border bg-surface px-1.5 py-0.5 font-mono text-xs"
                >
                  {scope}
                </code>
              ))}
            </div>
          </div>
          <button
            type="button"
            onClick={() => onRevoke(key)}
            aria-label={t('revokeLabel', { name: key.name })}
            className="rounded-lg border border-danger-700 px-3 py-1.5 text-sm font-semibold text-danger-800 hover:bg-danger-50 dark:border-danger-300 dark:text-danger-200 dark:hover:bg-danger-950"
          >
            {t('revoke')}
          </button>
        </li>
      ))}
    </ul>
  );
}
