import { getTranslations } from 'next-intl/server';
import { LocalDateTime } from '@/components/i18n/local-date-time';
import type { listFailedJobs } from '@/lib/server/jobs/list-failed-jobs';

type Props = { failed: Awaited<ReturnType<typeof listFailedJobs>> };

/** Admin: jobs that failed for good, newest first, with why (the runner keeps them until someone looks). Dates in the viewer's time zone: render it inside a ClientMessages provider. */
export async function FailedJobs({ failed: { jobs, total } }: Props) {
  const t = await getTranslations('auth.admin.failedJobs');
  return (
    <section className="mt-12">
      <h2 id="failed-jobs-title" className="text-2xl font-bold tracking-tight">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">
        {t('lead')}
        {total > 0 ? ` ${t('count', { count: total })}` : null}
        {total > jobs.length ? ` ${t('more', { shown: jobs.length })}` : null}
      </p>
      {jobs.length === 0 ? (
        <p className="mt-4 rounded-xl border border-surface-border bg-surface-raised p-5 text-ink-muted">
          {t('empty')}
        </p>
      ) : (
        // Focusable so keyboard users can scroll the table sideways on narrow screens.
        <div
          role="region"
          aria-labelledby="failed-jobs-title"
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-xl border border-surface-border bg-surface-raised"
        >
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-surface-border bg-surface-sunken">
              <tr>
                {(['queue', 'attempts', 'error', 'failedAt'] as const).map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-surface-border">
              {jobs.map((job) => (
                <tr key={job.id}>
                  <td className="px-4 py-3 font-mono text-xs">{job.queue}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {t('attempts', { attempts: job.attempts, max: job.maxAttempts })}
                  </td>
                  <td className="px-4 py-3 break-words">{job.lastError ?? t('noError')}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <LocalDateTime
                      value={(job.finishedAt ?? job.createdAt).toISOString()}
                      options={{ dateStyle: 'medium', timeStyle: 'short' }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
