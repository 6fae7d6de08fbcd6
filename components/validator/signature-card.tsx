'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { TruncatedName } from '@/components/ui/truncated-name';
import type { TSignatureReport } from '@/lib/api/v1/validate';

const CHANGE_KINDS = ['permitted', 'form_fill', 'annotation', 'other'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="font-medium text-ink-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** "permitted: signature field" → its translated kind and the server's English detail. */
function splitChange(change: string): { kind: (typeof CHANGE_KINDS)[number]; what: string } {
  const [kind, ...rest] = change.split(': ');
  const known = CHANGE_KINDS.find((item) => item === kind) ?? 'other';
  return { kind: known, what: rest.join(': ') || change };
}

/** One signature or document timestamp: who, when, how, and whether it holds. */
export function SignatureCard({ signature, number }: { signature: TSignatureReport; number: number }) {
  const t = useTranslations('validator');
  const format = useFormatter();
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' });
  const isTimestamp = signature.kind === 'document_timestamp';
  const trustText =
    signature.trust === 'untrusted'
      ? t('trust.untrusted')
      : t(`trust.${signature.trust}`, { anchor: signature.trustAnchor ?? '' });
  const ok = 'font-semibold text-success-800 dark:text-success-300';
  const bad = 'font-semibold text-danger-800 dark:text-danger-300';
  return (
    <article
      aria-labelledby={`signature-${number}`}
      className="rounded-xl border border-surface-border bg-surface-raised p-5 shadow-sm sm:p-6"
    >
      <h3 id={`signature-${number}`} className="text-xl font-semibold">
        {t(isTimestamp ? 'signature.timestampHeading' : 'signature.heading', { number })}
      </h3>
      {signature.fieldName ? (
        <TruncatedName
          as="p"
          text={t('signature.field', { name: signature.fieldName })}
          lines={2}
          className="text-sm text-ink-muted"
        />
      ) : null}
      <dl className="mt-3 divide-y divide-surface-border">
        <Row label={t('signature.signer')}>{signature.signer.subject}</Row>
        <Row label={t('signature.issuer')}>{signature.signer.issuer}</Row>
        <Row label={t('signature.integrity')}>
          <span className={signature.intact ? ok : bad}>
            {signature.intact ? t('signature.intact') : t('signature.broken')}
          </span>
        </Row>
        <Row label={t('signature.trust')}>
          <span
            className={signature.trust === 'untrusted' ? 'font-semibold text-warning-800 dark:text-warning-300' : ok}
          >
            {trustText}
          </span>
        </Row>
        {signature.signedAt && !isTimestamp ? (
          <Row label={t('signature.signedAt')}>
            {when(signature.signedAt)} <span className="text-ink-muted">({t('signature.claimed')})</span>
          </Row>
        ) : null}
        <Row label={t('signature.timestamp')}>
          {signature.timestamp ? (
            signature.timestamp.valid ? (
              t('signature.timestampValue', {
                time: when(signature.timestamp.time),
                authority: signature.timestamp.authority,
              })
            ) : (
              <span className={bad}>{t('signature.timestampInvalid')}</span>
            )
          ) : (
            t('signature.none')
          )}
        </Row>
        {!isTimestamp ? <Row label={t('signature.level')}>{signature.level ?? t('signature.levelNone')}</Row> : null}
        <Row label={t('signature.digest')}>{signature.digestAlgorithm ?? '–'}</Row>
        <Row label={t('signature.format')}>{signature.subFilter ?? '–'}</Row>
        <Row label={t('signature.whole')}>
          {signature.coversWholeDocument ? t('signature.wholeYes') : t('signature.wholeNo')}
        </Row>
        {signature.chain.length > 0 ? (
          <Row label={t('signature.chain')}>
            <ol className="list-decimal space-y-1 pl-5">
              {signature.chain.map((subject, index) => (
                <li key={`${index}-${subject}`}>{subject}</li>
              ))}
            </ol>
          </Row>
        ) : null}
        <Row label={t('signature.changes')}>
          {signature.changesAfter.length === 0 ? (
            t('signature.noChanges')
          ) : (
            <ul className="space-y-1">
              {signature.changesAfter.map((change) => {
                const { kind, what } = splitChange(change);
                return (
                  <li key={change}>
                    <span className={kind === 'permitted' ? ok : bad}>{t(`change.${kind}`)}</span>{' '}
                    <span className="text-ink-muted">({what})</span>
                  </li>
                );
              })}
            </ul>
          )}
        </Row>
      </dl>
      {signature.problems.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-medium">{t('signature.details')}</summary>
          <ul lang="en" className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-muted">
            {signature.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}
