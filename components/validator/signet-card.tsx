'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { TSignetReport } from '@/lib/api/v1/validate';

/** For documents sealed here: the record it matches, the audit chain, and the biometric evidence per signer. */
export function SignetCard({ signet }: { signet: TSignetReport }) {
  const t = useTranslations('validator.signet');
  const format = useFormatter();
  const ok = 'font-semibold text-success-800 dark:text-success-300';
  const bad = 'font-semibold text-danger-800 dark:text-danger-300';
  return (
    <section
      aria-labelledby="validator-signet"
      className="rounded-xl border border-primary-300 bg-primary-50 p-5 sm:p-6 dark:border-primary-800 dark:bg-primary-950"
      data-signet={signet.documentId}
    >
      <h2 id="validator-signet" className="text-xl font-semibold">
        {t('heading')}
      </h2>
      <ul className="mt-3 space-y-2">
        <li className={signet.matchesRecord ? ok : undefined}>
          {!signet.recordFound
            ? t('unknown')
            : signet.matchesRecord && signet.sealedAt
              ? t('sealedOn', {
                  date: format.dateTime(new Date(signet.sealedAt), { dateStyle: 'long', timeZone: 'UTC' }),
                })
              : t('noMatch')}
        </li>
        {signet.recordFound ? (
          <li className={signet.auditChainValid ? ok : bad}>
            {signet.auditChainValid ? t('auditValid') : t('auditInvalid')}
          </li>
        ) : null}
      </ul>
      <h3 className="mt-4 font-semibold">{t('biometric')}</h3>
      {signet.biometric.signers.length === 0 ? (
        <p className="text-ink-muted">{t('noBiometric')}</p>
      ) : (
        <ul className="mt-1 space-y-1 [overflow-wrap:anywhere]">
          {signet.biometric.signers.map((signer) => (
            <li key={signer.recipientId}>
              {t('signerRecords', {
                name: signer.name ?? t('unnamed', { id: signer.recipientId.slice(0, 8) }),
                count: signer.records,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
