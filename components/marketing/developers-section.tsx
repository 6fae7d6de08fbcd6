import { useTranslations } from 'next-intl';
import { CodeBlock } from './code-block';
import { DEVELOPER_BENEFITS } from './landing-content';
import { Icon } from './icons';

// There is no SDK package yet (lib/api/v1/developer-facts.ts): the samples call the REST API as it is,
// and tests/unit/marketing/developer-facts.test.ts and tests/unit/api/signing-requests.test.ts check them against its OpenAPI document.
export const CONFIG_SAMPLE = `// Any HTTP client works; /api/v1/openapi.json also generates a typed one.
export async function signet(path: string, body: unknown) {
  const answer = await fetch(\`https://signet.example.com/api/v1\${path}\`, {
    method: 'POST',
    headers: {
      authorization: \`Bearer \${process.env.SIGNET_API_KEY}\`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error((await answer.json()).detail);
  return answer.json();
}`;

export const REQUEST_SAMPLE = `const request = await signet('/signing-requests', {
  document: {
    url: 'https://example.com/contract.pdf',
    name: 'Service agreement',
  },
  signers: [
    {
      email: 'jane.doe@example.com',
      name: 'Jane Doe',
      fields: [
        { type: 'signature', page: 1, position: { x: 120, y: 640 } },
      ],
    },
  ],
});`;

/** Title, three benefits and the API docs button beside two code samples (side by side from 1080 px). */
export function DevelopersSection({ docsUrl }: { docsUrl: string }) {
  const t = useTranslations('landing.developers');
  return (
    <section
      id="Developers"
      aria-labelledby="Developers-title"
      className="scroll-mt-[72px] bg-surface-sunken/60 py-20"
      data-reveal="left"
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 developer:grid-cols-2">
        <div>
          <h2 id="Developers-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('title')}
          </h2>
          <p className="mt-4 text-lg text-ink-muted">{t('lead')}</p>
          <ul className="mt-8 space-y-4">
            {DEVELOPER_BENEFITS.map(({ key, icon }) => (
              <li key={key} className="flex gap-4 rounded-xl border border-surface-border bg-surface-raised p-5">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-800 dark:bg-primary-950 dark:text-primary-200">
                  <Icon name={icon} />
                </span>
                <div>
                  <h3 className="font-semibold">{t(`benefits.${key}.title`)}</h3>
                  <p className="mt-1 text-ink-muted">{t(`benefits.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <a
            href={docsUrl}
            target="_blank"
            rel="noopener"
            className="mt-8 inline-flex items-center gap-2 rounded-lg bg-primary-700 px-5 py-3 font-semibold text-white transition hover:bg-primary-800"
          >
            {t('docs')}
            <span className="sr-only"> ({t('newTab')})</span>
            <Icon name="external" className="h-4 w-4" />
          </a>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CodeBlock title={t('config')} file="signet.ts" code={CONFIG_SAMPLE} />
          <CodeBlock title={t('request')} file="sign.ts" code={REQUEST_SAMPLE} />
        </div>
      </div>
    </section>
  );
}
