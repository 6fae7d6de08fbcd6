import { useTranslations } from 'next-intl';
import { CodeBlock } from '../code-block';

/** The form fields of the legacy upload call, in the contract's order (docs/uploads.md, Upload endpoints). */
const FIELDS = ['docData', 'docOwner', 'documentName', 'docExtension', 'applicationMode'] as const;

const REQUEST_SAMPLE = `curl -X POST https://signet.example.com/REST/uploadDocument \\
  --data-urlencode 'docData=data:application/pdf;base64,JVBERi0xLjcK…' \\
  --data-urlencode 'docOwner=jane.doe@example.com' \\
  --data-urlencode 'documentName=Service agreement' \\
  --data-urlencode 'docExtension=pdf' \\
  --data-urlencode 'applicationMode=EDIT'`;

const ANSWER_SAMPLE = `{
  "uploadResult": "OK",
  "document": {
    "doctoken": "k3F9…",
    "docname": "Service agreement",
    "docid": "42"
  }
}`;

/** Reference of POST /REST/uploadDocument, the legacy upload contract: fields, an example and the JSON answer. */
export function ApiContract() {
  const t = useTranslations('pages.developersApi.contract');
  return (
    <section aria-labelledby="contract-title" className="mx-auto max-w-5xl px-4 pb-14">
      <h2 id="contract-title" className="text-2xl font-semibold tracking-tight">
        {t('title')}
      </h2>
      <p className="mt-3 text-ink-muted">{t('intro')}</p>
      <p className="mt-4 flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className="rounded bg-success-700 px-2 py-0.5 font-semibold text-white">POST</span>
        <code className="break-all">/REST/uploadDocument</code>
        <span className="text-ink-muted">application/x-www-form-urlencoded</span>
      </p>
      <h3 className="mt-8 text-lg font-semibold">{t('fieldsCaption')}</h3>
      <dl className="mt-3 divide-y divide-surface-border overflow-hidden rounded-xl border border-surface-border bg-surface-raised">
        {FIELDS.map((field) => (
          <div key={field} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
            <dt className="font-mono text-sm font-semibold">{field}</dt>
            <dd className="text-ink-muted">{t(`fields.${field}`)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 grid gap-6">
        <CodeBlock title={t('request')} file="upload.sh" code={REQUEST_SAMPLE} />
        <CodeBlock title={t('answer')} file="200 OK" code={ANSWER_SAMPLE} />
      </div>
      <p className="mt-6 text-ink-muted">{t('answerText')}</p>
    </section>
  );
}
